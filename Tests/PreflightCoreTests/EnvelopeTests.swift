import Foundation
import Testing

@testable import PreflightCore

/// Each provider's documented rich-push request, judged as the APNs payload the
/// provider builds, and a broken variant per envelope finding.
@Suite struct EnvelopeTests {
    /// The request in `Tests/Envelopes/<name>.json` (the providers' documentation examples).
    static func example(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Envelopes/\(name).json")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The example as compact JSON (one line, no spaces), for edits by text replacement.
    static func compact(_ name: String) throws -> String {
        var writer = JSONWriter()
        writer.value(try JSONParser.parse(Array(try example(name).utf8)).value)
        return writer.text
    }

    static func inspect(
        _ body: String, format: EnvelopeFormat? = nil, headers: APNsHeaders = APNsHeaders(pushType: "alert"),
        configuration: PreflightConfiguration = PreflightConfiguration()
    ) -> PayloadInspector.Inspection {
        PayloadInspector(configuration: configuration).inspect(
            body: Array(body.utf8), headers: headers, format: format)
    }

    /// The codes but the info ones every report of this kind has.
    static func codes(_ inspection: PayloadInspector.Inspection) -> [String] {
        inspection.findings.map(\.code.rawValue).filter { $0 != "envelope.detected" }
    }

    static func derived(_ inspection: PayloadInspector.Inspection) throws -> JSONValue {
        let envelope = try #require(inspection.envelope)
        return try JSONParser.parse(envelope.payload).value
    }

    @Test func theFCMDocumentationExampleDerivesAnAlertThatPasses() throws {
        let inspection = Self.inspect(try Self.example("fcm"))
        #expect(Self.codes(inspection) == [])
        #expect(inspection.findings.first?.code == .envelopeDetected)
        #expect(inspection.findings.first?.path == "message")
        let payload = try Self.derived(inspection)
        #expect(payload["aps"]?["alert"]?["title"]?.string == "Sparky says hello!")
        #expect(payload["aps"]?["mutable-content"]?.integer == 1)
        #expect(payload["fcm_options"]?["image"]?.string == "https://foo.bar/pizza-monster.png")
        #expect(payload.members?.map(\.key) == ["aps", "fcm_options"])
        #expect(inspection.profile.name == "firebase")
        #expect(inspection.summary.mediaKey == "/fcm_options/image")
        #expect(inspection.envelope?.allowanceBytes == 131)
        #expect(inspection.envelope?.detected == true)
    }

    @Test func fcmNotificationDataAndHeadersMapAsDocumented() throws {
        let body = #"""
            {"message":{"topic":"news","notification":{"title":"T","body":"B","image":"https://a.test/n.jpg"},
             "data":{"story":"42"},
             "apns":{"headers":{"apns-priority":"5","apns-push-type":"alert","apns-collapse-id":"s42"},
                     "payload":{"aps":{"mutable-content":1,"alert":{"subtitle":"S"}},"extra":{"k":1}}}}}
            """#
        let inspection = Self.inspect(body, format: .fcm)
        #expect(Self.codes(inspection) == [])
        #expect(inspection.envelope?.detected == false)
        let payload = try Self.derived(inspection)
        #expect(payload["aps"]?["alert"]?.members?.map(\.key) == ["title", "body", "subtitle"])
        #expect(payload["story"]?.string == "42")
        #expect(payload["extra"]?["k"]?.integer == 1)
        #expect(payload["fcm_options"]?["image"]?.string == "https://a.test/n.jpg")
        #expect(inspection.envelope?.headers == APNsHeaders(pushType: "alert", priority: "5", collapseID: "s42"))
    }

    @Test func fcmApnsImageOverridesTheNotificationImage() throws {
        let body = #"""
            {"message":{"token":"t","notification":{"title":"T","image":"https://a.test/all.jpg"},
             "apns":{"payload":{"aps":{"mutable-content":1}},"fcm_options":{"image":"https://a.test/ios.jpg"}}}}
            """#
        #expect(try Self.derived(Self.inspect(body))["fcm_options"]?["image"]?.string == "https://a.test/ios.jpg")
    }

    @Test(
        arguments: [
            // No mutable-content on the APNs side: FCM does not add it (the derived finding is replaced).
            (#""apns":{"payload":{"aps":{"mutable-content":1}},"#, #""apns":{"#, ["envelope.mutable-content.missing"]),
            // The image only for Android (and the web): nothing reaches iOS, which shows the title alone.
            (
                #""fcm_options":{"image":"https://foo.bar/pizza-monster.png"}"#, #""fcm_options":{}"#,
                ["envelope.image.not-forwarded", "aps.alert.body.empty-with-title"]
            ),
            // A header that is a number: FCM refuses the message.
            (#""apns":{"#, #""apns":{"headers":{"apns-priority":10},"#, ["envelope.header.not-string"]),
            // A background push type on a message with alert text.
            (
                #""apns":{"#, #""apns":{"headers":{"apns-push-type":"background"},"#,
                ["envelope.header.contradicts", "kind.priority", "kind.key-missing", "headers.push-type.not-alert"]
            ),
            // Priority 10 on a background push.
            (
                #""apns":{"#, #""apns":{"headers":{"apns-push-type":"background","apns-priority":"10"},"#,
                [
                    "envelope.header.contradicts", "envelope.header.contradicts", "kind.priority", "kind.key-missing",
                    "headers.push-type.not-alert",
                ]
            ),
            // The same in mixed case: HTTP names are case-insensitive, and FCM sends them.
            (
                #""apns":{"#, #""apns":{"headers":{"Apns-Push-Type":"background","APNS-PRIORITY":"10"},"#,
                [
                    "envelope.header.contradicts", "envelope.header.contradicts", "kind.priority", "kind.key-missing",
                    "headers.push-type.not-alert",
                ]
            ),
            // An apns- name APNs does not define (a typo), in any case.
            (#""apns":{"#, #""apns":{"headers":{"apns-colapse-id":"x"},"#, ["envelope.header.unknown"]),
            (#""apns":{"#, #""apns":{"headers":{"APNS-Priorty":"5"},"#, ["envelope.header.unknown"]),
            // A line break or NUL in a value: no HTTP/2 header may carry it.
            (
                #""apns":{"#, #""apns":{"headers":{"apns-collapse-id":"a\r\nx-injected: 1"},"#,
                ["envelope.header.invalid"]
            ),
            (#""apns":{"#, #""apns":{"headers":{"apns-topic":"com.example\n"},"#, ["envelope.header.invalid"]),
            (#""apns":{"#, #""apns":{"headers":{"apns-id":"a\u0000"},"#, ["envelope.header.invalid"]),
            // data values must be strings.
            (#""message":{"#, #""message":{"data":{"n":1},"#, ["envelope.field.invalid"]),
            // No target.
            (#""token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","#, "", ["envelope.invalid"]),
            // data is a map: anything else is refused.
            (#""message":{"#, #""message":{"data":7,"#, ["envelope.field.invalid"]),
            // The target is one string: of another type, or two of them, FCM refuses the message.
            (#""token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","#, #""token":12345,"#, ["envelope.field.invalid"]),
            (
                #""token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","#, #""topic":["news"],"#,
                ["envelope.field.invalid"]
            ),
            (#""message":{"#, #""message":{"condition":"'a' in topics","#, ["envelope.invalid"]),
        ] as [(String, String, [String])])
    func fcmMistakes(replacing: String, with replacement: String, expected: [String]) throws {
        let body = try Self.compact("fcm").replacingOccurrences(of: replacing, with: replacement)
        #expect(body != (try Self.compact("fcm")))
        let inspection = Self.inspect(body, format: .fcm)
        #expect(Self.codes(inspection) == expected, "\(inspection.findings.map(\.message))")
        let envelopeFinding = try #require(inspection.findings.first)
        #expect(envelopeFinding.path?.hasPrefix("message") == true)
    }

    /// The protobuf JSON mapping reads `null` as an unset field: a null target beside the token is
    /// not a second one, null data is no data; a null target alone is no target.
    @Test func fcmNullMembersAreUnset() throws {
        let example = try Self.compact("fcm")
        let nulls = example.replacingOccurrences(
            of: #""message":{"#, with: #""message":{"topic":null,"data":null,"condition":null,"#)
        #expect(nulls != example)
        #expect(Self.codes(Self.inspect(nulls, format: .fcm)) == Self.codes(Self.inspect(example, format: .fcm)))
        let onlyNull = example.replacingOccurrences(
            of: #""token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1""#, with: #""fid":null"#)
        #expect(onlyNull != example)
        #expect(Self.codes(Self.inspect(onlyNull, format: .fcm)).first == "envelope.invalid")
    }

    @Test func anFCMBodyWithoutAMessageIsNotJudgedAsAPayload() {
        let inspection = Self.inspect(#"{"to":"legacy-token","notification":{"title":"T"}}"#, format: .fcm)
        #expect(Self.codes(inspection) == ["envelope.invalid"])
        #expect(inspection.envelope?.usable == false)
        #expect(inspection.report.json.contains(#""derived_payload":null"#))
    }

    @Test func theOneSignalExampleJudgesTheEnglishTextAndSetsMutableContent() throws {
        let inspection = Self.inspect(try Self.example("onesignal"))
        #expect(Self.codes(inspection) == ["envelope.text.language"])
        #expect(inspection.findings.first { $0.code == .envelopeTextLanguage }?.path == "contents.en")
        let payload = try Self.derived(inspection)
        #expect(payload["aps"]?["alert"]?["title"]?.string == "New arrivals")
        #expect(payload["aps"]?["alert"]?["body"]?.string == "English Message")
        #expect(payload["aps"]?["mutable-content"]?.integer == 1)
        #expect(payload["aps"]?["sound"]?.string == "default")
        #expect(payload["aps"]?["badge"]?.integer == 1)
        #expect(payload["att"]?["id1"]?.string == "https://foo.bar/pizza-monster.png")
        #expect(payload["custom"]?["a"]?["screen"]?.string == "offers")
        #expect(inspection.profile.name == "onesignal")
        #expect(inspection.summary.mediaKey == "/att/id1")
        #expect(inspection.envelope?.allowanceBytes == 596)
    }

    @Test(
        arguments: [
            (
                #""contents": {"en": "English Message", "es": "Spanish Message"}"#, #""contents": {"es": "Mensaje"}"#,
                ["envelope.text.no-default"]
            ),
            (
                #""ios_attachments": {"id1": "https://foo.bar/pizza-monster.png"}"#,
                #""big_picture": "https://foo.bar/pizza-monster.png""#,
                ["envelope.text.language", "envelope.image.not-forwarded"]
            ),
            (
                #""ios_sound""#, #""apns_push_type_override": "background", "ios_sound""#,
                [
                    "envelope.text.language", "envelope.header.contradicts", "kind.priority", "kind.key-missing",
                    "headers.push-type.not-alert",
                ]
            ),
            (#""ios_sound""#, #""isIos": false, "ios_sound""#, ["envelope.ios.missing", "envelope.text.language"]),
            // The app's ID is a string.
            (#""app_id": "YOUR_APP_ID""#, #""app_id": 12345"#, ["envelope.field.invalid", "envelope.text.language"]),
        ] as [(String, String, [String])])
    func oneSignalMistakes(replacing: String, with replacement: String, expected: [String]) throws {
        let body = try Self.example("onesignal").replacingOccurrences(of: replacing, with: replacement)
        #expect(body != (try Self.example("onesignal")))
        #expect(Self.codes(Self.inspect(body)) == expected)
    }

    /// A refused header value sets nothing, and a mixed-case name sets the header and is reported
    /// at its own path.
    @Test func fcmHeadersFollowTheRequestHeadersPolicy() throws {
        let body = try Self.compact("fcm").replacingOccurrences(
            of: #""apns":{"#,
            with: #""apns":{"headers":{"APNS-Collapse-ID":"a\r\nb","Apns-Topic":"com.example.app","x-other":"1"},"#)
        let inspection = Self.inspect(body, format: .fcm)
        #expect(Self.codes(inspection) == ["envelope.header.invalid"])
        #expect(inspection.findings.first?.path == "message.apns.headers.APNS-Collapse-ID")
        #expect(inspection.envelope?.headers.collapseID == nil)
        #expect(inspection.envelope?.headers.topic == "com.example.app")
        let contradicted = try Self.compact("fcm").replacingOccurrences(
            of: #""apns":{"#, with: #""apns":{"headers":{"APNS-PUSH-TYPE":"background"},"#)
        #expect(
            Self.inspect(contradicted, format: .fcm).findings.first?.path == "message.apns.headers.APNS-PUSH-TYPE")
    }

    /// `data` nested to the parser's depth in the body is one level deeper in the payload
    /// OneSignal builds (`custom.a`): that payload cannot be read, and is a finding, never the
    /// body judged as an APNs payload instead.
    @Test(arguments: [nil, EnvelopeFormat.onesignal])
    func aDerivedPayloadTooDeepIsAFinding(format: EnvelopeFormat?) throws {
        /// `data` as `objects` nested objects: the body is 1 + objects levels deep, the derived
        /// payload 2 + objects (its top object, `custom`, then `a`'s objects).
        func body(objects: Int) -> String {
            let nested = String(repeating: #"{"a":"#, count: objects) + "1" + String(repeating: "}", count: objects)
            return #"{"app_id":"x","contents":{"en":"Hi"},"data":\#(nested)}"#
        }
        let deepest = body(objects: JSONParser.maxDepth - 1)
        #expect(throws: Never.self) { try JSONParser.parse(Array(deepest.utf8)) }
        let inspection = Self.inspect(deepest, format: format)
        #expect(inspection.envelope?.format == .onesignal)
        #expect(inspection.envelope?.usable == false)
        #expect(Self.codes(inspection) == ["envelope.payload.too-deep"])
        #expect(inspection.findings.contains { $0.code == .apsMissing } == false)
        #expect(inspection.report.verdict == .fail)
        // One level less and the derived payload is judged.
        let fits = Self.inspect(body(objects: JSONParser.maxDepth - 2), format: format)
        #expect(fits.envelope?.usable == true)
        #expect(!Self.codes(fits).contains("envelope.payload.too-deep"))
    }

    /// OneSignal's extension attaches every key of `att`: a later one is judged as the first is,
    /// at its own path.
    @Test(
        arguments: [
            ("https://foo.bar/b.webp", "media.url.extension-unsupported"),
            ("https://foo.bar/{{x}}.png", "aps.alert.template-unresolved"),
            ("http://foo.bar/b.png", "media.url.insecure"), ("not a url", "media.url.invalid"),
        ])
    func everyOneSignalAttachmentIsJudged(second: String, code: String) throws {
        let body = try Self.example("onesignal").replacingOccurrences(
            of: #""ios_attachments": {"id1": "https://foo.bar/pizza-monster.png"}"#,
            with: #""ios_attachments": {"id1": "https://foo.bar/pizza-monster.png", "id2": "\#(second)"}"#)
        let inspection = Self.inspect(body)
        #expect(Self.codes(inspection) == ["envelope.text.language", code])
        #expect(inspection.findings.first { $0.code.rawValue == code }?.path == "/att/id2")
        #expect(inspection.summary.mediaKey == "/att/id1")
        #expect(inspection.media?.url.text == "https://foo.bar/pizza-monster.png")
        // The same payload sent raw, judged with the OneSignal profile.
        let raw =
            #"{"aps":{"alert":"Hi","mutable-content":1},"att":{"id1":"https://foo.bar/a.png","id2":"\#(second)"}}"#
        let direct = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(raw.utf8), headers: APNsHeaders(pushType: "alert"), profile: ExtensionProfile.onesignal)
        #expect(direct.findings.map(\.code.rawValue) == [code])
        // The generic profile reads one key only.
        let generic = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(raw.utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(!generic.findings.contains { $0.path == "/att/id2" })
    }

    /// OneSignal uses `ios_badgeCount` only with `ios_badgeType` SetTo or Increase (its default is None).
    @Test func aOneSignalBadgeCountNeedsABadgeType() throws {
        let body = try Self.example("onesignal").replacingOccurrences(of: #""ios_badgeType": "Increase","#, with: "")
        #expect(try Self.derived(Self.inspect(body))["aps"]?["badge"] == nil)
        let setTo = try Self.example("onesignal").replacingOccurrences(of: "Increase", with: "SetTo")
        #expect(try Self.derived(Self.inspect(setTo))["aps"]?["badge"]?.integer == 1)
    }

    @Test func theAirshipExampleDerivesItsMediaAttachment() throws {
        let inspection = Self.inspect(try Self.example("airship"))
        #expect(Self.codes(inspection) == [])
        let payload = try Self.derived(inspection)
        #expect(payload["aps"]?["alert"]?["title"]?.string == "Airship")
        #expect(payload["aps"]?["mutable-content"]?.integer == 1)
        let media = try #require(payload["com.urbanairship.media_attachment"])
        #expect(media["url"] == .array([.string("https://foo.bar/pizza-monster.png")]))
        #expect(media["content"]?["body"]?.string == "With a picture")
        #expect(payload["deep_link"]?.string == "app://offers")
        #expect(inspection.profile.name == "airship")
        #expect(inspection.summary.mediaKey == "/com.urbanairship.media_attachment/url/0")
    }

    @Test(
        arguments: [
            // The media attachment sets mutable-content, as Airship does.
            (#""mutable_content": true,"#, "", []),
            (#""device_types": ["ios"]"#, #""device_types": ["android"]"#, ["envelope.ios.missing"]),
            (
                #""media_attachment": {"#,
                #""unused": {"#, ["envelope.image.not-forwarded"]
            ),
        ] as [(String, String, [String])])
    func airshipMistakes(replacing: String, with replacement: String, expected: [String]) throws {
        var body = try Self.example("airship").replacingOccurrences(of: replacing, with: replacement)
        if replacement == #""unused": {"# {
            body = body.replacingOccurrences(
                of: #""notification": {"#,
                with:
                    #""notification": {"android": {"style": {"type": "big_picture", "big_picture": "https://foo.bar/p.png"}},"#
            )
        }
        #expect(body != (try Self.example("airship")))
        let codes = Self.codes(Self.inspect(body)).filter { $0 != "aps.key.unknown" }
        #expect(codes == expected)
    }

    @Test func theBrazeExampleDerivesTheAbDictionaryItsExtensionReads() throws {
        let inspection = Self.inspect(try Self.example("braze"))
        #expect(Self.codes(inspection) == [])
        let payload = try Self.derived(inspection)
        #expect(payload["aps"]?["alert"]?["body"]?.string == "Your order shipped")
        #expect(payload["aps"]?["mutable-content"]?.integer == 1)
        #expect(payload["ab"]?["att"]?["url"]?.string == "https://foo.bar/pizza-monster.png")
        #expect(payload["ab"]?["att"]?["type"]?.string == "png")
        #expect(payload["order"]?.string == "1234")
        #expect(inspection.profile.name == "braze")
        #expect(inspection.summary.mediaKey == "/ab/att/url")
    }

    @Test(
        arguments: [
            (#""asset_file_type": "png","#, "", ["envelope.field.invalid", "media.url.required-key-missing"]),
            (#""asset_file_type": "png","#, #""asset_file_type": "webp","#, ["envelope.field.invalid"]),
            (#""apple_push""#, #""android_push""#, ["envelope.ios.missing"]),
        ] as [(String, String, [String])])
    func brazeMistakes(replacing: String, with replacement: String, expected: [String]) throws {
        let body = try Self.example("braze").replacingOccurrences(of: replacing, with: replacement)
        #expect(body != (try Self.example("braze")))
        #expect(Self.codes(Self.inspect(body)) == expected)
    }

    /// "é" (U+00E9) and "e" + U+0301 are two keys on the device (`NSDictionary` compares them
    /// literally): the derived payload holds both, and is judged at the size Braze sends.
    @Test func canonicallyEquivalentKeysStayApartInTheDerivedPayload() throws {
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        #expect(precomposed == decomposed)  // what `String ==` says, and the device does not
        let base = try #require(Self.inspect(try Self.example("braze")).envelope?.payload.count)
        let first = String(repeating: "x", count: 2_100)
        let second = String(repeating: "y", count: 2_100)
        let body = try Self.example("braze").replacingOccurrences(
            of: #""extra": {"order": "1234"}"#,
            with: #""extra": {"order": "1234", "\#(precomposed)": "\#(first)", "\#(decomposed)": "\#(second)"}"#)
        let inspection = Self.inspect(body)
        let payload = try Self.derived(inspection)
        let keys = try #require(payload.members).map { Array($0.key.utf8) }
        #expect(keys.filter { $0 == [0xC3, 0xA9] }.count == 1)
        #expect(keys.filter { $0 == [0x65, 0xCC, 0x81] }.count == 1)
        // Each member adds a comma, the quoted key (2 or 3 bytes), a colon and the quoted value.
        let expected = base + (1 + 4 + 1 + 2_102) + (1 + 5 + 1 + 2_102)
        #expect(inspection.envelope?.payload.count == expected)
        #expect(inspection.summary.bytes == expected)
        #expect(expected == 4_403)
        #expect(Self.codes(inspection) == ["payload.too-large"])
    }

    /// A member replaces another, and FCM's `apns.payload` overlay merges into one, only when
    /// the names are the same bytes.
    @Test func setAndMergeCompareKeysByTheirBytes() throws {
        var built = JSONValue.object([JSONMember(key: "\u{E9}", value: .string("a"))])
        built.set("e\u{301}", .string("b"))
        built.set("\u{E9}", .string("c"))
        #expect(built.members?.map(\.key.utf8.count) == [2, 3])
        #expect(built.members?.map(\.value) == [.string("c"), .string("b")])
        let merged = JSONValue.object([JSONMember(key: "\u{E9}", value: .string("a"))]).merging(
            .object([JSONMember(key: "e\u{301}", value: .string("b"))]))
        #expect(merged.members?.count == 2)
    }

    /// The derived size against 4096, with and without the provider's allowance.
    @Test(
        arguments: [
            (3960, []), (3966, ["envelope.size.near-limit"]), (4096, ["envelope.size.near-limit"]),
            (4097, ["payload.too-large"]),
        ] as [(Int, [String])])
    func theDerivedPayloadIsSizedWithTheProvidersAllowance(bytes: Int, expected: [String]) throws {
        let template = try Self.example("fcm").replacingOccurrences(of: "Sparky says hello!", with: "")
        let base = try #require(Self.inspect(template).envelope?.payload.count)
        let title = String(repeating: "x", count: bytes - base)
        let inspection = Self.inspect(
            template.replacingOccurrences(of: #""title": """#, with: #""title": "\#(title)""#))
        #expect(inspection.summary.bytes == bytes)
        // (The long title is also aps.alert.truncated: beside the point here.)
        #expect(Self.codes(inspection).filter { $0 != "aps.alert.truncated" } == expected)
    }

    /// An APNs payload, an unknown shape and an ambiguous one are judged as APNs, so a body of no known envelope is never refused for its shape.
    @Test(
        arguments: [
            #"{"aps":{"alert":"a","mutable-content":1},"image":"https://a.test/i.jpg","message":{"token":"t"}}"#,
            #"{"title":"a"}"#,
            #"{"message":{"token":"t"},"app_id":"x","contents":{"en":"a"}}"#,
        ])
    func otherShapesAreJudgedAsAPNs(body: String) {
        let inspection = Self.inspect(body)
        #expect(inspection.envelope == nil)
        #expect(!inspection.findings.contains { $0.code.rawValue.hasPrefix("envelope.") })
    }

    /// A body named `apns` is judged as it is, whatever it looks like.
    @Test func theNamedFormatWinsOverTheShape() throws {
        let inspection = Self.inspect(try Self.example("fcm"), format: .apns)
        #expect(inspection.envelope == nil)
        #expect(inspection.findings.map(\.code).contains(.apsMissing))
    }

    /// `apps` (the app's configured extension) beats the provider's preset; a named profile beats both.
    @Test func profileOrderIsNamedThenAppsThenPreset() throws {
        var configuration = PreflightConfiguration()
        configuration.apps["com.example.app"] = "generic"
        let body = try Self.example("braze")
        #expect(Self.inspect(body, configuration: configuration).profile.name == "braze")
        let topic = APNsHeaders(pushType: "alert", topic: "com.example.app")
        #expect(Self.inspect(body, headers: topic, configuration: configuration).profile.name == "generic")
        let named = PayloadInspector(configuration: configuration).inspect(
            body: Array(body.utf8), headers: topic, profile: ExtensionProfile.airship)
        #expect(named.profile.name == "airship")
    }
}
