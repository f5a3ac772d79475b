import Foundation
import Glibc
import PreflightCore
import PreflightService
import Testing

/// `preflight serve` and `preflight healthcheck` as a child process: signals and the drain, shutdown
/// under load, configuration errors, the start line, the environment over the file.
@Suite struct ServeCommandTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func signalDrainsInFlightRequestAndExitsZero(signal: Int32) throws {
        let server = try ServerProcess()
        #expect(try httpRequest(port: server.port, "GET", "/healthz").status == 200)

        let body = Array(#"{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#.utf8)
        let slow = try TestConnection(port: server.port)
        slow.send("POST /v1/preflight?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
        slow.send(Array(body[0..<20]))
        usleep(200_000)

        server.signal(signal)
        usleep(200_000)
        #expect(server.process.isRunning, "the server must wait for the request in flight")
        slow.send(Array(body[20...]))
        let response = try slow.readResponse()
        #expect(response.status == 200)
        #expect(response.json?["verdict"]?.string == "pass")
        #expect(server.waitForExit(seconds: 10) == 0)
    }

    /// SIGTERM in the middle of a wrk run whose every request downloads (kept-alive
    /// connections, downloads in flight): every request the server took is answered 200, or 503
    /// `shutting-down` when it came on a kept-alive connection after the drain; none is lost,
    /// and the process exits 0 within the drain timeout.
    @Test func shutdownUnderLoadLosesNoAcceptedRequest() throws {
        let origins = try Origins.load()
        let directory = try scratchDirectory("load")
        defer { try? FileManager.default.removeItem(at: directory) }
        let payload = directory.appendingPathComponent("payload.json")
        // no-store: nothing is cached, so every request waits for a download of its own.
        let image = origins.origin + "/wait/load.jpg?ms=40&cc=no-store"
        try Data(#"{"aps":{"alert":"load","mutable-content":1},"image":"\#(image)"}"#.utf8).write(to: payload)
        let config = directory.appendingPathComponent("config.json")
        try Data(
            """
            {"payload": {"allow_http_media": true}, \(testProfileJSON),
             "fetch": {"resolve": ["origin.test:\(origins.originPort):127.0.0.1"]},
             "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [\(origins.originPort)]}}
            """.utf8
        ).write(to: config)
        let log = directory.appendingPathComponent("access.log")
        let server = try ServerProcess(arguments: ["--config", config.path], accessLog: log)

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let wrk = Process()
        wrk.executableURL = URL(fileURLWithPath: "/usr/bin/wrk")
        wrk.arguments = [
            "-t2", "-c16", "-d4s", "-s", root.appendingPathComponent("bench/post.lua").path,
            "http://127.0.0.1:\(server.port)/v1/preflight",
        ]
        wrk.environment = ["PAYLOAD": payload.path]
        let output = Pipe()
        wrk.standardOutput = output
        wrk.standardError = output
        try wrk.run()
        usleep(1_000_000)
        // Wait (at most 2 s) until a download is in flight, so the signal lands among them.
        var downloading = false
        for _ in 0..<40 where !downloading {
            let text = try httpRequest(port: server.port, "GET", "/metrics").text
            downloading = !text.contains("preflight_downloads_active 0\n")
            if !downloading { usleep(50_000) }
        }
        let signalled = Date()
        server.signal(SIGTERM)
        let status = server.waitForExit(seconds: 25)
        #expect(status == 0)
        #expect(Date().timeIntervalSince(signalled) < 21, "the drain outlived server.drain_timeout_s")
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        wrk.waitUntilExit()
        #expect(downloading, "no download was in flight under load")

        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 100, "wrk hardly reached the server: \(report)")
        let statuses = lines.compactMap { line in try? JSONParser.parse(Array(line.utf8)).value["status"]?.integer }
        #expect(statuses.count == lines.count)
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "statuses: \(Set(statuses))")
        #expect(statuses.filter { $0 == 200 }.count > 100)
    }

    @Test func configErrorsStopStartupNamingTheKey() throws {
        let directory = try scratchDirectory("config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String)] = [
            (#"{"fetch": {"timeout": 5}}"#, "fetch.timeout: unknown key"),
            (#"{"server": {"threads": "two"}}"#, "server.threads: expected an integer, got a string"),
            (#"{"listen": {"port": 70000}}"#, "listen.port: 70000 is out of range"),
            (#"{"bogus": 1}"#, "bogus: unknown key"),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            let file = directory.appendingPathComponent("c\(index).json")
            try Data(text.utf8).write(to: file)
            let result = try runProcess(preflightBinary, ["serve", "--config", file.path, "--port", "0"])
            #expect(result.status == 2, "\(text)")
            #expect(result.output.contains(expected), "\(result.output)")
        }
    }

    @Test func healthcheckCommandExitsByTheAnswer() throws {
        let server = try ServerProcess()
        let healthy = try runProcess(preflightBinary, ["healthcheck", "--port", String(server.port)])
        #expect(healthy.status == 0, "\(healthy.output)")
        server.signal(SIGTERM)
        #expect(server.waitForExit(seconds: 10) == 0)
        let gone = try runProcess(preflightBinary, ["healthcheck", "--port", String(server.port)])
        #expect(gone.status == 1)
        #expect(gone.output.contains("no answer"))
    }

    /// The start line says whether /v1 needs a key; `version` names the build and libraries.
    @Test func theStartLineSaysWhetherAuthIsOn() throws {
        let open = try ServerProcess()
        #expect(open.startLine.hasPrefix("preflight \(PreflightService.version), auth off, listening on 127.0.0.1:"))
        open.signal(SIGTERM)
        _ = open.waitForExit(seconds: 10)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("auth-\(getpid()).json")
        try Data(#"{"auth": {"api_keys": ["first-key-0123456789", "second-key-0123456789"]}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let closed = try ServerProcess(arguments: ["--config", file.path])
        #expect(closed.startLine.contains(", auth on (2 keys), listening on "))
        closed.signal(SIGTERM)
        _ = closed.waitForExit(seconds: 10)
        let version = try runProcess(preflightBinary, ["version"])
        #expect(version.output.hasPrefix("preflight \(PreflightService.version) (commit "))
        #expect(version.output.contains("libmicrohttpd 0.9.75, libcurl "))
    }

    @Test func environmentOverridesTheFile() throws {
        let result = try runProcess(
            preflightBinary, ["serve"], environment: ["PREFLIGHT_PORT": "not-a-port", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 2)
        #expect(result.output.contains("PREFLIGHT_PORT"))
    }
}
