import Foundation
import Glibc
import Testing

/// `preflight demo` prints what the README shows, and its three commands answer what
/// the README shows (pass, warn, fail), byte for byte.
@Suite(.serialized) struct DemoTests {
    /// The ```text blocks between the README's demo markers: what the demo prints, then the answers.
    static func readmeBlocks() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- demo:begin -->"))
        let end = try #require(readme.range(of: "<!-- demo:end -->"))
        let section = readme[start.upperBound..<end.lowerBound]
        return section.components(separatedBy: "```text\n").dropFirst().map {
            String($0[..<($0.range(of: "\n```")?.lowerBound ?? $0.endIndex)])
        }
    }

    @Test func theDemoAndItsCommandsAnswerAsTheReadmeShows() throws {
        let blocks = try Self.readmeBlocks()
        try #require(blocks.count == 4)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: preflightBinary)
        process.arguments = ["demo"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        // The instructions end with the third command.
        var printed = ""
        let handle = output.fileHandleForReading
        while printed.components(separatedBy: "\ncurl ").count < 4 || !printed.hasSuffix("\n") {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { break }
            printed += String(decoding: byte, as: UTF8.self)
        }
        #expect("$ preflight demo\n" + printed == blocks[0] + "\n")
        let commands = printed.split(separator: "\n").filter { $0.hasPrefix("curl ") }
        #expect(commands.count == 3)
        for (index, command) in commands.enumerated() {
            let answer = try runProcess("/bin/bash", ["-c", String(command)])
            #expect(answer.output == blocks[index + 1] + "\n", "command \(index + 1)")
        }
        #expect(blocks[1].hasPrefix("PASS "))
        #expect(blocks[2].hasPrefix("WARN "))
        #expect(blocks[3].hasPrefix("FAIL "))
    }
}
