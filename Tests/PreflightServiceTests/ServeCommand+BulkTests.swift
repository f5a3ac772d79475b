import Foundation
import Glibc
import PreflightCore
import Testing

/// SIGTERM while a `POST /v1/preflight/bulk` body is still arriving, against the `preflight serve`
/// child process: the drain waits for the body and answers it whole, or, when the body does not
/// come within `server.drain_timeout_s`, the process still exits 0 on time.
@Suite struct ServeCommandBulkTests {
    static let line = #"{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"# + "\n"
    static let lineCount = 2000

    /// A server whose drain lasts `drain` seconds.
    func server(drain: Int) throws -> (ServerProcess, URL) {
        let directory = try scratchDirectory("bulk-drain")
        let config = directory.appendingPathComponent("config.json")
        try Data(#"{"server": {"drain_timeout_s": \#(drain)}, "fetch": {"enabled": false}}"#.utf8).write(to: config)
        return (try ServerProcess(arguments: ["--config", config.path]), directory)
    }

    /// The request's head and the first half of its lines, sent; the rest is returned.
    func startUpload(_ connection: TestConnection) -> [UInt8] {
        let body = Array(String(repeating: Self.line, count: Self.lineCount).utf8)
        let head =
            "POST /v1/preflight/bulk?fetch=false HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
            + "apns-push-type: alert\r\nContent-Length: \(body.count)\r\n\r\n"
        let half = body.count / 2
        #expect(connection.send(Array(head.utf8) + Array(body[..<half])))
        return Array(body[half...])
    }

    @Test func theDrainWaitsForABulkBodyAndAnswersEveryLine() throws {
        let (server, directory) = try server(drain: 20)
        defer { try? FileManager.default.removeItem(at: directory) }
        let connection = try TestConnection(port: server.port)
        let rest = startUpload(connection)
        usleep(300_000)

        server.signal(SIGTERM)
        usleep(300_000)
        #expect(server.process.isRunning, "the server must wait for the bulk body in flight")
        #expect(connection.send(rest))
        let response = try connection.readResponse()
        #expect(response.status == 200)
        let lines = response.text.split(separator: "\n")
        #expect(lines.count == Self.lineCount + 1)
        #expect(lines.first?.hasPrefix(#"{"line":1,"report":{"verdict":"pass""#) == true)
        #expect(lines.dropLast().last?.hasPrefix(#"{"line":\#(Self.lineCount),"report":{"verdict":"pass""#) == true)
        #expect(
            lines.last?.hasPrefix(
                #"{"summary":{"lines":\#(Self.lineCount),"blank":0,"reports":\#(Self.lineCount),"verdicts":{"pass":\#(Self.lineCount),"warn":0,"fail":0}"#
            ) == true, "summary: \(lines.last ?? "none")")
        #expect(server.waitForExit(seconds: 10) == 0)
    }

    /// A client that stops sending halfway: at the drain's end the connection is closed without
    /// an answer (the body never ended, so there is nothing whole to answer), and the process
    /// exits 0 within the drain timeout.
    @Test func aBulkBodyThatNeverEndsDoesNotOutliveTheDrain() throws {
        let (server, directory) = try server(drain: 1)
        defer { try? FileManager.default.removeItem(at: directory) }
        let connection = try TestConnection(port: server.port)
        _ = startUpload(connection)
        usleep(300_000)

        let signalled = Date()
        server.signal(SIGTERM)
        let status = server.waitForExit(seconds: 10)
        #expect(status == 0)
        #expect(Date().timeIntervalSince(signalled) < 5, "the drain outlived server.drain_timeout_s (1 s)")
        do {
            let response = try connection.readResponse()
            Issue.record("answered \(response.status) though the body never ended")
        } catch {
            #expect("\(error)" == "connection closed before a response")
        }
    }
}
