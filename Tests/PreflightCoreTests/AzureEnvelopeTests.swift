import Testing

@testable import PreflightCore

/// Azure Notification Hubs native APNs sends: the body is the payload, the platform and expiry
/// in `ServiceBusNotification-*` headers.
@Suite struct AzureEnvelopeTests {
    static func headers(format: String? = "apple", expiry: String? = nil, pushType: String? = "alert") -> APNsHeaders {
        var headers = APNsHeaders(pushType: pushType)
        headers.serviceBusFormat = format
        headers.serviceBusAPNsExpiry = expiry
        return headers
    }

    @Test func theFormatHeaderChoosesAzureAndTheBodyIsJudgedAsSent() throws {
        let body = try EnvelopeTests.example("azure")
        let inspection = EnvelopeTests.inspect(body, headers: Self.headers())
        #expect(EnvelopeTests.codes(inspection) == [])
        #expect(inspection.findings.first?.code == .envelopeDetected)
        #expect(
            inspection.findings.first?.message.contains("found by its ServiceBusNotification-Format header") == true)
        let envelope = try #require(inspection.envelope)
        #expect(envelope.format == .azure)
        #expect(envelope.payloadText == body)
        #expect(inspection.summary.bytes == body.utf8.count)
        #expect(inspection.summary.mediaKey == "/image")
        // Without the header (and unnamed) the same body is a plain APNs payload.
        #expect(EnvelopeTests.inspect(body).envelope == nil)
    }

    @Test func anotherPlatformsFormatIsAnError() {
        let inspection = EnvelopeTests.inspect(
            #"{"aps":{"alert":"a","mutable-content":1}}"#, headers: Self.headers(format: "gcm"))
        #expect(EnvelopeTests.codes(inspection) == ["envelope.azure.format.invalid"])
        #expect(inspection.findings.last?.path == "ServiceBusNotification-Format")
        #expect(inspection.findings.last?.message.contains(#""gcm""#) == true)
        #expect(inspection.report.verdict == .fail)
    }

    @Test func namedWithoutTheFormatHeaderIsAnError() {
        let inspection = EnvelopeTests.inspect(
            #"{"aps":{"alert":"a","mutable-content":1},"image":"https://a.test/p.jpg"}"#, format: .azure)
        #expect(EnvelopeTests.codes(inspection) == ["envelope.azure.format.invalid"])
    }

    @Test func theExpiryBecomesAPNsExpiration() {
        let body = #"{"aps":{"alert":"a","mutable-content":1},"image":"https://a.test/p.jpg"}"#
        let dated = EnvelopeTests.inspect(body, headers: Self.headers(expiry: "1997-07-16T19:20+01:00"))
        #expect(EnvelopeTests.codes(dated) == [])
        #expect(dated.envelope?.headers.expiration == "869077200")
        let broken = EnvelopeTests.inspect(body, headers: Self.headers(expiry: "tomorrow"))
        #expect(EnvelopeTests.codes(broken) == ["envelope.header.invalid"])
        #expect(broken.findings.last?.path == "ServiceBusNotification-Apns-Expiry")
    }

    @Test func theRequestsPushTypeIsJudged() {
        let inspection = EnvelopeTests.inspect(
            #"{"aps":{"alert":"a","mutable-content":1},"image":"https://a.test/p.jpg"}"#,
            headers: Self.headers(pushType: "background"))
        #expect(EnvelopeTests.codes(inspection).contains("envelope.header.contradicts"))
        #expect(inspection.summary.pushType == "background")
    }
}
