import Foundation
import Glibc
import PreflightCore
import Testing

/// The `preflight serve` process under what an operator and a hostile client do to it: signals
/// at start, shutdown with downloads and kept-alive connections, a stdout nobody reads, a binary
/// copied alone. Each one ends with the process up or exited 0, never killed or stuck.
@Suite(.serialized) struct ServeProcessLifecycleTests {
    let origins: Origins
    let directory: URL

    init() throws {
        origins = try Origins.load()
        directory = try scratchDirectory("stayup")
    }

    /// A configuration file whose downloads reach the loopback origins.
    func originConfig(_ name: String, server: String = "{}", extra: String = "") throws -> String {
        let file = directory.appendingPathComponent(name)
        let text = """
            {"server": \(server), \(testProfileJSON),
             "payload": {"allow_http_media": true},
             "fetch": {"resolve": ["origin.test:\(origins.originPort):127.0.0.1"], "timeout_ms": 20000\(extra)},
             "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [\(origins.originPort)]}}
            """
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func downloadRequest(_ path: String) -> [UInt8] {
        let body = #"{"aps":{"alert":"hi","mutable-content":1},"image":"\#(origins.origin)\#(path)"}"#
        return Array(
            "POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    /// A kept-alive connection used after the sweep of parked requests must not park again:
    /// `MHD_stop_daemon` aborts the process ("called while we have suspended connections"). It is
    /// answered 503 at once and the process exits 0.
    @Test func aKeptAliveConnectionUsedAfterTheSweepIsAnsweredAndTheProcessExitsZero() throws {
        let config = try originConfig("sweep.json", server: #"{"drain_timeout_s": 1}"#)
        let server = try ServerProcess(arguments: ["--config", config])
        let idle = try TestConnection(port: server.port)
        idle.sendRequest("GET", "/healthz")
        #expect(try idle.readResponse().status == 200)  // kept alive

        let busy = try TestConnection(port: server.port)
        busy.send(downloadRequest("/wait/sweep.jpg?ms=10000"))
        let deadline = Date().addingTimeInterval(5)
        while try origins.hits("/wait/sweep.jpg") == 0, Date() < deadline { usleep(10_000) }

        // A request whose body is half sent stays in flight after the sweep, so the daemon
        // stops only after its 2 s grace: the window in which the kept-alive connection is used.
        let uploading = try TestConnection(port: server.port)
        uploading.send("POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        // Both must have reached the server before the signal (a connection it has not accepted
        // yet is refused once it drains): in flight are they two and the metrics request itself.
        let started = Date().addingTimeInterval(5)
        while Date() < started {
            let text = try httpRequest(port: server.port, "GET", "/metrics").text
            let line = text.split(separator: "\n").first { $0.hasPrefix("preflight_http_requests_in_flight ") }
            if let count = line.flatMap({ Int($0.split(separator: " ")[1]) }), count >= 3 { break }
            usleep(10_000)
        }

        server.signal(SIGTERM)
        // After the 1 s drain the sweep answers the parked download...
        let swept = try busy.readResponse()
        #expect(swept.status == 503)
        #expect(swept.errorCode == "shutting-down")
        // ...and a download asked for on the kept-alive connection after it must not park.
        idle.send(downloadRequest("/wait/late.jpg?ms=10000"))
        let late = try idle.readResponse()
        #expect(late.status == 503)
        #expect(late.errorCode == "shutting-down")
        #expect(late.headers["connection"]?.lowercased() == "close")
        #expect(server.waitForExit(seconds: 10) == 0)
    }

    /// SIGTERM right after the "listening" line, 20 times: every run drains and exits 0 (with
    /// the handlers installed after that line, 18 of 40 runs were killed and 6 ignored it).
    @Test func twentyStartsWithAnImmediateSigtermAllExitZero() throws {
        var statuses: [Int32?] = []
        for _ in 0..<20 {
            let server = try ServerProcess()
            server.signal(SIGTERM)
            statuses.append(server.waitForExit(seconds: 10))
        }
        #expect(statuses == Array(repeating: 0, count: 20))
    }

    /// With stdout a pipe nobody reads, every request is answered and the lost lines are counted
    /// (a blocking write(2) of the access line stops every worker after ~500 requests).
    @Test func aStuckStdoutStopsNoEndpoint() throws {
        let stdout = Pipe()  // never read
        let server = try ServerProcess(stdout: stdout)
        let connection = try TestConnection(port: server.port, timeoutSeconds: 5)
        var statuses: [Int: Int] = [:]
        for _ in 0..<5000 {
            connection.sendRequest("GET", "/healthz")
            let status = (try? connection.readResponse().status) ?? -1
            statuses[status, default: 0] += 1
            if status == -1 { break }
        }
        #expect(statuses == [200: 5000])
        let text = try httpRequest(port: server.port, "GET", "/metrics").text
        let dropped = text.split(separator: "\n").first { $0.hasPrefix("preflight_access_log_dropped_total ") }
        let count = dropped.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        // 5000 lines of ~130 bytes (650 KB) against a 64 KiB pipe and the 256 KiB buffer.
        #expect(count > 1000, "\(dropped ?? "no preflight_access_log_dropped_total")")
        server.signal(SIGTERM)
        #expect(server.waitForExit(seconds: 10) == 0)
    }

    /// A binary copied without a `.resources` folder beside it traps (exit 132) on the first use
    /// of `Bundle.module`, so the OpenAPI document is compiled in (`.embedInCode`). A copy made
    /// here would still find a bundle through the build path SwiftPM compiles into
    /// `Bundle.module`, so the test also checks that the binary names no resource bundle at all.
    @Test func aBinaryCopiedAloneServesItsOpenAPIDocument() throws {
        let image = try Data(contentsOf: URL(fileURLWithPath: preflightBinary))
        #expect(image.range(of: Data("preflight_PreflightService.resources".utf8)) == nil)
        let alone = directory.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("preflight")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(atPath: preflightBinary, toPath: copy.path)
        let server = try ServerProcess(binary: copy.path)
        let response = try httpRequest(port: server.port, "GET", "/openapi.json")
        #expect(response.status == 200)
        // Tests/PreflightServiceTests/Scenarios/<file> -> the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let document = root.appendingPathComponent("Sources/PreflightService/Resources/openapi.json")
        #expect(response.body == Array(try Data(contentsOf: document)))
        server.signal(SIGTERM)
        #expect(server.waitForExit(seconds: 10) == 0)
    }

    /// Pools are sized from the CPUs the process may use, not the host's: under
    /// `taskset -c 0` the budget is 1.
    @Test func theCPUBudgetHonoursTheAffinityMask() throws {
        let server = try ServerProcess(launcher: ["/usr/bin/taskset", "-c", "0"])
        let text = try httpRequest(port: server.port, "GET", "/metrics").text
        #expect(text.contains("\npreflight_cpus 1\n"), "\(text.split(separator: "\n").filter { $0.contains("cpus") })")
        server.signal(SIGTERM)
        #expect(server.waitForExit(seconds: 10) == 0)
    }
}
