import Foundation
import PreflightCore
import PreflightService
import Testing

/// Expo push API bodies over real HTTP, in a batch and with `preflight check`, their image on
/// the loopback nginx: one message is one report, an array one report per message in order,
/// judged under the `expo` preset.
@Suite(.serialized) struct ExpoEnvelopeEndpointTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    static let token = "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]"

    /// `Tests/Envelopes/expo.json` (expo-server-sdk-node's README example) with its image on nginx.
    func example(image: String = "image.jpg") throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Envelopes/expo.json")
        return try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "https://example.com/statics/some-image-here-if-you-want.jpg", with: origins.https + "/media/" + image)
    }

    func post(_ service: PreflightService, _ body: String, query: String = "", headers: [(String, String)] = [])
        throws -> TestResponse
    {
        try httpRequest(port: service.port, "POST", "/v1/preflight" + query, headers: headers, body: Array(body.utf8))
    }

    static func codes(_ report: JSONValue?) -> [String] {
        guard case .array(let findings)? = report?["findings"] else { return [] }
        return findings.compactMap { $0["code"]?.string }.filter { !$0.hasPrefix("headers.") }
    }

    static func results(_ response: TestResponse) throws -> [JSONValue] {
        guard case .array(let reports)? = response.json?["results"] else {
            throw TestConnection.Failure(description: "no results in \(response.text)")
        }
        return reports
    }

    @Test func theDocumentedExampleIsDetectedDownloadedAndAttached() throws {
        try withService(origins.configuration()) { service in
            let response = try post(service, try example())
            #expect(response.status == 200, "\(response.text)")
            let report = response.json
            #expect(report?["verdict"]?.string == "pass")
            #expect(Self.codes(report) == ["envelope.detected"])
            #expect(report?["envelope"]?["format"]?.string == "expo")
            #expect(report?["payload"]?["profile"]?.string == "expo")
            #expect(report?["payload"]?["media_key"]?.string == "/body/_richContent/image")
            #expect(report?["media"]?["http_status"]?.integer == 200)
            #expect(report?["attachment"]?["file_name"]?.string == "attachment.jpg")
            #expect(report?["attachment"]?["uti"]?.string == "public.jpeg")
        }
    }

    /// `?format=expo` and `Preflight-Format: expo` name it (no detection finding).
    @Test func theFormatIsNamedByQueryOrHeader() throws {
        try withService(origins.configuration()) { service in
            let byQuery = try post(service, try example(), query: "?format=expo&fetch=false")
            #expect(byQuery.json?["envelope"]?["detected"] == .bool(false))
            #expect(Self.codes(byQuery.json) == ["media.not-fetched"])
            let byHeader = try post(
                service, try example(), query: "?fetch=false", headers: [("Preflight-Format", "expo")])
            #expect(byHeader.json?["envelope"]?["format"]?.string == "expo")
            #expect(byHeader.json?["envelope"]?["detected"] == .bool(false))
        }
    }

    /// Expo's `mutableContent` defaults to false: an image without it is a 422 in Expo's terms.
    @Test func anImageWithoutMutableContentFails() throws {
        try withService(origins.configuration()) { service in
            let body = try example().replacingOccurrences(of: #""mutableContent": true"#, with: #""sound2": 1"#)
            let response = try post(service, body)
            #expect(response.status == 422)
            #expect(
                Self.codes(response.json) == [
                    "envelope.detected", "envelope.mutable-content.missing", "envelope.field.unknown",
                ])
        }
    }

    /// An array of three messages, the second broken: three reports, in order, and 422 (the
    /// request is one send, and one of its messages fails).
    @Test func anArrayIsOneReportPerMessageInOrder() throws {
        try withService(origins.configuration()) { service in
            let broken =
                #"{"to":"\#(Self.token)","title":"no image","richContent":{"image":"\#(origins.https)/media/image.jpg"}}"#
            let plain = #"{"to":"\#(Self.token)","body":"plain"}"#
            let response = try post(service, "[\(try example()), \(broken), \(plain)]")
            #expect(response.status == 422, "\(response.text)")
            let reports = try Self.results(response)
            #expect(reports.map { $0["verdict"]?.string } == ["pass", "fail", "pass"])
            #expect(reports.map { $0["envelope"]?["format"]?.string } == ["expo", "expo", "expo"])
            #expect(reports.map { $0["payload"]?["profile"]?.string } == ["expo", "expo", "expo"])
            #expect(Self.codes(reports[1]) == ["envelope.mutable-content.missing"])
            #expect(Self.codes(reports[2]) == ["media.none"])
            #expect(reports[0]["attachment"]?["file_name"]?.string == "attachment.jpg")
        }
    }

    /// An array whose messages pass or warn is a 200; one mistyped Android field in one message
    /// (nothing an iOS device sees, but not Expo's format) makes it a 422, with or without a
    /// download waiting.
    @Test(arguments: [false, true])
    func anArrayFailsWhenAnyMessageFails(downloading: Bool) throws {
        try withService(origins.configuration()) { service in
            let first = downloading ? try example() : #"{"to":"\#(Self.token)","body":"first"}"#
            let plain = #"{"to":"\#(Self.token)","body":"plain","channelId":"news"}"#
            let passing = try post(service, "[\(first), \(plain)]")
            #expect(passing.status == 200, "\(passing.text)")
            #expect(try Self.results(passing).map { $0["verdict"]?.string } == ["pass", "pass"])
            let mistyped = plain.replacingOccurrences(of: #""news""#, with: "7")
            let failing = try post(service, "[\(first), \(mistyped)]")
            #expect(failing.status == 422, "\(failing.text)")
            let reports = try Self.results(failing)
            #expect(reports.map { $0["verdict"]?.string } == ["pass", "fail"])
            #expect(Self.codes(reports[1]) == ["envelope.field.invalid", "media.none"])
        }
    }

    /// Past 100 notifications Expo refuses the request whole: one report, 422.
    @Test func moreThanAHundredMessagesAreRefused() throws {
        try withService(origins.configuration()) { service in
            let message = #"{"to":"\#(Self.token)","body":"B"}"#
            let response = try post(service, "[" + Array(repeating: message, count: 101).joined(separator: ",") + "]")
            #expect(response.status == 422, "\(response.text)")
            #expect(response.json?["results"] == nil)
            #expect(Self.codes(response.json) == ["envelope.detected", "envelope.messages.too-many"])
        }
    }

    @Test func theBatchEndpointTakesExpoItems() throws {
        try withService(origins.configuration()) { service in
            let items = [
                #"{"payload": \#(try example())}"#, #"{"payload": \#(try example()), "format": "expo"}"#,
                #"{"payload": \#(try example(image: "image.png")), "format": "expo"}"#,
            ]
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch",
                body: Array(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8))
            #expect(response.status == 200, "\(response.text)")
            let reports = try Self.results(response)
            #expect(reports.map { $0["verdict"]?.string } == ["pass", "pass", "warn"])
            #expect(reports.map { $0["envelope"]?["detected"] } == [.bool(true), .bool(false), .bool(false)])
            #expect(Self.codes(reports[2]) == ["attachment.type-mismatch"])
        }
    }

    /// `preflight check --format-in expo`: a message is one report, an array one per message.
    @Test func theCheckCommandJudgesAMessageAndAnArray() throws {
        let directory = try scratchDirectory("expo-check")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.json")
        try Data(
            """
            {"fetch": {"ca_file": "\(origins.caFile)", "resolve": ["media.test:\(origins.httpsPort):127.0.0.1"]},
             "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [\(origins.httpsPort)]}}
            """.utf8
        ).write(to: config)
        let single = directory.appendingPathComponent("message.json")
        try Data(try example().utf8).write(to: single)
        let one = try runProcess(
            preflightBinary, ["check", "--config", config.path, "--format-in", "expo", single.path])
        #expect(one.status == 0, "\(one.output)")
        #expect(one.output.hasPrefix("PASS  "))
        #expect(one.output.contains("written as attachment.jpg"))
        let array = directory.appendingPathComponent("messages.json")
        let broken = #"{"to":"\#(Self.token)","body":"x","richContent":{"image":"\#(origins.https)/media/image.jpg"}}"#
        try Data("[\(try example()), \(broken)]".utf8).write(to: array)
        let two = try runProcess(
            preflightBinary, ["check", "--config", config.path, "--format-in", "expo", "--format", "json", array.path])
        #expect(two.status == 1, "\(two.output)")
        let answer = try JSONParser.parse(Array(two.output.utf8)).value
        guard case .array(let reports)? = answer["results"] else {
            throw TestConnection.Failure(description: "no results in \(two.output)")
        }
        #expect(reports.map { $0["verdict"]?.string } == ["pass", "fail"])
        let text = try runProcess(
            preflightBinary, ["check", "--config", config.path, "--format-in", "expo", array.path])
        #expect(text.output.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }.count == 2)
    }
}
