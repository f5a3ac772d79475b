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

    /// A summary whose members were rendered is written in one write when its push type, media
    /// URL and media key need no escape, a member at a time when one does: the bytes of a
    /// summary written member by member either way, the longest numbers included.
    @Test func aSummaryWrittenInOneWriteIsTheSameBytesAsMemberByMember() {
        let cases: [(pushType: String, url: String?, key: String?, plain: Bool)] = [
            ("alert", nil, nil, true),
            ("alert", "https://cdn.example.com/push/hero.jpg", "/image", true),
            ("", "", "", true),
            ("al\"ert", "https://x/a.jpg", "image", false),
            ("alert", "https://x/\u{01}a.jpg", "/image", false),
            ("alert", "https://x/a.jpg", "im\\age", false),
        ]
        for (pushType, url, key, plain) in cases {
            for (bytes, limit) in [(1024, 4096), (Int.max, Int.min)] {
                var rendered = PayloadSummary(
                    bytes: bytes, limit: limit, pushType: pushType, mediaURL: url, mediaKey: key)
                rendered.set(profile: .onesignal)
                let written = PayloadSummary(
                    bytes: bytes, limit: limit, pushType: pushType, mediaURL: url, mediaKey: key,
                    profile: ExtensionProfile.onesignal.name, profileSource: ExtensionProfile.onesignal.source)
                #expect(Self.json(rendered) == Self.json(written))
                var writer = JSONWriter()
                let members = rendered.renderedProfile.members?.json ?? []
                let inOneWrite = writer.summary(
                    bytes: bytes, limit: limit, pushType: pushType, judgedAs: rendered.judgedAs,
                    mediaURL: rendered.mediaURLText, mediaKey: key, members: members)
                #expect(inOneWrite == plain)
                #expect(writer.count == 0 || plain)
            }
        }
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
