import Foundation
import Testing

@testable import PreflightCore

/// Expo's push API message, judged as the APNs payload Expo builds, a broken variant per
/// envelope finding, and an array of messages split into batch items.
@Suite struct ExpoEnvelopeTests {
    static let token = "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]"

    /// expo-server-sdk-node's README example (`Tests/Envelopes/expo.json`), one line.
    static func example() throws -> String { try EnvelopeTests.compact("expo") }

    static func inspect(_ body: String, format: EnvelopeFormat? = nil) -> PayloadInspector.Inspection {
        EnvelopeTests.inspect(body, format: format)
    }

    /// "code severity path" of every finding but the detection.
    static func rows(_ inspection: PayloadInspector.Inspection) -> [String] {
        inspection.findings.filter { $0.code != .envelopeDetected }.map {
            "\($0.code.rawValue) \($0.severity.rawValue) \($0.path ?? "-")"
        }
    }

    @Test func theDocumentedExampleDerivesThePayloadExposExtensionReads() throws {
        let inspection = Self.inspect(try Self.example())
        #expect(Self.rows(inspection) == [])
        #expect(inspection.findings.first?.code == .envelopeDetected)
        #expect(inspection.findings.first?.path == "to")
        let payload = try EnvelopeTests.derived(inspection)
        #expect(payload.members?.map(\.key) == ["aps", "body"])
        #expect(payload["aps"]?["alert"]?["title"]?.string == "Original Title")
        #expect(payload["aps"]?["alert"]?["body"]?.string == "This is a test notification")
        #expect(payload["aps"]?["sound"]?.string == "default")
        #expect(payload["aps"]?["badge"]?.integer == 2)
        #expect(payload["aps"]?["mutable-content"]?.integer == 1)
        #expect(payload["body"]?["withSome"]?.string == "data")
        #expect(
            payload["body"]?["_richContent"]?["image"]?.string
                == "https://example.com/statics/some-image-here-if-you-want.jpg")
        #expect(inspection.profile.name == "expo")
        #expect(inspection.summary.mediaKey == "/body/_richContent/image")
        #expect(inspection.envelope?.allowanceBytes == ExpoEnvelope.addedMembers.utf8.count)
        #expect(inspection.report.verdict == .pass)
    }

    @Test func fieldsMapToTheirAPNsKeysAndHeaders() throws {
        let body = """
            {"to":["\(Self.token)","ExpoPushToken[yyyy]"],"title":"T","subtitle":"S","body":"B",
             "interruptionLevel":"time-sensitive","categoryId":"reply","_contentAvailable":true,
             "sound":{"critical":true,"name":"bell.caf","volume":0.5},
             "collapseId":"order-1","priority":"normal","expiration":1767225600,"channelId":"android-only"}
            """
        let inspection = Self.inspect(body)
        // No image and no mutableContent: a plain push.
        #expect(Self.rows(inspection) == ["media.none info -"])
        let payload = try EnvelopeTests.derived(inspection)
        let aps = try #require(payload["aps"])
        #expect(aps["alert"]?["subtitle"]?.string == "S")
        #expect(aps["interruption-level"]?.string == "time-sensitive")
        #expect(aps["category"]?.string == "reply")
        #expect(aps["content-available"]?.integer == 1)
        #expect(aps["mutable-content"] == nil)
        #expect(aps["sound"]?["critical"]?.integer == 1)
        #expect(aps["sound"]?["name"]?.string == "bell.caf")
        #expect(payload["body"] == nil)
        let headers = try #require(inspection.envelope?.headers)
        #expect(headers.collapseID == "order-1")
        #expect(headers.priority == "5")
        #expect(headers.expiration == "1767225600")
    }

    @Test(arguments: [("default", "10"), ("high", "10"), ("normal", "5")])
    func priorityIsAPNsPriority(priority: String, header: String) throws {
        let inspection = Self.inspect(#"{"to":"\#(Self.token)","body":"B","priority":"\#(priority)"}"#)
        #expect(inspection.envelope?.headers.priority == header)
    }

    /// Each broken variant of the example, and the findings it gets.
    @Test(
        arguments: [
            // Expo's default is false: the image never attaches.
            (#","mutableContent":true"#, "", ["envelope.mutable-content.missing error mutableContent"]),
            (
                #""mutableContent":true"#, #""mutableContent":false"#,
                ["envelope.mutable-content.missing error mutableContent"]
            ),
            (
                #""mutableContent":true"#, #""mutableContent":1"#,
                [
                    "envelope.field.invalid error mutableContent",
                    "envelope.mutable-content.missing error mutableContent",
                ]
            ),
            // The one required field.
            (#""to":"ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]","#, "", ["envelope.invalid error to"]),
            (#""ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]""#, #""abc""#, ["envelope.field.invalid error to"]),
            (#""ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]""#, "7", ["envelope.field.invalid error to"]),
            (#""title":"Original Title""#, #""title":5"#, ["envelope.field.invalid error title"]),
            (#""badge":2"#, #""badge":"2""#, ["envelope.field.invalid error badge"]),
            (#""data":{"withSome":"data"}"#, #""data":"x""#, ["envelope.field.invalid error data"]),
            (#""sound":"default""#, #""sound":true"#, ["envelope.field.invalid error sound"]),
            (
                #""sound":"default""#, #""interruptionLevel":"urgent""#,
                ["envelope.field.invalid error interruptionLevel"]
            ),
            (#""sound":"default""#, #""priority":"urgent""#, ["envelope.field.invalid error priority"]),
            (#""sound":"default""#, #""ttl":-1"#, ["envelope.field.invalid error ttl"]),
            (#""sound":"default""#, #""collapseId":7"#, ["envelope.field.invalid error collapseId"]),
            (#""sound":"default""#, #""categoryId":7"#, ["envelope.field.invalid error categoryId"]),
            (#""sound":"default""#, #""_contentAvailable":"yes""#, ["envelope.field.invalid error _contentAvailable"]),
            // Android's fields: nothing of them reaches APNs, but each is a string to Expo.
            (#""sound":"default""#, #""channelId":7"#, ["envelope.field.invalid error channelId"]),
            (#""sound":"default""#, #""icon":["a.png"]"#, ["envelope.field.invalid error icon"]),
            (#""sound":"default""#, #""tag":{}"#, ["envelope.field.invalid error tag"]),
            (#""sound":"default""#, #""channelId":"news","icon":"ic","tag":"t""#, []),
            // An image given any other way is no image: the push is judged as a plain one.
            (
                #""richContent":{"image":"https://example.com/statics/some-image-here-if-you-want.jpg"}"#,
                #""richContent":"https://a.test/a.jpg""#,
                ["envelope.field.invalid error richContent", "media.none info -"]
            ),
            (
                #""richContent":{"image":"https://example.com/statics/some-image-here-if-you-want.jpg"}"#,
                #""richContent":{"image":["https://a.test/a.jpg"]}"#,
                ["envelope.field.invalid error richContent.image", "media.none info -"]
            ),
            // Fields Expo does not document.
            (#""sound":"default""#, #""threadId":"t""#, ["envelope.field.unknown warning threadId"]),
            (#""sound":"default""#, #""contentAvailable":true"#, ["envelope.field.unknown warning contentAvailable"]),
        ] as [(String, String, [String])])
    func mistakes(replacing: String, with replacement: String, expected: [String]) throws {
        let body = try Self.example().replacingOccurrences(of: replacing, with: replacement)
        #expect(body != (try Self.example()))
        let inspection = Self.inspect(body, format: .expo)
        #expect(Self.rows(inspection) == expected, "\(inspection.findings.map(\.message))")
    }

    @Test func aToArrayOfMoreThanAHundredTokensIsRefused() {
        let tokens = (0..<101).map { #""ExponentPushToken[\#($0)]""# }.joined(separator: ",")
        let inspection = Self.inspect(#"{"to":[\#(tokens)],"body":"B"}"#)
        #expect(Self.rows(inspection).first == "envelope.messages.too-many error to")
    }

    @Test func theShapeIsDetected() throws {
        func detect(_ text: String) throws -> EnvelopeFormat? {
            let document = try JSONDocument.parse(Array(text.utf8))
            return EnvelopeFormat.detect(document.root)
        }
        #expect(try detect(#"{"to":"\#(Self.token)","body":"B"}"#) == .expo)
        #expect(try detect(#"{"to":["ExpoPushToken[a]","\#(Self.token)"]}"#) == .expo)
        #expect(try detect(#"[{"to":"\#(Self.token)"},{"to":"ExpoPushToken[b]"}]"#) == .expo)
        // A UUID token, a plain string, a mixed array: not Expo's shape for sure.
        #expect(try detect(#"{"to":"12345678-1234-1234-1234-123456789012"}"#) == nil)
        #expect(try detect(#"{"to":"someone"}"#) == nil)
        #expect(try detect(#"[{"to":"\#(Self.token)"},{"aps":{}}]"#) == nil)
        #expect(try detect(#"[]"#) == nil)
        #expect(try detect(#"{"aps":{"alert":"a"},"to":"\#(Self.token)"}"#) == nil)
    }

    @Test func anArrayOfMessagesIsSplitIntoBatchItems() throws {
        let body = #"[{"to":"\#(Self.token)","body":"one"}, {"to":"\#(Self.token)","body":"two"}]"#
        let batch = try #require(BatchRequest.expoBody(Array(body.utf8), format: nil, headers: APNsHeaders())?.messages)
        #expect(
            batch.items.map { String(decoding: $0.payload, as: UTF8.self) } == [
                #"{"to":"\#(Self.token)","body":"one"}"#, #"{"to":"\#(Self.token)","body":"two"}"#,
            ])
        #expect(batch.items.map(\.format) == ["expo", "expo"])
        // Not split: another format named, an object, an APNs payload, a shape not Expo's.
        #expect(BatchRequest.expoBody(Array(body.utf8), format: .apns, headers: APNsHeaders())?.messages == nil)
        #expect(
            BatchRequest.expoBody(Array(#"{"to":"\#(Self.token)"}"#.utf8), format: .expo, headers: APNsHeaders())
                == nil)
        #expect(BatchRequest.expoBody(Array(#"[1,2]"#.utf8), format: nil, headers: APNsHeaders())?.messages == nil)
        // Named expo, any array is split (each item then says what is wrong with it).
        #expect(
            BatchRequest.expoBody(Array(#"[1,2]"#.utf8), format: .expo, headers: APNsHeaders())?.messages?.items.count
                == 2)
    }

    /// What the endpoints do not split (a batch item, a body named expo that is no message)
    /// says what is wrong with it, and is not judged as an APNs payload.
    @Test func whatIsNotAMessageIsAnEnvelopeFinding() {
        let message = #"{"to":"\#(Self.token)","body":"B"}"#
        for body in ["[\(message),\(message)]", "[]", "1", #""text""#] {
            let inspection = Self.inspect(body, format: .expo)
            #expect(Self.rows(inspection) == ["envelope.invalid error to"], "\(body)")
            #expect(inspection.report.verdict == .fail)
        }
        // The UUID form of a token is one Expo accepts (expo-server-sdk's isExpoPushToken).
        let uuid = Self.inspect(#"{"to":"12345678-abcd-1234-abcd-123456789012","body":"B"}"#, format: .expo)
        #expect(Self.rows(uuid) == ["media.none info -"])
    }

    /// Past 100 notifications the array is not split: Expo refuses the request whole.
    @Test func moreThanAHundredNotificationsAreRefusedWhole() throws {
        let message = #"{"to":"\#(Self.token)","body":"B"}"#
        let body = "[" + Array(repeating: message, count: 101).joined(separator: ",") + "]"
        #expect(BatchRequest.expoBody(Array(body.utf8), format: nil, headers: APNsHeaders())?.messages == nil)
        let inspection = Self.inspect(body)
        #expect(Self.rows(inspection) == ["envelope.messages.too-many error -"])
        #expect(inspection.report.verdict == .fail)
        #expect(inspection.envelope?.format == .expo)
        // Tokens count: 2 messages of 60 tokens are 120 notifications.
        let sixty = (0..<60).map { #""ExponentPushToken[\#($0)]""# }.joined(separator: ",")
        let two = #"[{"to":[\#(sixty)]},{"to":[\#(sixty)]}]"#
        #expect(BatchRequest.expoBody(Array(two.utf8), format: nil, headers: APNsHeaders())?.messages == nil)
        #expect(Self.rows(Self.inspect(two)) == ["envelope.messages.too-many error -"])
    }

    /// The body is parsed once: an array judged as one request hands its parse to the inspector,
    /// whose report is the one a fresh parse gives.
    @Test func anArrayJudgedWholeIsParsedOnce() throws {
        let message = #"{"to":"\#(Self.token)","body":"B"}"#
        let tooMany = "[" + Array(repeating: message, count: 101).joined(separator: ",") + "]"
        for (body, rows) in [
            (tooMany, ["envelope.messages.too-many error -"]), ("[1,2]", ["payload.not-object error -"]),
        ] {
            let bytes = Array(body.utf8)
            let expo = try #require(BatchRequest.expoBody(bytes, format: nil, headers: APNsHeaders()))
            let parsed = try #require(expo.parsed, "\(body)")
            #expect(expo.messages == nil)
            let inspector = PayloadInspector(configuration: PreflightConfiguration())
            let headers = APNsHeaders(pushType: "alert")
            let handed = inspector.inspect(body: bytes, headers: headers, parsed: parsed)
            #expect(Self.rows(handed) == rows, "\(body)")
            #expect(Self.rows(handed) == Self.rows(inspector.inspect(body: bytes, headers: headers)))
        }
        // Not JSON, or not an array: nothing parsed here.
        #expect(BatchRequest.expoBody(Array("[1,".utf8), format: nil, headers: APNsHeaders()) == nil)
        #expect(BatchRequest.expoBody(Array("{}".utf8), format: nil, headers: APNsHeaders()) == nil)
    }
}
