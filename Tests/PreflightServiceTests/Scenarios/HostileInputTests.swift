import Foundation
import Glibc
import PreflightCore
import PreflightFetch
import PreflightService
import Testing

/// What a hostile client sends gets the right answer: invented labels, ambiguous framing, long
/// keys, bad configuration values, URLs and answers meant to mislead, amplification.
@Suite(.serialized) struct HostileInputTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    // MARK: - Metric labels a client can choose

    /// Invented methods fold into `method="other"`: 40 of them make one series, not 40.
    @Test func inventedMethodsMakeOneSeries() throws {
        try withService { service in
            for index in 0..<40 {
                let response = try httpRequest(
                    port: service.port, "M\(index)-\(String(repeating: "X", count: 64))", "/nowhere")
                #expect(response.status == 404)
            }
            _ = try httpRequest(port: service.port, "get", "/healthz")  // methods are case-sensitive
            let text = try metrics(port: service.port, containing: ["method=\"other\",status=\"404\"} 40"])
            let series = text.split(separator: "\n").filter { $0.hasPrefix("preflight_http_requests_total{") }
            #expect(
                series.contains("preflight_http_requests_total{route=\"unmatched\",method=\"other\",status=\"404\"} 40")
            )
            #expect(!text.contains("M1-"))
            let methods = Set(
                series.compactMap { line in
                    line.split(separator: ",").first { $0.hasPrefix("method=") }.map(String.init)
                })
            #expect(methods.isSubset(of: Set(HTTPMethodLabels.all.map { "method=\"\($0)\"" })), "\(methods)")
        }
    }

    // MARK: - HTTP/1.1 framing

    static let body = #"{"aps":{"alert":"a","mutable-content":1}}"#

    /// Each request a lenient reader could frame two ways is answered 400 (501 for an unknown
    /// transfer coding) with the code, and its connection closed: the bytes after it are never
    /// read as a request of their own (a smuggled request behind an allowed one).
    @Test(
        arguments: [
            (
                "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length: 41\r\nContent-Length: 5\r\n\r\n\(body)",
                400, "bad-request", "Content-Length is sent more than once with different values (41, 5)"
            ),
            (
                "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length : 41\r\n\r\n\(body)",
                400, "bad-request", "the header name \"Content-Length \" is not a token"
            ),
            (
                "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n 41\r\n\r\n\(body)",
                400, "bad-request", "a header line is cut short: a NUL byte inside a value, or a folded line"
            ),
            (
                "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\napns-push-type: alert\r\n extra\r\nContent-Length: 41\r\n\r\n\(body)",
                400, "bad-request", "\"apns-push-typeextra\" is not an APNs header"
            ),
            (
                "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n\(body)",
                501, "unsupported-transfer-coding", "Transfer-Encoding \"gzip\" is not supported"
            ),
            (
                "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 41\r\n\r\n0\r\n\r\n",
                400, "bad-request", "Content-Length and Transfer-Encoding are both sent"
            ),
            (
                "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: ab\u{0}cd\r\n\r\n", 400, "bad-request",
                "a header line is cut short: a NUL byte inside a value"
            ),
            ("GET /healthz HTTP/1.1\r\n\r\n", 400, "bad-request", "an HTTP/1.1 request needs a Host header"),
            (
                "POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\n\r\n\(body)", 400, "bad-request",
                "a POST needs Content-Length or Transfer-Encoding: chunked"
            ),
            ("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "bad-request", "Host is sent more than once"),
        ] as [(String, Int, String, String)])
    func ambiguousFramingIsRefusedAndClosed(request: String, status: Int, code: String, message: String) throws {
        try withService { service in
            let connection = try TestConnection(port: service.port)
            // A second request right behind: it must never be answered.
            connection.send(request + "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == status)
            #expect(response.errorCode == code)
            let text = response.json?["error"]?["message"]?.string ?? ""
            #expect(text.hasPrefix(message), "\(text)")
            #expect(response.headers["connection"] == "close")
            #expect(connection.isClosedByPeer())
        }
    }

    /// Well-formed requests that look unusual still pass: a NUL-free value, bare LF line ends,
    /// an empty header, a repeated identical Content-Length, HTTP/1.0 without Host.
    @Test(arguments: [
        "GET /healthz HTTP/1.1\r\nHost:x\r\nA:  b  \r\nB:\tc\nC: d\r\n\r\n",
        "GET /healthz HTTP/1.1\nHost: x\nA: b\n\n",
        "GET /healthz HTTP/1.1\r\nHost: x\r\nE:\r\nF: 1\r\n\r\n",
        "GET /healthz HTTP/1.0\r\n\r\n",
    ])
    func unusualButWellFramedRequestsPass(request: String) throws {
        try withService { service in
            let connection = try TestConnection(port: service.port)
            connection.send(request)
            #expect(try connection.readResponse().status == 200)
        }
    }

    // MARK: - libmicrohttpd's own answers

    /// libmicrohttpd answers a malformed Content-Length (400), a header block over the
    /// connection's memory (431) itself, with its own HTML body: they are logged and counted
    /// all the same. The body, the `X-Request-Id` and a 505's log line stay out of reach.
    @Test func libmicrohttpdsOwnAnswersAreLoggedAndCounted() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        try withService(accessLogDescriptor: fds[1]) { service in
            let malformed = try TestConnection(port: service.port)
            malformed.send("POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n")
            #expect(try malformed.readResponse().status == 400)
            let huge = try TestConnection(port: service.port)
            huge.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 40000))\r\n\r\n")
            #expect(try huge.readResponse().status == 431)
            let text = try metrics(
                port: service.port,
                containing: [
                    #"{route="unmatched",method="other",status="400"} 1"#,
                    #"{route="unmatched",method="other",status="431"} 1"#,
                ])
            #expect(text.contains(#"preflight_http_requests_total{route="unmatched",method="other",status="400"} 1"#))
            #expect(text.contains(#"preflight_http_requests_total{route="unmatched",method="other",status="431"} 1"#))
        }
        close(fds[1])
        let bytes = readToEnd(fds[0])
        let records = try String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
            try JSONParser.parse(Array($0.utf8)).value
        }
        let statuses = records.compactMap { $0["status"]?.integer }
        #expect(statuses.filter { $0 == 400 || $0 == 431 }.sorted() == [400, 431])
        #expect(records.allSatisfy { ($0["id"]?.string ?? "").isEmpty == false })
    }

    // MARK: - API keys

    /// The key followed by 256 or 512 more bytes is refused (a length difference compared in 8
    /// bits would accept both).
    @Test(arguments: [0, 1, 255, 256, 512])
    func aKeyWithBytesAppendedIsRefused(extra: Int) throws {
        var configuration = testConfiguration()
        configuration.auth.apiKeys = ["k-secret"]
        try withService(configuration) { service in
            let key = "k-secret" + String(repeating: "x", count: extra)
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Authorization", "Bearer \(key)")],
                body: Array(#"{"aps":{"alert":"a","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#.utf8))
            #expect(response.status == (extra == 0 ? 200 : 401))
        }
    }

    /// An empty or blank `PREFLIGHT_API_KEYS` stops start-up instead of silently dropping the file's keys.
    @Test(arguments: ["", " , ,"])
    func aBlankKeyVariableIsAStartError(value: String) throws {
        let result = try runProcess(
            preflightBinary, ["serve", "--port", "0"],
            environment: ["PREFLIGHT_API_KEYS": value, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(result.output.contains("PREFLIGHT_API_KEYS: no key in"), "\(result.output)")
    }

    // MARK: - Configuration values

    /// A malformed range exits 2 naming the key, in `serve` and in `check`: `""` must not crash
    /// with SIGILL, nor `"8.8.8.0/"` be read as a /32 (a deny list with that typo would fail open).
    @Test(arguments: [
        (#"{"egress": {"allow_cidrs": [""]}}"#, "egress.allow_cidrs: \"\" is not an address range"),
        (#"{"egress": {"deny_cidrs": ["8.8.8.0/"]}}"#, "egress.deny_cidrs: \"8.8.8.0/\" is not an address range"),
        (#"{"egress": {"deny_cidrs": ["8.8.8.0/+8"]}}"#, "egress.deny_cidrs: \"8.8.8.0/+8\" is not an address range"),
        (#"{"egress": {"deny_cidrs": ["/8"]}}"#, "egress.deny_cidrs: \"/8\" is not an address range"),
    ])
    func malformedRangesStopStartUp(text: String, message: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("preflight-cidr-\(getpid()).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for command in [["serve", "--port", "0"], ["check", "-"]] {
            let result = try runProcess(preflightBinary, command + ["--config", file.path], input: Array("{}".utf8))
            #expect(result.status == 2, "\(command[0]): \(result.output)")
            #expect(result.output.contains(message), "\(command[0]): \(result.output)")
        }
    }

    /// `fetch` takes `true` or `false` only, as docs/api.md and the OpenAPI document say.
    @Test(arguments: ["0", "1", "yes", ""])
    func fetchTakesTrueOrFalseOnly(value: String) throws {
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=\(value)",
                body: Array(#"{"aps":{"alert":"a","mutable-content":1}}"#.utf8))
            #expect(response.status == 400)
            #expect(response.errorCode == "invalid-query")
        }
    }

    // MARK: - The right finding

    /// A malformed authority is a URL problem, not a refused download.
    @Test(arguments: [
        "http://origin.test:80:80/a.jpg", "https://cdn%2fexample.com/a.jpg", "https://[::1%25eth0]/a.jpg",
    ])
    func malformedHostsAreInvalidURLs(url: String) throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: url)
            #expect(result.codes == ["media.url.invalid"])
            #expect(result.media == nil)
        }
    }

    /// An answer that is not HTTP is a failed download, not a blocked one.
    @Test func aGarbageAnswerIsAFailedDownload() throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.origin + "/garbage/a.jpg")
            #expect(result.codes == ["media.fetch.failed"])
        }
    }

    /// A transfer coding other than chunked stops the download (libcurl left to decode
    /// `Transfer-Encoding: gzip` would pass every limit).
    @Test func aTransferCodingOtherThanChunkedIsRefused() throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.origin + "/tegzip/a.jpg")
            #expect(result.codes == ["media.fetch.failed"])
            let message = result.finding("media.fetch.failed")?["message"]?.string ?? ""
            #expect(message.contains("Transfer-Encoding: gzip, chunked"), "\(message)")
        }
    }

    /// A compressed body is judged decoded, as the device's URLSession gets it (the type and
    /// size checks are not skipped): the attachment is planned on the decoded JPEG.
    @Test func aCompressedBodyIsJudgedDecoded() throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.origin + "/gzip/a.jpg")
            #expect(result.codes == ["media.fetch.content-encoding"])
            #expect(result.media?["sniffed_type"]?.string == "image/jpeg")
            #expect(result.media?["image"]?["width"]?.integer == 640)
            #expect(result.attachment?["uti"]?.string == "public.jpeg")
        }
    }

    /// Width x height x 4 saturates instead of wrapping negative.
    @Test func hugeDimensionsSaturate() {
        #expect(ImageHeader(width: Int.max / 2, height: 3, frames: 1).decodedBytes == Int.max)
        #expect(ImageHeader(width: 1 << 31, height: 1 << 31, frames: 1).decodedBytes == Int.max)
        #expect(ImageHeader(width: 1000, height: 500, frames: 1).decodedBytes == 2_000_000)
    }

    /// An address that breaks two rules has both named.
    @Test func everyBrokenEgressRuleIsNamed() throws {
        let policy = try EgressPolicy(PreflightConfiguration.Egress())
        let address = try #require(IPAddress("10.0.0.1"))
        let refusal = try #require(policy.check(address, port: 22))
        #expect(refusal.address == "10.0.0.1 port 22")
        #expect(refusal.rule == "a port outside egress.allowed_ports, and private (10.0.0.0/8)")
    }

    // MARK: - Amplification

    /// At most 10 findings of a code; the rest are counted, so 500 unknown keys do not
    /// answer 500 findings.
    @Test func findingsOfOneCodeAreCapped() throws {
        var payload = #"{"aps":{"alert":"a","mutable-content":1"#
        for index in 0..<500 { payload += #","k\#(index)":1"# }
        payload += #"},"image":"https://cdn.example.com/a.jpg"}"#
        try withService { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", body: Array(payload.utf8))
            let report = try #require(response.json)
            guard case .array(let findings)? = report["findings"] else {
                Issue.record("no findings")
                return
            }
            #expect(findings.filter { $0["code"]?.string == "aps.key.unknown" }.count == 10)
            #expect(report["findings_omitted"]?["aps.key.unknown"]?.integer == 490)
            #expect(response.body.count < 6000, "\(response.body.count) bytes")
        }
    }

    /// A 1 MB batch of repeated keys gets an answer smaller than itself (uncapped: 21.5 MB).
    @Test func aBatchAnswerIsBounded() throws {
        var item = #"{"payload":"{\"aps\":{\"alert\":\"a\",\"mutable-content\":1"#
        for index in 0..<800 { item += #",\"k\#(index)\":1"# }
        item += #"},\"image\":\"https://cdn.example.com/a.jpg\"}"}"#
        let items = Array(repeating: item, count: 100).joined(separator: ",")
        let body = Array(#"{"items":[\#(items)]}"#.utf8)
        #expect(body.count > 800_000)
        try withService { service in
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight/batch?fetch=false", body: body)
            #expect(response.status == 200)
            #expect(response.body.count < body.count, "answer \(response.body.count) bytes for \(body.count)")
        }
    }

    // MARK: - C status codes

    /// An option libcurl refuses stops the fetcher at start, naming it (with every
    /// `curl_easy_setopt` result dropped, on a libcurl without `CURLOPT_PROTOCOLS_STR` the protocol
    /// allow-list would have vanished). A redirect limit below -1 is one libcurl refuses
    /// (`CURLE_BAD_FUNCTION_ARGUMENT`); the configuration file cannot give it, code can.
    @Test func anOptionLibcurlRefusesStopsTheFetcher() throws {
        var configuration = origins.configuration()
        configuration.fetch.maxRedirects = -2
        do {
            let fetcher = try PreflightCheck.makeFetcher(configuration: configuration)
            fetcher.shutdown()
            Issue.record("the fetcher started with an option libcurl refused")
        } catch {
            #expect(error.message.contains("refused CURLOPT_MAXREDIRS: "), "\(error.message)")
        }
    }

    // MARK: - The default deny list

    @Test(arguments: [
        ("168.63.129.16", "Azure's host endpoint (wireserver) (168.63.129.16/32)"),
        ("192.88.99.1", "6to4 relay anycast (192.88.99.0/24)"),
    ])
    func cloudAndRelayAddressesAreDenied(address: String, rule: String) throws {
        let policy = try EgressPolicy(PreflightConfiguration.Egress())
        let ip = try #require(IPAddress(address))
        #expect(policy.check(ip, port: 443)?.rule == rule)
    }
}

/// The method labels `/metrics` may show.
enum HTTPMethodLabels {
    static let all = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "other"]
}
