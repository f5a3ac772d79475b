import Testing

@testable import PreflightCore

/// Provider bodies as their own libraries send them: OneSignal's text push and template push,
/// Airship's media attachment, FCM's `fid` target and its data-only priority.
@Suite struct ProviderBodyTests {
    static func inspect(_ body: String, expectMedia: Bool = false) -> PayloadInspector.Inspection {
        PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(body.utf8), headers: APNsHeaders(pushType: "alert"), expectMedia: expectMedia)
    }

    /// "code severity path" of every finding.
    static func rows(_ inspection: PayloadInspector.Inspection) -> [String] {
        inspection.findings.map { "\($0.code.rawValue) \($0.severity.rawValue) \($0.path ?? "-")" }
    }

    static let oneSignalText = #"{"app_id":"a","include_subscription_ids":["s"],"contents":{"en":"Order shipped"}}"#

    @Test func aOneSignalTextPushIsAPlainPush() {
        let inspection = Self.inspect(Self.oneSignalText)
        #expect(Self.rows(inspection) == ["envelope.detected info app_id", "media.none info -"])
        #expect(inspection.report.verdict == .pass)
        // Expecting media keeps the error.
        let expected = Self.inspect(Self.oneSignalText, expectMedia: true)
        #expect(Self.rows(expected) == ["envelope.detected info app_id", "media.url.missing error -"])
        #expect(expected.report.verdict == .fail)
    }

    @Test func aOneSignalTemplateBodyTakesItsTextFromTheTemplate() {
        let inspection = Self.inspect(
            #"{"app_id":"a","template_id":"be4a8044-bbd6-11e4-a581-000c2940e62c","include_aliases":{"external_id":["u1"]}}"#
        )
        #expect(
            Self.rows(inspection) == [
                "envelope.detected info app_id", "envelope.template info template_id", "media.none info -",
            ])
        #expect(inspection.report.verdict == .pass)
    }

    @Test func aOneSignalGlobalImageIsNotMappedForIOS() throws {
        let inspection = Self.inspect(
            #"{"app_id":"a","contents":{"en":"hi"},"global_image":"https://a.test/a.jpg"}"#, expectMedia: true)
        #expect(inspection.summary.mediaURL == nil)
        #expect(inspection.findings.map(\.code) == [.envelopeDetected, .mediaURLMissing])
    }

    @Test func anAirshipMediaAttachmentSetsMutableContent() throws {
        let inspection = Self.inspect(
            #"{"audience":{"ios_channel":"c"},"device_types":["ios"],"notification":{"ios":{"alert":"hi","media_attachment":{"url":"https://a.test/a.jpg"}}}}"#
        )
        #expect(Self.rows(inspection) == ["envelope.detected info notification"])
        #expect(inspection.report.verdict == .pass)
        let payload = try JSONParser.parse(try #require(inspection.envelope).payload).value
        #expect(payload["aps"]?["mutable-content"]?.integer == 1)
        #expect(inspection.summary.mediaURL == "https://a.test/a.jpg")
    }

    @Test func anFCMMessageToAnInstallationIsFCM() throws {
        let body = #"{"message":{"fid":"fHqLzyUT0WbEHd7lVBtDUq","notification":{"title":"a","body":"b"}}}"#
        #expect(EnvelopeFormat.detect(try JSONParser.parse(Array(body.utf8)).value) == .fcm)
        let inspection = Self.inspect(body)
        #expect(Self.rows(inspection) == ["envelope.detected info message", "media.none info -"])
        #expect(inspection.report.verdict == .pass)
        // Named as FCM, without any target, it is still refused.
        let untargeted = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(#"{"message":{"notification":{"title":"a","body":"b"}}}"#.utf8),
            headers: APNsHeaders(pushType: "alert"), format: .fcm)
        #expect(untargeted.findings.map(\.code).first == .envelopeInvalid)
    }

    @Test(
        arguments: [
            (#"{"apns-priority":"10"}"#, ["envelope.header.contradicts error message.apns.headers.apns-priority"]),
            (#"{"APNs-Priority":"10"}"#, ["envelope.header.contradicts error message.apns.headers.APNs-Priority"]),
            (#"{"apns-priority":"5"}"#, []),
        ] as [(String, [String])])
    func anFCMDataOnlyMessageMustBePriorityFive(headers: String, expected: [String]) {
        let body = #"{"message":{"token":"t","data":{"k":"v"},"apns":{"headers":"# + headers + "}}}"
        #expect(Self.rows(Self.inspect(body)).filter { $0.hasPrefix("envelope.header.") } == expected)
    }

    @Test func anFCMMessageWithAnAlertMayBePriorityTen() {
        for body in [
            #"{"message":{"token":"t","notification":{"title":"a"},"apns":{"headers":{"apns-priority":"10"}}}}"#,
            #"{"message":{"token":"t","apns":{"headers":{"apns-priority":"10"},"payload":{"aps":{"alert":"a"}}}}}"#,
        ] {
            #expect(!Self.inspect(body).findings.contains { $0.code == .envelopeHeaderContradicts })
        }
    }
}
