import Foundation
import Glibc
import PreflightCore
import PreflightHTTP
import PreflightService
import Testing

/// The sender guide's clients (`clients/`, linked from `docs/sender-guide.md`) against the real
/// server: they send on pass or warn, hold on fail, and fail open (send, and say so) on a 401, a
/// 5xx, a stopped server and a server that never answers: a safety net must never stop a send.
@Suite(.serialized) struct ClientTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("clients")

    /// Each client as a command line; the Go one compiled once with Debian's golang-go.
    static let commands: [String: [String]] = {
        let dir = directory.path
        let work = (try? scratchDirectory("go")) ?? FileManager.default.temporaryDirectory
        let binary = work.appendingPathComponent("preflight-go").path
        _ = try? runProcess(
            "/usr/bin/go", ["build", "-o", binary, "\(dir)/preflight.go"],
            environment: [
                "GOCACHE": work.appendingPathComponent("cache").path, "HOME": work.path, "PATH": "/usr/bin:/bin",
            ])
        return [
            "curl": ["/bin/bash", "\(dir)/preflight.sh"], "python": ["/usr/bin/env", "python3", "\(dir)/preflight.py"],
            "node": ["/usr/bin/env", "node", "\(dir)/preflight.mjs"], "go": [binary],
        ]
    }()

    func run(_ client: String, payload: String, url: String, key: String? = nil) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("payload-\(getpid())-\(client).json")
        try Data(payload.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var environment = ProcessInfo.processInfo.environment
        environment["PREFLIGHT_URL"] = url
        environment["PREFLIGHT_TIMEOUT"] = "1"
        environment["PREFLIGHT_API_KEY"] = key
        let command = try #require(Self.commands[client])
        let result = try runProcess(command[0], Array(command.dropFirst()) + [file.path], environment: environment)
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let plain = #"{"aps":{"alert":"Order shipped"}}"#
    static let broken = #"{"aps":{"alert":"Sale","mutable-content":"1"}}"#

    @Test(arguments: ["curl", "python", "node", "go"])
    func sendsOnPassAndHoldsOnFail(client: String) throws {
        try withService { service in
            let url = "http://127.0.0.1:\(service.port)"
            let pass = try run(client, payload: Self.plain, url: url)
            #expect(pass == "send pass")
            let fail = try run(client, payload: Self.broken, url: url)
            #expect(fail == "hold fail aps.mutable-content.invalid")
        }
    }

    @Test(arguments: ["curl", "python", "node", "go"])
    func failsOpenOn401AndOn5xx(client: String) throws {
        var locked = testConfiguration()
        locked.auth.apiKeys = ["a-key-that-is-long-enough-1"]
        try withService(locked) { service in
            let url = "http://127.0.0.1:\(service.port)"
            let refused = try run(client, payload: Self.plain, url: url)
            #expect(refused == "send-unchecked: preflight answered 401")
            let allowed = try run(client, payload: Self.plain, url: url, key: "a-key-that-is-long-enough-1")
            #expect(allowed == "send pass")
        }
        var router = Router()
        router.add("POST", "/v1/preflight", sync: { _ in .json(503, #"{"error":{"code":"overloaded"}}"#) })
        try withServer(router: router) { server in
            let unavailable = try run(client, payload: Self.plain, url: "http://127.0.0.1:\(server.port)")
            #expect(unavailable == "send-unchecked: preflight answered 503")
        }
    }

    /// A stopped server (nothing listens) and one that accepts nothing (a full backlog never read).
    @Test(arguments: ["curl", "python", "node", "go"])
    func failsOpenWithoutAnAnswer(client: String) throws {
        let port: Int = try withService { $0.port }  // stopped when withService returns
        let stopped = try run(client, payload: Self.plain, url: "http://127.0.0.1:\(port)")
        #expect(stopped.hasPrefix("send-unchecked: preflight answered nothing"), "\(stopped)")
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(silent, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(bound == 0 && listen(silent, 16) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(silent, $0, &length) }
        }
        try #require(named == 0)
        let silentPort = Int(UInt16(bigEndian: address.sin_port))
        let waited = try run(client, payload: Self.plain, url: "http://127.0.0.1:\(silentPort)")
        #expect(waited.hasPrefix("send-unchecked: preflight answered "), "\(waited)")
    }

    /// The sender guide links each client in `clients/` rather than copying it, and the link
    /// leads to the file.
    @Test(arguments: ["preflight.sh", "preflight.py", "preflight.mjs", "preflight.go"])
    func theSenderGuideLinksEachClient(file: String) throws {
        let docs = Self.directory.deletingLastPathComponent().appendingPathComponent("docs")
        let guide = try String(contentsOf: docs.appendingPathComponent("sender-guide.md"), encoding: .utf8)
        let target = "../clients/\(file)"
        #expect(guide.contains("](\(target))"), "docs/sender-guide.md does not link \(target)")
        let linked = docs.appendingPathComponent(target).standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: linked.path), "\(target) from docs/ leads nowhere")
    }
}
