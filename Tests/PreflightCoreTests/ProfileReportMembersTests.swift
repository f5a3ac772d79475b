import Testing

@testable import PreflightCore

/// A report's profile members rendered when the profile is made are the bytes it writes field
/// by field, and a summary that names another profile or source alone writes that one.
@Suite struct ProfileReportMembersTests {
    static func json(_ summary: PayloadSummary) -> String {
        var bytes: [UInt8] = []
        Report(findings: [], payload: summary).writeJSON(over: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static var profiles: [ExtensionProfile] {
        var configured = ExtensionProfile.generic
        configured.name = "my app/\"v2\" é"
        configured.source = nil
        var unverified = ExtensionProfile.generic
        unverified.name = "x"
        unverified.source = ExtensionProfile.Source(models: "an \"SDK\" 1.0", citation: "c", unverified: "a\nb")
        return [.generic, .onesignal, configured, unverified]
    }

    @Test(arguments: profiles)
    func renderedMembersAreTheMembersWrittenFieldByField(profile: ExtensionProfile) {
        var rendered = PayloadSummary(bytes: 10, limit: 4096, pushType: "alert")
        rendered.set(profile: profile)
        #expect(rendered.renderedProfile.members != nil)
        let written = PayloadSummary(
            bytes: 10, limit: 4096, pushType: "alert", profile: profile.name, profileSource: profile.source)
        #expect(written.renderedProfile.members == nil)
        #expect(Self.json(rendered) == Self.json(written))
        #expect(rendered == written)
    }

    @Test func aNameOrASourceChangedAloneDropsTheRenderedMembers() {
        var renamed = PayloadSummary(bytes: 10, limit: 4096, pushType: "alert")
        renamed.set(profile: .onesignal)
        renamed.profile = "other"
        #expect(renamed.renderedProfile.members == nil)
        #expect(Self.json(renamed).contains(#""profile":"other","profile_url":"/v1/profiles/other","profile_source":"#))
        var unsourced = PayloadSummary(bytes: 10, limit: 4096, pushType: "alert")
        unsourced.set(profile: .onesignal)
        unsourced.profileSource = nil
        #expect(Self.json(unsourced).hasSuffix(#""profile":"onesignal","profile_url":"/v1/profiles/onesignal"}}"#))
    }
}
