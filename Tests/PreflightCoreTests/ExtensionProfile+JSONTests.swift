import Testing

@testable import PreflightCore

/// A profile as `GET /v1/profiles` writes it, and the path of its entry.
struct ExtensionProfileJSONTests {
    static func json(_ profile: ExtensionProfile, isDefault: Bool = false, apps: [String] = []) -> String {
        var writer = JSONWriter()
        profile.writeJSON(to: &writer, isDefault: isDefault, apps: apps)
        return writer.text
    }

    /// A preset's `source` as `Source.writeJSON` writes it (its citation moves with the SDK it models).
    static func source(_ profile: ExtensionProfile) -> String {
        var writer = JSONWriter()
        profile.source?.writeJSON(to: &writer, citation: true)
        return writer.text
    }

    /// Every key, and `unverified` null when everything was read.
    @Test func aSourceIsWrittenWithItsThreeKeys() {
        var writer = JSONWriter()
        ExtensionProfile.Source(models: "m", citation: "c").writeJSON(to: &writer, citation: true)
        #expect(writer.text == #"{"models":"m","citation":"c","unverified":null}"#)
    }

    @Test func clevertapIsWrittenWithEveryField() {
        #expect(
            Self.json(.clevertap, apps: ["com.a", "com.b"])
                == #"{"name":"clevertap","media_keys":["/ct_mediaUrl"],"required_keys":["/ct_mediaType"],"naming":"declared","type_key":"/ct_mediaType","download":"disk","attachments":{"mode":"first"},"accept":null,"ats":null,"device":{"memory_bytes":25165824,"time_budget_s":25,"throughput_bits_per_s":5000000},"source":"#
                + Self.source(.clevertap)
                + #","default":false,"apps":["com.a","com.b"],"url":"/v1/profiles/clevertap"}"#
        )
    }

    /// Every field that is not the preset's shows: several attachments, an Accept header, no source.
    @Test func attachmentsAcceptAndNoSource() {
        var profile = ExtensionProfile.generic
        profile.name = "mine"
        profile.attachments = .every(order: .parallel, onFailure: .dropsAll)
        profile.accept = "image/webp"
        profile.source = nil
        let text = Self.json(profile, isDefault: true)
        #expect(text.contains(#""attachments":{"mode":"every","order":"parallel","on_failure":"drops-all"}"#))
        #expect(text.contains(#""accept":"image/webp""#))
        #expect(!text.contains(#""source""#))
        #expect(text.hasSuffix(#""default":true,"apps":[],"url":"/v1/profiles/mine"}"#))
    }

    @Test(
        arguments: [
            ("braze", "/v1/profiles/braze"),
            ("my app/v2", "/v1/profiles/my%20app%2Fv2"),
            ("a-b.c_d~e", "/v1/profiles/a-b.c_d~e"),
            ("é", "/v1/profiles/%C3%A9"),
        ])
    func theCatalogPathPercentEncodesTheName(name: String, path: String) {
        #expect(ExtensionProfile.catalogPath(name) == path)
    }

    /// The report carries what the profile models and what was not read, not the citation.
    @Test func theReportsSourceHasNoCitation() {
        var writer = JSONWriter()
        ExtensionProfile.Source(models: "m", citation: "c", unverified: "u").writeJSON(to: &writer, citation: false)
        #expect(writer.text == #"{"models":"m","unverified":"u"}"#)
    }
}
