import Foundation
import Testing

/// `bench/http/paced_post.c`, the constant-rate load of `bench/http/latency.sh`, compiled with
/// `cc` and run against `preflight serve`: it counts exactly the requests due in its window and
/// stops with an error on an answer other than 200, so a p99 it prints is of answered requests.
@Suite struct PacedLoadTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The generator compiled into `directory`, with the bench's warnings as errors.
    private func build(into directory: URL) throws -> String {
        let binary = directory.appendingPathComponent("paced_post").path
        let source = Self.root.appendingPathComponent("bench/http/paced_post.c").path
        let result = try runProcess("/usr/bin/cc", ["-O2", "-Wall", "-Wextra", "-Werror", "-o", binary, source])
        #expect(result.status == 0, "\(result.output)")
        return binary
    }

    /// 400 requests/s for one counted second (after its second of warm-up): request k is due at
    /// k x 2.5 ms, so exactly 400 fall in the window, each answered 200.
    @Test func countsExactlyTheRequestsDueInItsWindow() throws {
        let directory = try scratchDirectory("paced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = try build(into: directory)
        let server = try ServerProcess()
        let payload = Self.root.appendingPathComponent("bench/payload-1k.json").path
        let result = try runProcess(
            generator, ["\(server.port)", "/v1/preflight?fetch=false", payload, "400", "1", "4"])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(
            lines.map { $0.first.map(String.init) ?? "" } == ["requests", "rate", "p50", "p90", "p99", "p99.9", "max"])
        #expect(lines.first?.last == "400")
        #expect(lines.dropFirst().first?.last == "400")
    }

    /// A 404 is not a latency: the run stops at the first, exit status 1, saying why.
    @Test func stopsAtAnAnswerOtherThan200() throws {
        let directory = try scratchDirectory("paced")
        defer { try? FileManager.default.removeItem(at: directory) }
        let generator = try build(into: directory)
        let server = try ServerProcess()
        let payload = Self.root.appendingPathComponent("bench/payload-1k.json").path
        let result = try runProcess(generator, ["\(server.port)", "/v1/no-such-path", payload, "100", "1", "2"])
        #expect(result.status == 1)
        #expect(result.output == "paced_post: a status other than 200\n")
    }
}
