import Foundation
import PreflightCore
import PreflightService
import Testing

/// `POST /v1/preflight/bulk` against the real server over real HTTP, and against the real
/// `preflight check --ndjson` binary for the same input: the answer is its output, byte for byte.
@Suite(.serialized) struct BulkEndpointTests {
    static let pass = #"{"aps":{"alert":{"title":"Sale","body":"half price"}}}"#
    static let warn = #"{"aps":{"alert":"hi","campaign":"x"}}"#
    static let fail = #"{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}"#
    static let item =
        #"{"payload":{"aps":{"content-available":1}},"headers":{"apns-push-type":"background","apns-priority":"5"}}"#
    static let badItem = #"{"payload":{"aps":{"alert":"hi"}},"profile":"nope"}"#
    static let expo = #"[{"to":"ExponentPushToken[a]","body":"x"},{"to":"ExponentPushToken[b]","body":"y"}]"#

    /// The server's defaults (as the CLI's without `--config`), on a free port.
    static func configuration() -> PreflightConfiguration {
        var configuration = PreflightConfiguration()
        configuration.listen.port = 0
        configuration.server.threads = 2
        configuration.server.drainTimeoutSeconds = 5
        return configuration
    }

    func post(
        _ port: Int, _ body: [UInt8], query: String = "?fetch=false", headers: [(String, String)] = []
    ) throws -> TestResponse {
        try httpRequest(
            port: port, "POST", "/v1/preflight/bulk" + query,
            headers: [("Content-Type", "application/x-ndjson"), ("apns-push-type", "alert")] + headers, body: body)
    }

