import Foundation
import Glibc
import PreflightCore
import PreflightService
import Testing

/// The built `preflight` executable, beside the test bundle in `.build/<configuration>/`.
let preflightBinary: String = {
    if let path = ProcessInfo.processInfo.environment["PREFLIGHT_BINARY"] { return path }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    while directory.path != "/",
        !FileManager.default.fileExists(atPath: directory.appendingPathComponent("preflight").path)
    {
        directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("preflight").path
}()

/// A `preflight serve` child process on an ephemeral port.
final class ServerProcess {
    let process = Process()
    let port: Int
    /// The first stderr line: "preflight VERSION, auth on|off, listening on HOST:PORT".
    let startLine: String
    private let errors = Pipe()

    /// - Parameters:
    ///   - accessLog: a file for the access log (stdout); discarded when nil.
    ///   - stdout: a pipe for stdout instead (which the test may leave unread).
    ///   - binary: the executable, `preflight` of this build by default.
    ///   - launcher: a command that runs the binary (`taskset -c 0`), none by default.
    init(
        arguments: [String] = [], accessLog: URL? = nil, stdout: Pipe? = nil, binary: String = preflightBinary,
        launcher: [String] = []
    ) throws {
        if let command = launcher.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = Array(launcher.dropFirst()) + [binary, "serve", "--port", "0"] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["serve", "--port", "0"] + arguments
        }
        if let stdout {
            process.standardOutput = stdout
        } else if let accessLog {
            guard FileManager.default.createFile(atPath: accessLog.path, contents: nil) else {
                throw TestConnection.Failure(description: "cannot create \(accessLog.path)")
            }
            process.standardOutput = try FileHandle(forWritingTo: accessLog)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardError = errors
        try process.run()
        // The first line on stderr says "... listening on HOST:PORT".
        var line = ""
        let handle = errors.fileHandleForReading
        while !line.hasSuffix("\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += String(decoding: byte, as: UTF8.self)
        }
        guard let portText = line.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines),
            let port = Int(portText)
        else {
            process.terminate()
            throw TestConnection.Failure(description: "no listening line from preflight: \(line)")
        }
        self.port = port
        self.startLine = line
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits for exit; nil when it did not exit within `seconds`.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(5000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

@Suite struct BinaryTests {
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preflight-load-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preflight-config-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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

    /// Issue 14: the start line says whether /v1 needs a key; `version` names the build and libraries.
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
