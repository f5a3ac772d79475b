import Foundation
import Glibc

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
