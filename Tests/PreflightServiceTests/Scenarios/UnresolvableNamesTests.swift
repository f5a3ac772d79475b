import Foundation
import Glibc
import PreflightCore
import PreflightService
import Testing

/// Name lookups run on at most `fetch.max_lookups` threads, however many unresolvable names
/// strangers send (libcurl's threaded resolver started one thread per name, and with
/// `CURLOPT_QUICK_EXIT` left it running after the download gave up).
@Suite(.serialized) struct UnresolvableNamesTests {
    let origins: Origins
    let directory: URL

    init() throws {
        origins = try Origins.load()
        directory = try scratchDirectory("lookups")
    }

    /// Threads of the server process now. The server runs as a child process: the test process
    /// runs other suites' servers at the same time, so its own thread count says nothing.
    func threadCount(_ server: ServerProcess) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/task").count
    }

    func pushBody(_ url: String) -> [UInt8] {
        Array(#"{"aps":{"alert":"hi","mutable-content":1},"image":"\#(url)"}"#.utf8)
    }

    func push(_ url: String) -> String {
        let body = pushBody(url)
        return "POST /v1/preflight HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n"
            + String(decoding: body, as: UTF8.self)
    }

    /// `fetch.max_lookups` 4, downloads from the misbehaving origin, no cache.
    func serve() throws -> ServerProcess {
        let file = directory.appendingPathComponent("lookups.json")
        let text = """
            {\(testProfileJSON), "payload": {"allow_http_media": true}, "cache": {"ttl_s": 0},
             "fetch": {"resolve": ["origin.test:\(origins.originPort):127.0.0.1"], "max_lookups": 4,
                       "connect_timeout_ms": 1000, "timeout_ms": 3000},
             "egress": {"allow_cidrs": ["127.0.0.0/8"], "allowed_ports": [\(origins.originPort)]}}
            """
        try Data(text.utf8).write(to: file)
        return try ServerProcess(arguments: ["--config", file.path])
    }

    /// 24 pushes naming distinct names whose resolver never answers: the server never holds more
    /// than `fetch.max_lookups` (4) lookup threads over its threads before them (not one
    /// thread per name, 24, each left running after its download gave up); a loopback download
    /// sent meanwhile is answered 200; each blackholed push gets `media.fetch.dns`; the threads
    /// still resolving for downloads that gave up are counted.
    @Test func unresolvableNamesHoldAtMostTheLookupBound() throws {
        try #require(origins.blackholeDNS, "run with PREFLIGHT_NETNS=1: the DNS server is set up in the namespace")
        let server = try serve()
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit(seconds: 15)
        }
        do {
            // Warm up every path a download takes, so the baseline holds the server's fixed threads.
            let warm = try httpRequest(
                port: server.port, "POST", "/v1/preflight",
                body: pushBody(origins.origin + "/jpeg/warm.jpg"))
            #expect(warm.status == 200)
            let baseline = try threadCount(server)

            let names = 24
            var connections: [TestConnection] = []
            for index in 0..<names {
                let connection = try TestConnection(port: server.port, timeoutSeconds: 20)
                connection.send(push("http://n\(index).blackhole.test:\(origins.originPort)/a.jpg"))
                connections.append(connection)
            }
            var highest = 0
            for _ in 0..<15 {
                highest = max(highest, try threadCount(server))
                usleep(100_000)
            }
            let beside = try httpRequest(
                port: server.port, "POST", "/v1/preflight",
                body: pushBody(origins.origin + "/jpeg/beside.jpg"))
            highest = max(highest, try threadCount(server))

            // 4 lookup threads; 4 more for libdispatch's workers (the lookups' deadline timers).
            #expect(highest - baseline <= 4 + 4, "threads: \(baseline) before, \(highest) at most")
            #expect(beside.status == 200, "\(beside.text)")
            #expect(beside.json?["media"]?["http_status"]?.integer == 200)
            for connection in connections {
                let response = try connection.readResponse()
                guard case .array(let findings)? = response.json?["findings"] else {
                    Issue.record("no findings in \(response.text)")
                    continue
                }
                let codes = findings.compactMap { $0["code"]?.string }
                #expect(codes.contains("media.fetch.dns"), "\(response.text)")
            }
            // The four lookups that gave up at connect_timeout_ms are still in getaddrinfo (10 s).
            let abandoned = try #require(
                try gauge("preflight_dns_lookups_abandoned", port: server.port), "no lookup gauge in /metrics")
            #expect(abandoned == 4)
        }
    }

    /// The value of an unlabelled metric.
    func gauge(_ name: String, port: Int) throws -> Int? {
        let text = try httpRequest(port: port, "GET", "/metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ")[1]) }
    }
}
