import Testing

@testable import PreflightCore

/// The alert dictionary's keys recognised from their bytes: every key Apple defines is found
/// under its own name and no other, and a key one byte off, a prefix, a longer key or an escape
/// of it is read as written.
@Suite struct AlertKeyTests {
    /// Apple's list ("Generating a remote notification", the alert dictionary), written out here
    /// rather than read from `AlertKey`, so a key dropped from the switch fails.
    static let apple: [(name: String, shape: AlertKey.Shape)] = [
        ("title", .string), ("subtitle", .string), ("body", .string), ("launch-image", .string),
        ("summary-arg", .string), ("action", .string), ("title-loc-key", .localizationKey),
        ("subtitle-loc-key", .localizationKey), ("loc-key", .localizationKey), ("action-loc-key", .localizationKey),
        ("title-loc-args", .arguments), ("subtitle-loc-args", .arguments), ("loc-args", .arguments),
        ("summary-arg-count", .count),
    ]

    private static func key(_ text: String) -> AlertKey? {
        Array(text.utf8).withUnsafeBufferPointer { AlertKey($0) }
    }

    private static func findings(_ alert: String) throws -> [String] {
        let document = try JSONDocument.parse(Array(#"{"aps":{"alert":\#(alert)}}"#.utf8))
        var findings = Findings()
        PayloadRules.apsKeys(PayloadContext(root: document.root), &findings, skipping: nil)
        return findings.map { "\($0.code.rawValue) \($0.path ?? "-")" }
    }

    @Test func everyKeyAppleDefinesIsFoundUnderItsName() {
        for (name, shape) in Self.apple {
            let key = Self.key(name)
            #expect(key.map { "\($0.name)" } == name, "\(name)")
            #expect(key?.path == "aps.alert." + name)
            #expect(key?.shape == shape, "\(name)")
        }
        #expect(AlertKey.allCases.count == Self.apple.count)
    }

    @Test(arguments: [
        "", "Title", "titlE", "titles", "titl", "bod", "bodyy", "subtitlf", "loc-argz", "summary-arg-coun",
        "summary-arg-countt", "subtitle-loc-argz", "sumtitle-loc-args", "subbary-arg-count", "action-loc-kez",
        "title-loc-argz", "launch_image", "loc_key", "x------------------", "subtitle-loc-ke", "tit\u{0}e",
    ])
    func aKeyAppleDoesNotDefineIsNone(_ text: String) {
        #expect(Self.key(text) == nil)
    }

    /// Each shape's check at the key's own path, read from the bytes.
    @Test func eachKeyIsCheckedForItsShape() throws {
        #expect(try Self.findings(#"{"title":"t","subtitle":"s","body":"b","loc-key":null}"#) == [])
        #expect(try Self.findings(#"{"subtitle":1}"#) == ["aps.key.invalid-type aps.alert.subtitle"])
        #expect(try Self.findings(#"{"loc-key":2}"#) == ["aps.key.invalid-type aps.alert.loc-key"])
        #expect(try Self.findings(#"{"loc-args":["a",1]}"#) == ["aps.key.invalid-type aps.alert.loc-args"])
        #expect(
            try Self.findings(#"{"summary-arg-count":-1}"#) == ["aps.key.invalid-type aps.alert.summary-arg-count"])
    }

    /// An escaped key is the key it decodes to; an unknown one is reported under its decoded name.
    @Test func anEscapedKeyIsCheckedAsTheKeyItSpells() throws {
        #expect(try Self.findings(#"{"t\u0069tle":1,"body":"b"}"#) == ["aps.key.invalid-type aps.alert.title"])
        #expect(try Self.findings(#"{"t\u0069tlex":"a","body":"b"}"#) == ["aps.key.unknown aps.alert.titlex"])
        #expect(
            try Self.findings(#"{"titl":"a","bodyy":"b"}"#) == [
                "aps.key.unknown aps.alert.titl", "aps.key.unknown aps.alert.bodyy",
            ])
    }
}
