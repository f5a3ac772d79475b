import Foundation

/// Runs a program to completion, feeding `input`; returns its exit status and output.
func runProcess(_ path: String, _ arguments: [String], input: [UInt8] = [], environment: [String: String]? = nil)
    throws -> (status: Int32, output: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
