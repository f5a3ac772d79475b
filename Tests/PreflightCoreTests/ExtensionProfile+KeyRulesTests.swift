import PreflightCore
import Testing

@Suite struct ExtensionProfileKeyRulesTests {
    func keys(_ payload: String, _ profile: ExtensionProfile) -> (key: String?, found: [String]) {
        let text = #"{"aps":{"alert":"a","mutable-content":1},"# + payload + "}"
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(text.utf8), headers: APNsHeaders(pushType: "alert"), profile: profile)
        return (inspection.summary.mediaKey, inspection.findings.map(\.code.rawValue))
    }

    /// `os_data` as an object shadows the top-level `att`, even when it has no `att` itself.
    @Test(
        arguments: [
            (#""att":{"a":"https://c.test/1.jpg"}"#, "/att/a"),
            (#""os_data":{"att":{"b":"https://c.test/2.jpg"}},"att":{"a":"https://c.test/1.jpg"}"#, "/os_data/att/b"),
            (#""os_data":{"i":"x"},"att":{"a":"https://c.test/1.jpg"}"#, nil),
            (#""os_data":"x","att":{"a":"https://c.test/1.jpg"}"#, "/att/a"),
            (#""at":{"a":"https://c.test/1.jpg"}"#, nil),
        ] as [(String, String?)])
    func oneSignalReadsOSDataFirst(payload: String, key: String?) {
        #expect(keys(payload, .onesignal).key == key)
    }

    /// The minified form (`m`, no `aps.alert`) reads `at`.
    @Test func oneSignalMinifiedFormReadsAt() throws {
        let document = try JSONDocument.parse(
            Array(#"{"aps":{"mutable-content":1},"m":"hi","at":{"a":"https://c.test/1.jpg"},"att":{"b":"x"}}"#.utf8))
        #expect(ExtensionProfile.onesignal.mediaKeys(in: document.root).map(\.text) == ["/at/*"])
    }

    @Test(arguments: [
        (#"{"urls":[{"url":"https://c.test/1.jpg"}],"url":["https://c.test/2.jpg"]}"#, "urls/0/url"),
        (#"{"url":["https://c.test/2.jpg","https://c.test/3.jpg"]}"#, "url/0"),
        (#"{"url":"https://c.test/2.jpg"}"#, "url"),
    ])
    func airshipReadsURLsThenURL(attachment: String, key: String) {
        let found = keys(#""com.urbanairship.media_attachment":"# + attachment, .airship)
        #expect(found.key == "/com.urbanairship.media_attachment/" + key)
        #expect(found.found == [])
    }

    /// Every Airship media is judged: a later bad URL is named at its own path.
    @Test func airshipJudgesEveryMedia() {
        let found = keys(
            #""com.urbanairship.media_attachment":{"url":["https://c.test/1.jpg","http://c.test/2.jpg"]}"#, .airship)
        #expect(found.found == ["media.url.insecure"])
    }

    /// A configured `media_keys` replaces the preset's shape rules.
    @Test func configuredKeysReplaceTheRules() throws {
        let configuration = try PreflightConfiguration.decode(
            Array(#"{"profiles": {"onesignal": {"media_keys": ["/att/*"], "max_content_length": 1000}}}"#.utf8))
        let profile = try #require(configuration.profiles["onesignal"])
        #expect(profile.keyRules == [])
        #expect(profile.maxContentLength == 1000)
        let document = try JSONDocument.parse(Array(#"{"os_data":{},"att":{"a":"u"}}"#.utf8))
        #expect(profile.mediaKeys(in: document.root).map(\.text) == ["/att/*"])
    }
}
