import Foundation
import Glibc
import PreflightCore
import PreflightService

let versionString = PreflightService.version

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Reads `descriptor` to its end in chunks of at most `chunkBytes`, each handed to `take`, which
/// returns false to stop early. Returns the `errno` of a failed read (EINTR is retried), or nil
/// at the end or when `take` stopped: the one read loop of a whole file and of a streamed input.
func readChunks(_ descriptor: Int32, chunkBytes: Int = 65536, _ take: (ArraySlice<UInt8>) -> Bool) -> Int32? {
    var chunk = [UInt8](repeating: 0, count: chunkBytes)
    while true {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 { return nil }
        if count < 0 {
            if errno == EINTR { continue }
            return errno
        }
        if !take(chunk[..<count]) { return nil }
    }
}

/// A command-line mistake: exit 2 with the message.
struct UsageError: Error, CustomStringConvertible {
    var message: String

    var description: String { message }
}

/// Reads the file behind `--config` over the defaults, then the environment.
func loadConfiguration(path: String?) throws -> PreflightConfiguration {
    var configuration = PreflightConfiguration()
    if let path {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("cannot read configuration file \(path)")
        }
        configuration = try PreflightConfiguration.decode(Array(data))
    }
    try configuration.applyEnvironment(ProcessInfo.processInfo.environment)
    if let caFile = configuration.fetch.caFile, !FileManager.default.isReadableFile(atPath: caFile) {
        // curl would only say so on the first https download, as a TLS failure of the origin's.
        throw ConfigurationError("fetch.ca_file: no readable file at \(caFile)")
    }
    return configuration
}

/// Takes the value of an option such as `--port 8080`.
func optionValue(_ name: String, _ arguments: [String], _ index: inout Int) throws -> String {
    index += 1
    guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
    return arguments[index]
}

/// Takes the value of a port option (`--port`, `--origin-port`): a number 0...65535.
func portValue(_ name: String, _ arguments: [String], _ index: inout Int) throws -> Int {
    let text = try optionValue(name, arguments, &index)
    guard let value = Int(text), (0...65535).contains(value) else {
        throw UsageError(message: "\(name): expected a port number 0...65535, got \"\(text)\"")
    }
    return value
}
