import Foundation
import PreflightCore
import PreflightGen

// `preflight-gen [write | check | version] [ROOT]`: writes (or checks) every file generated from
// the Swift catalogues under ROOT (default: the working directory). `make generate` runs `write`.

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "write"
let root = URL(fileURLWithPath: arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)

func run() throws -> Int32 {
    switch command {
    case "version":
        print(PreflightVersion.current)
        return 0
    case "write", "check":
        var stale: [String] = []
        for file in GeneratedFile.all {
            let url = root.appendingPathComponent(file.path)
            let current = try? String(contentsOf: url, encoding: .utf8)
            let expected = try file.render(current)
            guard expected != current else { continue }
            stale.append(file.path)
            if command == "write" {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try expected.write(to: url, atomically: true, encoding: .utf8)
                print("wrote \(file.path)")
            }
        }
        if command == "check" {
            for path in stale { print("\(path) differs from the Swift sources: run make generate") }
            return stale.isEmpty ? 0 : 1
        }
        return 0
    default:
        FileHandle.standardError.write(Data("usage: preflight-gen [write | check | version] [ROOT]\n".utf8))
        return 2
    }
}

do {
    exit(try run())
} catch {
    FileHandle.standardError.write(Data("preflight-gen: \(error)\n".utf8))
    exit(1)
}
