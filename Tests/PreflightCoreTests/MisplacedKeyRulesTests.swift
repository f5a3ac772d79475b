import Testing

@testable import PreflightCore

/// `mutable-content` and `content-available` outside `aps`: each placement, as an APNs payload and
/// as an FCM body, with the code, severity and path (the body's own path) it gets.
@Suite struct MisplacedKeyRulesTests {
    typealias Row = (code: String, severity: String, path: String)
    static let codes: Set<String> = ["aps.mutable-content.misplaced", "aps.content-available.misplaced"]

    static func inspect(_ body: String, expectMedia: Bool = false) -> PayloadInspector.Inspection {
        PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(body.utf8), headers: APNsHeaders(pushType: "alert"), expectMedia: expectMedia)
    }

    /// The misplaced findings, as (code, severity, path).
    static func misplaced(_ inspection: PayloadInspector.Inspection) -> [String] {
        inspection.findings.filter { codes.contains($0.code.rawValue) }.map {
            "\($0.code.rawValue) \($0.severity.rawValue) \($0.path ?? "-")"
        }
    }

    @Test(
        arguments: [
            // Top level, no media: the extension has nothing to attach, so a warning.
            (
                #"{"aps":{"alert":"hi"},"mutable-content":1}"#, false,
                ["aps.mutable-content.misplaced warning mutable-content"]
            ),
            (
                #"{"aps":{"alert":"hi"},"mutableContent":true}"#, false,
                ["aps.mutable-content.misplaced warning mutableContent"]
            ),
            // Top level with a media URL under the profile's keys: the picture is lost, an error.
            (
                #"{"aps":{"alert":"hi"},"mutable_content":1,"image":"https://a.test/a.jpg"}"#, false,
                ["aps.mutable-content.misplaced error mutable_content"]
            ),
            // expect=media makes it an error without a URL.
            (
                #"{"aps":{"alert":"hi"},"mutable-content":1}"#, true,
                ["aps.mutable-content.misplaced error mutable-content"]
            ),
            // FCM's legacy notification block keys, as they arrive.
            (
                #"{"aps":{"alert":"hi"},"gcm.notification.mutable-content":"1","image":"https://a.test/a.jpg"}"#, false,
                ["aps.mutable-content.misplaced error gcm.notification.mutable-content"]
            ),
            (
                #"{"aps":{"alert":"hi"},"gcm.notification.content_available":"1"}"#, false,
                ["aps.content-available.misplaced warning gcm.notification.content_available"]
            ),
            (
                #"{"aps":{"alert":"hi"},"content-available":1}"#, false,
                ["aps.content-available.misplaced warning content-available"]
            ),
            // aps asks for the extension itself: the stray copy loses nothing, a warning even with media.
            (
                #"{"aps":{"alert":"hi","mutable-content":1},"mutable_content":1,"image":"https://a.test/a.jpg"}"#,
                false,
                ["aps.mutable-content.misplaced warning mutable_content"]
            ),
            // Placed correctly: neither code.
            (#"{"aps":{"alert":"hi","mutable-content":1},"image":"https://a.test/a.jpg"}"#, false, []),
            (#"{"aps":{"content-available":1}}"#, false, []),
            // A key that only contains the name is not the flag.
            (#"{"aps":{"alert":"hi"},"my-mutable-content":1,"gcm.notification.title":"t"}"#, false, []),
        ] as [(String, Bool, [String])])
    func anAPNsPayload(body: String, expectMedia: Bool, expected: [String]) {
        #expect(Self.misplaced(Self.inspect(body, expectMedia: expectMedia)) == expected)
    }

    @Test func aMisplacedFlagWithMediaFailsThePush() {
        let inspection = Self.inspect(#"{"aps":{"alert":"hi"},"mutable-content":1,"image":"https://a.test/a.jpg"}"#)
        #expect(inspection.report.verdict == .fail)
        let plain = Self.inspect(#"{"aps":{"alert":"hi"},"mutable-content":1}"#)
        #expect(plain.report.verdict == .warn)
    }

    @Test(
        arguments: [
            // A data key (a map of strings, handed to the app, never to aps); the image makes it an error.
            (
                #"{"message":{"token":"t","notification":{"title":"a","body":"b","image":"https://a.test/a.jpg"},"data":{"mutable-content":"1"}}}"#,
                ["aps.mutable-content.misplaced error message.data.mutable-content"]
            ),
            (
                #"{"message":{"token":"t","notification":{"title":"a","body":"b"},"data":{"gcm.notification.mutable_content":"true"}}}"#,
                ["aps.mutable-content.misplaced warning message.data.gcm.notification.mutable_content"]
            ),
            (
                #"{"message":{"token":"t","data":{"content-available":"1"}}}"#,
                ["aps.content-available.misplaced warning message.data.content-available"]
            ),
            // Beside aps in apns.payload.
            (
                #"{"message":{"token":"t","notification":{"title":"a","body":"b"},"apns":{"payload":{"aps":{},"mutable_content":1}}}}"#,
                ["aps.mutable-content.misplaced warning message.apns.payload.mutable_content"]
            ),
            (
                #"{"message":{"token":"t","notification":{"title":"a","body":"b"},"apns":{"payload":{"aps":{"sound":"default"},"content_available":true}}}}"#,
                ["aps.content-available.misplaced warning message.apns.payload.content_available"]
            ),
            // Placed correctly: neither code.
            (
                #"{"message":{"token":"t","notification":{"title":"a","body":"b","image":"https://a.test/a.jpg"},"apns":{"payload":{"aps":{"mutable-content":1}}}}}"#,
                []
            ),
        ] as [(String, [String])])
    func anFCMBody(body: String, expected: [String]) {
        let inspection = Self.inspect(body)
        #expect(inspection.envelope?.format == .fcm)
        #expect(Self.misplaced(inspection) == expected)
    }

    /// A repeated key makes at most the findings the report keeps: reading stops at twice the cap.
    @Test func repeatedKeysBuildABoundedNumberOfFindings() throws {
        let copies = Array(repeating: #""mutable-content":1"#, count: 500).joined(separator: ",")
        let document = try JSONDocument.parse(Array(#"{"aps":{"alert":"a"},\#(copies)}"#.utf8))
        let findings = MisplacedKeyRules.findings(in: document.root, pathPrefix: "", apsPath: "aps")
        #expect(findings.count == 2 * Report.findingsPerCode)
        let report = Self.inspect(#"{"aps":{"alert":"a"},\#(copies)}"#).report
        #expect(report.findings.filter { $0.code == .mutableContentMisplaced }.count == Report.findingsPerCode)
    }
}
