import Foundation
import PreflightCore
import PreflightFetch
import PreflightHost
import PreflightService

/// `preflight check --ndjson FILE|-`: one push per line, judged on every CPU the process may use,
/// the reports written in input order as JSON Lines, then the summary (docs/ci.md, "A whole
/// campaign export"). Exit 0 when no report fails, 1 when one does or the input cannot be read.
enum BulkCommand {
    /// Bytes read at a time.
    static let chunkBytes = 65536

    static func run(_ path: String, options: CheckOptions, configuration: PreflightConfiguration) throws -> Int32 {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            printError("preflight: \(PayloadFiles.reason(path, errno))")
            return 1
        }
        // A descriptor opened read-only has no pending writes for close to report.
        defer { if descriptor != STDIN_FILENO { _ = close(descriptor) } }
        let fetcher = try CheckCommand.makeFetcher(configuration, noFetch: options.noFetch)
        defer { fetcher?.shutdown() }
        // The server's cache in front of its fetcher: a URL on many lines is downloaded once.
        let cache = fetcher.map { DownloadCache(fetcher: $0, configuration: configuration.cache) }
        var bulkOptions = BulkCheck.Options()
        bulkOptions.headers = options.headers
        bulkOptions.profile = try CheckCommand.profile(named: options.profileName, in: configuration)
        bulkOptions.format = options.envelopeFormat
        bulkOptions.fetch = !options.noFetch && cache != nil
        bulkOptions.expectMedia = options.expectMedia
        let workers = HostCPU.count
        let bulk = BulkCheck(
            check: PreflightCheck(configuration: configuration, media: cache), options: bulkOptions,
            workers: workers,
            window: BulkCheck.window(
                workers: workers, fetching: bulkOptions.fetch, maxConcurrent: configuration.fetch.maxConcurrent),
            output: writeAll)
        let progress = isatty(STDERR_FILENO) == 1 ? BulkProgress(bulk) : nil
        let readFailure = feed(descriptor, to: bulk, maxLineBytes: configuration.server.maxBodyBytes)
        let (summary, outputFailed) = bulk.finish(lines: readFailure.lines)
        progress?.stop()
        if let reason = readFailure.reason { printError("preflight: \(PayloadFiles.reason(path, reason))") }
        if outputFailed {
            printError("preflight: cannot write the reports to stdout; the run stopped")
            return 2
        }
        return summary.fail > 0 || readFailure.reason != nil ? 1 : 0
    }

    /// Reads `descriptor` to its end in chunks, handing each line to `bulk`; the lines read, and
    /// the `errno` of a read that failed (the lines before it are still judged).
    private static func feed(_ descriptor: Int32, to bulk: BulkCheck, maxLineBytes: Int) -> (lines: Int, reason: Int32?)
    {
        var splitter = NDJSONLineSplitter(maxLineBytes: maxLineBytes)
        var writing = true
        let failed = readChunks(descriptor, chunkBytes: chunkBytes) { chunk in
            splitter.feed(chunk) { writing = bulk.submit($0) && writing }
            return writing
        }
        splitter.finish { _ = bulk.submit($0) }
        return (splitter.lines, failed)
    }

    /// Writes all of `bytes` to stdout (false when write fails).
    @Sendable static func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
