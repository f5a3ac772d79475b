import Foundation
import Testing

/// `bench/http/paced_post.c`, the constant-rate load of `bench/http/latency.sh`, compiled with
/// `cc` and run against `preflight serve`: it counts exactly the requests due in its window and
/// stops with an error on an answer other than 200, so a p99 it prints is of answered requests.
@Suite struct PacedLoadTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The generator, compiled with the bench's warnings as errors into a scratch directory of
    /// the test's own (`scratch`: the tests run side by side, and one's cleanup must not remove
    /// the other's binary), run against a new server with bench/payload-1k.json: `arguments`
    /// after the port, the path and the body file.
    private func run(scratch: String, path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let directory = try scratchDirectory(scratch)
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = directory.appendingPathComponent("paced_post").path
        let source = Self.root.appendingPathComponent("bench/http/paced_post.c").path
        let built = try runProcess("/usr/bin/cc", ["-O2", "-Wall", "-Wextra", "-Werror", "-o", generator, source])
        #expect(built.status == 0, "\(built.output)")
        let server = try ServerProcess()
        let payload = Self.root.appendingPathComponent("bench/payload-1k.json").path
        return try runProcess(generator, ["\(server.port)", path, payload] + arguments)
    }

    /// 400 requests/s for one counted second (after its second of warm-up): request k is due at
    /// k x 2.5 ms, so exactly 400 fall in the window, each answered 200.
    @Test func countsExactlyTheRequestsDueInItsWindow() throws {
        let result = try run(scratch: "paced-count", path: "/v1/preflight?fetch=false", ["400", "1", "4"])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(
            lines.map { $0.first.map(String.init) ?? "" } == ["requests", "rate", "p50", "p90", "p99", "p99.9", "max"])
        #expect(lines.first?.last == "400")
        #expect(lines.dropFirst().first?.last == "400")
    }

    /// A 404 is not a latency: the run stops at the first, exit status 1, saying why.
    @Test func stopsAtAnAnswerOtherThan200() throws {
        let result = try run(scratch: "paced-refusal", path: "/v1/no-such-path", ["100", "1", "2"])
        #expect(result.status == 1)
        #expect(result.output == "paced_post: a status other than 200\n")
    }
}
