import Dispatch
import Foundation
import Glibc
import PreflightCore
import PreflightHTTP
import Testing

@testable import PreflightService

@Suite struct ServiceEndpointTests {
    @Test func healthAndReadiness() throws {
        try withService { service in
            let health = try httpRequest(port: service.port, "GET", "/healthz")
            #expect(health.status == 200)
            #expect(health.text == #"{"status":"ok"}"#)
            let ready = try httpRequest(port: service.port, "GET", "/readyz")
            #expect(ready.status == 200)
            #expect(ready.text == #"{"status":"ready"}"#)
        }
    }

    @Test func readinessTurnsToDrainingAndInFlightRequestsFinish() throws {
        let service = try PreflightService(configuration: testConfiguration(), accessLogDescriptor: nil)
        try service.start()
        let port = service.port
        // A keep-alive connection opened before shutdown can still ask; new ones are refused.
        let probe = try TestConnection(port: port)
        probe.sendRequest("GET", "/readyz")
        #expect(try probe.readResponse().status == 200)

        // A request in flight: headers and half of the body sent.
        let body = Array(#"{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#.utf8)
        let slow = try TestConnection(port: port)
        slow.send("POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        slow.send(Array(body[0..<10]))
        let probeDeadline = ContinuousClock.now + .seconds(5)
        // Scrapes on one keep-alive connection: each is the only one of its own in flight,
        // so two means the slow request is in.
        while ContinuousClock.now < probeDeadline {
            probe.sendRequest("GET", "/metrics")
            if try probe.readResponse().text.contains("preflight_http_requests_in_flight 2\n") { break }
            usleep(1000)
        }

        let stopped = Gate()
        DispatchQueue.global().async {
            service.shutdown()
            stopped.open()
        }
        // Readiness turns as soon as shutdown begins.
        var draining = try readyz(on: probe)
        let drainDeadline = ContinuousClock.now + .seconds(5)
        while draining.status == 200, ContinuousClock.now < drainDeadline {
            usleep(2000)
            draining = try readyz(on: probe)
        }
        #expect(draining.status == 503)
        #expect(draining.text == #"{"status":"draining"}"#)
        #expect(draining.headers["connection"] == "close")
        // A new connection is closed unserved.
        #expect(throws: (any Error).self) { _ = try httpRequest(port: port, "GET", "/healthz") }

        slow.send(Array(body[10...]))
        let finished = try slow.readResponse()
        #expect(finished.status == 200)
        #expect(finished.json?["verdict"]?.string == "pass")
        #expect(stopped.wait())
    }

    private func readyz(on connection: TestConnection) throws -> TestResponse {
        connection.sendRequest("GET", "/readyz")
        return try connection.readResponse()
    }

    /// What one of the access log's in-place writers appends to an empty line, as text.
    private func written(_ append: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        append(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Issue 16: the access line's time is written in place; RFC 3339 UTC with milliseconds.
    @Test func accessLogTimesAreRFC3339WithMilliseconds() {
        #expect(written { AccessLog.appendTimestamp(1_795_984_773.123_4, to: &$0) } == "2026-11-29T20:39:33.123Z")
        #expect(written { AccessLog.appendTimestamp(946_688_461.007, to: &$0) } == "2000-01-01T01:01:01.007Z")
        #expect(written { AccessLog.appendTimestamp(0, to: &$0) } == "1970-01-01T00:00:00.000Z")
        #expect(written { AccessLog.appendTimestamp(951_868_799.999_4, to: &$0) } == "2000-02-29T23:59:59.999Z")
        #expect(written { AccessLog.appendTimestamp(4_107_542_400, to: &$0) } == "2100-03-01T00:00:00.000Z")
    }

    /// The date is computed by arithmetic instead of `gmtime_r` (its time-zone lock, per request):
    /// the same date and time as `gmtime_r` for every day of two centuries and random seconds.
    @Test func accessLogDatesAreGmtimes() {
        var generator = SystemRandomNumberGenerator()
        let days = Int64(0)..<Int64(73_049)  // 1970-01-01 to 2169-12-31
        for day in days where day % 7 == 0 || day % 365 < 3 || day % 1461 > 1455 {
            let seconds = day * 86_400 + Int64.random(in: 0..<86_400, using: &generator)
            var time = time_t(seconds)
            var parts = tm()
            #expect(gmtime_r(&time, &parts) != nil)
            let civil = AccessLog.civil(seconds: seconds)
            let expected = (parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
            #expect(civil.year == expected.0 && civil.month == expected.1 && civil.day == expected.2, "\(seconds)")
            #expect(civil.second == parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec, "\(seconds)")
        }
    }

    /// Issue 16: the access line's figures are written as digits in place; the durations read
    /// as `String(Double)` printed them before.
    @Test func accessLogFiguresAreTheDigitsStringPrinted() {
        for seconds in [0.000_181, 0.0125, 0.003, 0.0, 1.234_567, 12.000_4, 0.000_000_4, 31.5] {
            #expect(
                written { AccessLog.appendMilliseconds(seconds, to: &$0) } == String((seconds * 1e6).rounded() / 1e3),
                "\(seconds)")
        }
        for value in [0, 7, 10, 200, 499, 65_536, 1_000_000] {
            #expect(written { AccessLog.appendDecimal(value, to: &$0) } == String(value))
        }
        let record = AccessRecord(
            requestID: "r-1", method: "GET", path: "/healthz", route: "/healthz", status: 200, bytes: 15,
            duration: 0.000_181, startedAt: 1_795_984_773.123)
        #expect(
            written { AccessLog.appendLine(record, to: &$0) }
                == #"{"time":"2026-11-29T20:39:33.123Z","id":"r-1","method":"GET","path":"/healthz","status":200,"bytes":15,"duration_ms":0.181}"#
                + "\n")
    }

    /// Issue 16: the metric series are made at start from `routePaths`; a route missing there
    /// would still be counted, but under a lock.
    @Test func everyRouteHasItsSeriesMadeAtStart() throws {
        var configuration = testConfiguration()
        var admin = PreflightConfiguration.Listen()
        admin.port = 0
        configuration.server.adminListen = admin
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        #expect(service.servedPaths == Set(PreflightService.routePaths))
    }

    /// Issue 16: a route or status the tables made at start do not hold is still counted (under a
    /// lock), in the same series and histogram as the others.
    @Test func seriesOutsideTheStartTablesAreCounted() {
        let metrics = ServiceMetrics(version: "test", routes: ["/known"])
        let record = { (route: String, status: Int) in
            AccessRecord(
                requestID: "r", method: "GET", path: route, route: route, status: status, bytes: 0, duration: 0.002,
                startedAt: 0)
        }
        metrics.record(record("/known", 200))
        metrics.record(record("/known", 418))
        metrics.record(record("/added-later", 200))
        let text = metrics.render(ServiceMetrics.Gauges())
        #expect(text.contains(#"preflight_http_requests_total{route="/known",method="GET",status="200"} 1"#))
        #expect(text.contains(#"preflight_http_requests_total{route="/known",method="GET",status="418"} 1"#))
        #expect(text.contains(#"preflight_http_requests_total{route="/added-later",method="GET",status="200"} 1"#))
        #expect(text.contains(#"preflight_http_request_duration_seconds_count{route="/added-later"} 1"#))
        #expect(text.contains(#"preflight_http_request_duration_seconds_bucket{route="/known",le="0.0025"} 2"#))
    }

    @Test func metricsCountRequestsByRouteAndStatus() throws {
        try withService { service in
            for _ in 0..<3 { _ = try httpRequest(port: service.port, "GET", "/healthz") }
            _ = try httpRequest(port: service.port, "GET", "/missing")
            let scrape = try httpRequest(port: service.port, "GET", "/metrics")
            #expect(scrape.status == 200)
            #expect(scrape.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
            let text = try metrics(
                port: service.port,
                containing: [#"preflight_http_requests_total{route="unmatched",method="GET",status="404"} 1"#])
            #expect(text.contains(#"preflight_http_requests_total{route="/healthz",method="GET",status="200"} 3"#))
            #expect(text.contains(#"preflight_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
            #expect(text.contains(#"preflight_http_request_duration_seconds_count{route="/healthz"} 3"#))
            // The scrape itself is in flight (an earlier one may still be finishing).
            let inFlight = text.split(separator: "\n").first { $0.hasPrefix("preflight_http_requests_in_flight ") }
            #expect(inFlight.flatMap { Int($0.split(separator: " ")[1]) }.map { $0 >= 1 } == true)
            #expect(text.contains("preflight_build_info{version=\"\(PreflightService.version)\"} 1"))
        }
    }

    @Test func servesTheCommittedOpenAPIDocument() throws {
        try withService { service in
            let response = try httpRequest(port: service.port, "GET", "/openapi.json")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let committed = try Data(
                contentsOf: root.appendingPathComponent("Sources/PreflightService/Resources/openapi.json"))
            #expect(response.body == Array(committed))
            #expect(response.json?["openapi"]?.string == "3.1.0")
        }
    }

    @Test func promtoolAcceptsTheMetrics() throws {
        try withService { service in
            _ = try httpRequest(port: service.port, "GET", "/healthz")
            _ = try httpRequest(
                port: service.port, "POST", "/v1/preflight", body: Array(#"{"aps":{}}"#.utf8))
            let metrics = try httpRequest(port: service.port, "GET", "/metrics")
            let result = try runProcess("/usr/bin/promtool", ["check", "metrics"], input: metrics.body)
            #expect(result.status == 0, "promtool: \(result.output)")
        }
    }

    @Test func bearerKeysGuardTheAPIButNotHealth() throws {
        var configuration = testConfiguration()
        configuration.auth.apiKeys = ["k-one", "k-two"]
        try withService(configuration) { service in
            let body = Array(#"{"aps":{"alert":"a","mutable-content":1},"image":"https://x.example/a.png"}"#.utf8)
            let anonymous = try httpRequest(port: service.port, "POST", "/v1/preflight?fetch=false", body: body)
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "unauthorized")
            let wrong = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Authorization", "Bearer k-on")],
                body: body)
            #expect(wrong.status == 401)
            let basic = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Authorization", "Basic k-two")],
                body: body)
            #expect(basic.status == 401)
            let right = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Authorization", "Bearer k-two")],
                body: body)
            #expect(right.status == 200)
            #expect(try httpRequest(port: service.port, "GET", "/healthz").status == 200)
            #expect(try httpRequest(port: service.port, "GET", "/metrics").status == 200)
        }
    }

    @Test func writesOneAccessLogLinePerRequest() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        try withService(accessLogDescriptor: fds[1]) { service in
            _ = try httpRequest(port: service.port, "GET", "/healthz", headers: [("X-Request-Id", "log-test-1")])
            _ = try httpRequest(port: service.port, "GET", "/nope", headers: [("X-Request-Id", "log-test-2")])
        }
        close(fds[1])
        let bytes = readToEnd(fds[0])
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        // A line is written when libmicrohttpd reports its request complete, on that connection's
        // worker thread, so the two lines may come in either order: find them by request id.
        let records = try lines.map { try JSONParser.parse(Array($0.utf8)).value }
        let first = try #require(records.first { $0["id"]?.string == "log-test-1" })
        #expect(first["method"]?.string == "GET")
        #expect(first["path"]?.string == "/healthz")
        #expect(first["status"]?.integer == 200)
        #expect(first["bytes"]?.integer == 15)
        #expect(first["duration_ms"]?.double != nil)
        let time = try #require(first["time"]?.string)
        #expect(time.count == 24, "\(time)")
        #expect(time.hasSuffix("Z"))
        #expect(
            Array(time).enumerated().allSatisfy { index, character in
                [4, 7].contains(index)
                    ? character == "-"
                    : index == 10
                        ? character == "T"
                        : [13, 16].contains(index)
                            ? character == ":"
                            : index == 19
                                ? character == "."
                                : index == 23 ? character == "Z" : character.isNumber
            }, "\(time)")
        let second = try #require(records.first { $0["id"]?.string == "log-test-2" })
        #expect(second["path"]?.string == "/nope")
        #expect(second["status"]?.integer == 404)
    }
}

/// Runs a program to completion, feeding `input`; returns its exit status and output.
func runProcess(_ path: String, _ arguments: [String], input: [UInt8] = [], environment: [String: String]? = nil)
    throws -> (status: Int32, output: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// Issue 14: what the binary is, from the API.
@Suite struct VersionEndpointTests {
    @Test func versionNamesTheBuildAndTheLibraries() throws {
        try withService { service in
            let response = try httpRequest(port: service.port, "GET", "/v1/version")
            #expect(response.status == 200)
            let info = try #require(response.json)
            #expect(info["version"]?.string == PreflightService.version)
            #expect(info["libmicrohttpd"]?.string == "0.9.75")
            #expect(info["libcurl"]?.string?.first?.isNumber == true)
            #expect(info["openssl"]?.string?.hasPrefix("OpenSSL 3.") == true)
            #expect(info["commit"]?.string == BuildInfo.current.commit)
            #expect(info["build_date"]?.string == BuildInfo.current.buildDate)
        }
    }
}