    func lines(_ response: TestResponse) throws -> [JSONValue] {
        try response.text.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)).value }
    }

    /// The finding codes of an output line's report.
    func codes(_ line: JSONValue) -> [String] {
        guard case .array(let findings)? = line["report"]?["findings"] else { return [] }
        return findings.compactMap { $0["code"]?.string }
    }

    func integers(_ value: JSONValue?) -> [Int] {
        guard case .array(let values)? = value else { return [] }
        return values.compactMap { $0.integer.map(Int.init) }
    }

    /// A few hundred lines of every kind: verdicts, items, Expo arrays, blank lines, bad lines,
    /// a line over `server.max_body_bytes`; with the line numbers each report must carry.
    static func mixedInput() -> (bytes: [UInt8], reported: [Int]) {
        var input = ""
        var reported: [Int] = []
        let kinds = [pass, warn, fail, item, badItem, expo, "not json", #"{"payload":{},"extra":1}"#]
        for index in 0..<400 {
            let number = index + 1
            if index % 37 == 3 {
                input += " \r\n"
                continue
            }
            if index == 250 {
                input += "{\"aps\":{\"alert\":\"" + String(repeating: "a", count: 70_000) + "\"}}\n"
            } else {
                input += kinds[index * 5 % kinds.count] + "\n"
            }
            reported += kinds[index * 5 % kinds.count] == expo && index != 250 ? [number, number] : [number]
        }
        return (Array(input.utf8), reported)
    }

    @Test func theAnswerIsTheCLIsOutputInInputOrder() throws {
        let (input, reported) = Self.mixedInput()
        let cli = try runProcess(
            preflightBinary, ["check", "--ndjson", "-", "--no-fetch", "--header", "apns-push-type:alert"], input: input)
        try withService(Self.configuration()) { service in
            let response = try post(service.port, input)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/x-ndjson")
            #expect(response.text == cli.output)
            let lines = try lines(response)
            let reports = lines.dropLast()
            #expect(reports.map { $0["line"]?.integer.map(Int.init) ?? -1 } == reported)
            // An Expo line's messages are numbered by `index`, as the CLI numbers them.
            let expoLine = try #require(reports.first { $0["index"]?.integer == 1 })
            #expect(expoLine["line"]?.integer == 2)
            let oversize = try #require(reports.first { $0["line"]?.integer == 251 })
            #expect(codes(oversize).contains("payload.too-large"))
            let summary = try #require(lines.last?["summary"])
            #expect(summary["lines"]?.integer == 400)
            #expect(summary["blank"]?.integer == 11)
            #expect(summary["reports"]?.integer == Int64(reported.count))
            let firstLines = integers(summary["codes"]?["payload.invalid-json"]?["first_lines"])
            #expect(firstLines.count == 10)
            #expect(firstLines.first == 7)
        }
    }

    /// One bad line is that line's report; the lines after it are judged.
    @Test func aBadLineIsItsReportAndTheRunGoesOn() throws {
        let input = [Self.pass, "not json", #"{"payload":{"aps":{}},"nope":1}"#, Self.badItem, Self.warn]
            .joined(separator: "\n")
        try withService(Self.configuration()) { service in
            let lines = try lines(try post(service.port, Array(input.utf8)))
            #expect(lines.count == 6)
            #expect(lines[0]["report"]?["verdict"]?.string == "pass")
            #expect(codes(lines[1]).contains("payload.invalid-json"))
            #expect(codes(lines[3]).contains("bulk.item.invalid"))
            #expect(lines[4]["line"]?.integer == 5)
            #expect(lines[4]["report"]?["verdict"]?.string == "warn")
            #expect(lines[5]["summary"]?["verdicts"]?["fail"]?.integer == 3)
        }
    }

    @Test func anEmptyBodyIsTheSummaryAlone() throws {
        let cli = try runProcess(preflightBinary, ["check", "--ndjson", "-", "--no-fetch"], input: [])
        try withService(Self.configuration()) { service in
            let response = try post(service.port, [])
            #expect(response.status == 200)
            #expect(response.text == cli.output)
            #expect(response.text.hasPrefix(#"{"summary":{"lines":0,"blank":0,"reports":0,"#))
        }
    }

    /// Thousands of lines, far over the window (16 lines a CPU): libmicrohttpd's pieces hold
    /// hundreds of lines each, so the body parks and resumes many times; sent chunked, too.
    @Test func aBodyLongerThanTheWindowParksAndResumes() throws {
        let input = Array((0..<6000).map { [Self.pass, Self.warn, Self.fail][$0 % 3] + "\n" }.joined().utf8)
        try withService(Self.configuration()) { service in
            let lines = try lines(try post(service.port, input))
            #expect(lines.count == 6001)
            #expect(lines[5999]["line"]?.integer == 6000)
            #expect(lines[6000]["summary"]?["verdicts"]?["pass"]?.integer == 2000)
            let connection = try TestConnection(port: service.port)
            let head = "POST /v1/preflight/bulk?fetch=false HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            var offset = 0
            var chunked: [UInt8] = []
            while offset < input.count {
                let count = min(5000, input.count - offset)
                chunked += Array((String(count, radix: 16) + "\r\n").utf8) + input[offset..<offset + count] + [13, 10]
                offset += count
            }
            #expect(connection.send(Array(head.utf8) + chunked + Array("0\r\n\r\n".utf8)))
            let answer = try connection.readResponse()
            #expect(answer.status == 200)
            #expect(answer.text.split(separator: "\n").count == 6001)
        }
    }

    @Test func aLineOverTheRequestLimitIsPayloadTooLarge() throws {
        var configuration = Self.configuration()
        configuration.server.maxBodyBytes = 1024
        let long = "{\"aps\":{\"alert\":\"" + String(repeating: "b", count: 2000) + "\"}}"
        try withService(configuration) { service in
            let lines = try lines(try post(service.port, Array((Self.pass + "\n" + long + "\n" + Self.pass).utf8)))
            #expect(lines.count == 4)
            #expect(lines[1]["line"]?.integer == 2)
            #expect(codes(lines[1]).contains("payload.too-large"))
            #expect(lines[2]["report"]?["verdict"]?.string == "pass")
        }
    }

    @Test func aBodyOverTheBulkCapIs413() throws {
        var configuration = Self.configuration()
        configuration.bulk.maxBodyBytes = 1000
        try withService(configuration) { service in
            let body = Array(String(repeating: Self.pass + "\n", count: 40).utf8)
            let response = try post(service.port, body)
            #expect(response.status == 413)
            #expect(response.errorCode == "body-too-large")
            #expect(try post(service.port, Array((Self.pass + "\n").utf8)).status == 200)
        }
    }

    /// One request past `bulk.max_concurrent` is answered 503 with `Retry-After`; the place is
    /// free again once the first is answered.
    @Test func requestsPastTheConcurrencyCapAre503() throws {
        var configuration = Self.configuration()
        configuration.bulk.maxConcurrent = 1
        try withService(configuration) { service in
            let first = try TestConnection(port: service.port)
            let line = Array((Self.pass + "\n").utf8)
            let head =
                "POST /v1/preflight/bulk?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length: \(line.count * 2)\r\n\r\n"
            #expect(first.send(Array(head.utf8) + line))
            // The first request holds its place while its body is half sent. A probe that came in
            // before the first's headers were read would take the place itself and the first be
            // refused: the probes start once the server has had time to read them (under load a
            // probe at once lost that race).
            usleep(300_000)
            var refused: TestResponse?
            for _ in 0..<100 {
                let response = try post(service.port, line)
                if response.status == 503 {
                    refused = response
                    break
                }
                usleep(20_000)
            }
            let answer = try #require(refused)
            #expect(answer.errorCode == "overloaded")
            #expect(answer.headers["retry-after"] == "1")
            #expect(first.send(line))
            #expect(try first.readResponse().status == 200)
            #expect(try post(service.port, line).status == 200)
        }
    }

    @Test func theAPIKeyIsNeeded() throws {
        var configuration = Self.configuration()
        configuration.auth.apiKeys = ["bulk-key"]
        try withService(configuration) { service in
            let line = Array((Self.pass + "\n").utf8)
            let refused = try post(service.port, line)
            #expect(refused.status == 401)
            #expect(refused.errorCode == "unauthorized")
            #expect(try post(service.port, line, headers: [("Authorization", "Bearer bulk-key")]).status == 200)
            let counted = #"preflight_http_requests_total{route="/v1/preflight/bulk",method="POST",status="200"} 1"#
            #expect(try metrics(port: service.port, containing: [counted]).contains(counted))
        }
    }

    @Test func aFullSpoolIs507AndAMissingDirectory503() throws {
        var configuration = Self.configuration()
        configuration.bulk.maxSpoolBytes = 2000
        try withService(configuration) { service in
            let response = try post(service.port, Array(String(repeating: Self.pass + "\n", count: 20).utf8))
            #expect(response.status == 507)
            #expect(response.errorCode == "spool-full")
        }
        configuration.bulk.spoolDir = "/nonexistent/spool"
        try withService(configuration) { service in
            let response = try post(service.port, Array((Self.pass + "\n").utf8))
            #expect(response.status == 503)
            #expect(response.errorCode == "spool-unavailable")
            #expect(response.text.contains("/nonexistent/spool: No such file or directory"))
        }
    }

    /// Two lines naming one URL: one download, shared through the server's cache.
    @Test func oneURLOnTwoLinesIsDownloadedOnce() throws {
        let origins = try Origins.load()
        let path = "/jpeg/bulk-once-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jpg"
        let line = #"{"aps":{"alert":"hi","mutable-content":1},"image":"\#(origins.origin + path)"}"#
        var configuration = origins.configuration()
        configuration.server.threads = 2
        try withService(configuration) { service in
            let response = try post(service.port, Array((line + "\n" + line + "\n").utf8), query: "")
            #expect(response.status == 200)
            let lines = try lines(response)
            #expect(lines.count == 3)
            #expect(lines[0]["report"]?["media"]?["http_status"]?.integer == 200)
            #expect(lines[1]["report"]?["media"]?["http_status"]?.integer == 200)
            #expect(try origins.hits(path) == 1)
        }
    }
}
