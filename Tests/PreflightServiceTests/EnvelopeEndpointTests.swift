import Foundation
import PreflightCore
import PreflightService
import Testing

/// Over real HTTP: the providers' documented rich-push requests, their media served by
/// the loopback nginx, judged as the APNs payload each provider builds.
@Suite(.serialized) struct EnvelopeEndpointTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    static let providers = ["fcm", "onesignal", "airship", "braze", "sns"]
    static let presets = [
        "fcm": "firebase", "onesignal": "onesignal", "airship": "airship", "braze": "braze", "sns": "generic",
    ]

    /// `Tests/Envelopes/<name>.json` with its image on the loopback nginx.
    func example(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Envelopes/\(name).json")
        return try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "https://foo.bar/pizza-monster.png", with: origins.https + "/media/image.png")
    }

    func post(
        _ service: PreflightService, _ body: String, query: String = "", headers: [(String, String)] = []
    ) throws -> (TestResponse, MediaCheckResult) {
        let response = try httpRequest(
            port: service.port, "POST", "/v1/preflight" + query, headers: headers, body: Array(body.utf8))
        let report = try #require(response.json, "not JSON: \(response.text)")
        guard case .array(let findings)? = report["findings"] else {
            throw TestConnection.Failure(description: "no findings in \(response.text)")
        }
        return (
            response,
            MediaCheckResult(
                status: response.status, report: report,
                codes: findings.compactMap { $0["code"]?.string }.filter { !$0.hasPrefix("headers.") })
        )
    }

    @Test(arguments: providers)
    func eachProvidersExampleIsDetectedDownloadedAndAttached(provider: String) throws {
        try withService(origins.configuration()) { service in
            let (response, result) = try post(service, try example(provider))
            #expect(response.status == 200, "\(response.text)")
            #expect(result.report["verdict"]?.string == "pass")
            let expected =
                provider == "onesignal" ? ["envelope.detected", "envelope.text.language"] : ["envelope.detected"]
            #expect(result.codes == expected)
            #expect(result.report["envelope"]?["format"]?.string == provider)
            #expect(result.report["envelope"]?["detected"] == .bool(true))
            #expect(result.report["payload"]?["profile"]?.string == Self.presets[provider])
            #expect(result.media?["http_status"]?.integer == 200)
            #expect(result.attachment?["uti"]?.string == "public.png")
            let derived = try #require(result.report["envelope"]?["derived_payload"]?.string)
            #expect(try JSONParser.parse(Array(derived.utf8)).value["aps"]?["mutable-content"]?.integer == 1)
            #expect(result.report["payload"]?["bytes"]?.integer == Int64(derived.utf8.count))
        }
    }

    /// `?format=` and `Preflight-Format` name the format (no detection finding); an unknown name is 400.
    @Test func theFormatIsNamedByQueryOrHeader() throws {
        try withService(origins.configuration()) { service in
            let body = try example("braze")
            let (_, byQuery) = try post(service, body, query: "?format=braze&fetch=false")
            #expect(byQuery.report["envelope"]?["detected"] == .bool(false))
            #expect(!byQuery.codes.contains("envelope.detected"))
            let (_, byHeader) = try post(service, body, query: "?fetch=false", headers: [("Preflight-Format", "braze")])
            #expect(byHeader.report["envelope"]?["format"]?.string == "braze")
            // Named apns, the same body is judged as a payload: no aps.
            let (asAPNs, raw) = try post(service, body, query: "?format=apns&fetch=false")
            #expect(asAPNs.status == 422)
            #expect(raw.codes.contains("aps.missing"))
            #expect(raw.report["envelope"] == nil)
            for (query, headers) in [("?format=mailchimp", []), ("", [("Preflight-Format", "FCM")])]
                as [(String, [(String, String)])]
            {
                let refused = try httpRequest(
                    port: service.port, "POST", "/v1/preflight" + query, headers: headers, body: Array(body.utf8))
                #expect(refused.status == 400)
                #expect(refused.errorCode == "unknown-format")
            }
        }
    }

    /// FCM's image without mutable-content on the APNs side: 422, in the envelope's own terms.
    @Test func anFCMImageWithoutMutableContentFails() throws {
        try withService(origins.configuration()) { service in
            let body = try example("fcm").replacingOccurrences(
                of: #""mutable-content": 1"#, with: #""sound": "default""#)
            let (response, result) = try post(service, body)
            #expect(response.status == 422)
            #expect(result.codes == ["envelope.detected", "envelope.mutable-content.missing"])
            #expect(result.finding("envelope.mutable-content.missing")?["path"]?.string == "message.apns.payload.aps")
        }
    }

    /// One batch with every format: each item judged by its own (named or detected) format.
    @Test func theBatchEndpointTakesAMixOfFormats() throws {
        try withService(origins.configuration()) { service in
            var items: [String] = try Self.providers.map { #"{"payload": \#(try example($0))}"# }
            items.append(#"{"payload": \#(try example("fcm")), "format": "apns"}"#)
            items.append(
                #"{"payload": {"aps": {"alert": "a", "mutable-content": 1}, "image": "\#(origins.https)/media/image.jpg"}}"#
            )
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch",
                body: Array(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8))
            #expect(response.status == 200, "\(response.text)")
            guard case .array(let reports)? = response.json?["results"] else {
                throw TestConnection.Failure(description: "no results in \(response.text)")
            }
            #expect(reports.map { $0["envelope"]?["format"]?.string } == Self.providers + [nil, nil])
            #expect(reports.map { $0["verdict"]?.string } == Self.providers.map { _ in "pass" } + ["fail", "pass"])
            let refused = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch",
                body: Array(#"{"items": [{"payload": {}, "format": "mailchimp"}]}"#.utf8))
            #expect(refused.status == 400)
            #expect(refused.errorCode == "unknown-format")
        }
    }

    /// OneSignal attaches every key of `ios_attachments`: each is downloaded and judged at its own
    /// path; the PNG is attached, the WebP is not (iOS attaches no WebP), and the push fails.
    @Test func everyOneSignalAttachmentIsDownloadedAndJudged() throws {
        try withService(origins.configuration()) { service in
            let first = origins.https + "/media/image.png"
            let body = try example("onesignal").replacingOccurrences(
                of: #""id1": "\#(first)""#,
                with: #""id1": "\#(first)", "id2": "\#(origins.https)/media/image.webp""#)
            let (response, result) = try post(service, body)
            #expect(response.status == 422, "\(response.text)")
            #expect(result.codes == ["envelope.detected", "envelope.text.language", "media.type.unsupported"])
            #expect(result.finding("media.type.unsupported")?["path"]?.string == "/att/id2")
            #expect(result.media?["url"]?.string == first)
            #expect(result.attachment?["uti"]?.string == "public.png")
            guard case .array(let attachments)? = result.report["attachments"] else {
                throw TestConnection.Failure(description: "no attachments in \(response.text)")
            }
            #expect(attachments.map { $0["attached"] } == [.bool(true), .bool(false)])
            let metrics = try httpRequest(port: service.port, "GET", "/metrics").text
            #expect(metrics.contains("\npreflight_cache_misses_total 2\n"))
        }
    }

    /// A OneSignal body whose `data` reaches the parser's depth builds a payload one level deeper:
    /// a finding under the named format, not the body judged as an APNs payload. FCM's
    /// `apns.headers` follow the request headers' policy.
    @Test func aTooDeepDerivedPayloadAndBadFCMHeadersAreFindings() throws {
        try withService(origins.configuration()) { service in
            let objects = JSONParser.maxDepth - 1
            let nested = String(repeating: #"{"a":"#, count: objects) + "1" + String(repeating: "}", count: objects)
            let deep = #"{"app_id":"x","contents":{"en":"Hi"},"data":\#(nested)}"#
            let (response, result) = try post(service, deep, query: "?format=onesignal&fetch=false")
            #expect(response.status == 422)
            #expect(result.codes == ["envelope.payload.too-deep"])
            #expect(result.report["envelope"]?["format"]?.string == "onesignal")
            #expect(result.report["envelope"]?["derived_payload"] == .null)
            let fcm = try example("fcm").replacingOccurrences(
                of: #""apns": {"#,
                with:
                    #""apns": {"headers": {"Apns-Push-Type": "background", "apns-colapse-id": "x", "apns-topic": "a\r\nb"},"#
            )
            let (_, headers) = try post(service, fcm, query: "?format=fcm&fetch=false")
            #expect(
                headers.codes == [
                    // Judged as the background push it is sent as: no media rules, background's own.
                    "envelope.header.unknown", "envelope.header.invalid", "envelope.header.contradicts",
                    "kind.priority", "kind.key-missing",
                ])
            let contradicts = headers.finding("envelope.header.contradicts")
            #expect(contradicts?["path"]?.string == "message.apns.headers.Apns-Push-Type")
        }
    }
}
