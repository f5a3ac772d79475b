import Foundation
import Glibc

/// The inputs `preflight check` names, expanded: a file as it is, `-` for stdin, a directory
/// walked for its `*.json` files.
///
/// A walk visits names in byte order (as `LC_ALL=C ls` sorts them), so the order is the same on
/// every machine; it skips hidden names (a leading `.`: `.git`, an editor's `.x.json.swp`); it
/// checks a symbolic link to a file but does not follow one to a directory, as `find` does not,
/// so a link loop cannot make it go round. A file named on the command line is checked whatever
/// its name. What cannot be read (a path that does not exist, a dangling link, a folder it may
/// not list) is an entry with the reason: a failing result for that path, never a stop.
struct PayloadFiles {
    enum Entry: Equatable {
        case stdin
        case file(String)
        case unreadable(String, reason: String)

        var path: String {
            switch self {
            case .stdin: "-"
            case .file(let path), .unreadable(let path, _): path
            }
        }
    }

    private(set) var entries: [Entry] = []
    /// Whether the output names each file: more than one operand, or a directory among them.
    private(set) var several = false

    init(_ operands: [String]) {
        several = operands.count > 1
        for operand in operands {
            if operand == "-" {
                entries.append(.stdin)
                continue
            }
            var status = stat()
            guard stat(operand, &status) == 0 else {
                entries.append(.unreadable(operand, reason: Self.reason(operand, errno)))
                continue
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                several = true
                walk(operand)
            } else {
                entries.append(.file(operand))
            }
        }
    }

    /// Appends the `*.json` files under `directory`, depth first, in byte order.
    private mutating func walk(_ directory: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            entries.append(.unreadable(directory, reason: "cannot list the directory \(directory)"))
            return
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
            let path = prefix + name
            var status = stat()
            guard lstat(path, &status) == 0 else {
                entries.append(.unreadable(path, reason: Self.reason(path, errno)))
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: walk(path)
            case S_IFREG where name.hasSuffix(".json"): entries.append(.file(path))
            case S_IFLNK where name.hasSuffix(".json"):
                // Followed for a file only; a dangling link is named, not skipped: a template
                // that vanished should fail the run.
                var target = stat()
                if stat(path, &target) != 0 {
                    entries.append(.unreadable(path, reason: Self.reason(path, errno)))
                } else if target.st_mode & S_IFMT == S_IFREG {
                    entries.append(.file(path))
                }
            default: continue
            }
        }
    }

    /// `cannot read PATH: <strerror>`.
    static func reason(_ path: String, _ code: Int32) -> String {
        "cannot read \(path): \(String(cString: strerror(code)))"
    }

    /// The bytes of the file at `path`, or the reason it cannot be read.
    static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: reason(path, errno))) }
        // A descriptor opened read-only has no pending writes for close to report.
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        let failed = readChunks(descriptor) { chunk in
            bytes.append(contentsOf: chunk)
            return true
        }
        if let failed { return .failure(ReadFailure(reason: reason(path, failed))) }
        return .success(bytes)
    }

    /// Why a file could not be read.
    struct ReadFailure: Error {
        var reason: String
    }
}
