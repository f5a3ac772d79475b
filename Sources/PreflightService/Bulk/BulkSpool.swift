import Glibc
import PreflightHTTP
import Synchronization

/// Where the answer of one `POST /v1/preflight/bulk` is written while its body still arrives:
/// an unnamed file (`open(2)`'s `O_TMPFILE`: it has no name to clean up, and the kernel frees it
/// when its last descriptor closes, however the process ends), capped at `limit` bytes, then
/// answered from the descriptor by libmicrohttpd (`ResponseFile`).
///
/// Written because libmicrohttpd 0.9.75 cannot start an answer before the request's body has
/// ended (`HTTPBodySink`): the reports of a long body would otherwise wait in memory.
final class BulkSpool: Sendable {
    private struct State {
        var descriptor: Int32?
        var written = 0
        /// The first write that failed: its `errno`, or 0 for the cap.
        var failure: Int32?
    }

    private let state: Mutex<State>
    let limit: Int

    /// `O_TMPFILE`, which Swift does not import (glibc defines it as `__O_TMPFILE | O_DIRECTORY`
    /// with `__O_TMPFILE` 020000000 on x86-64 and arm64: `bits/fcntl-linux.h`; open(2), "O_TMPFILE").
    static let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

    private init(descriptor: Int32, limit: Int) {
        state = Mutex(State(descriptor: descriptor))
        self.limit = limit
    }

    /// A new spool file in `directory`, or the 503 that says why none can be made.
    static func open(directory: String, limit: Int) -> Result<BulkSpool, RefusedBulk> {
        let descriptor = Glibc.open(directory, Self.temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            return .failure(
                RefusedBulk(
                    response: .error(
                        503, code: "spool-unavailable",
                        message: "cannot make the answer's spool file in bulk.spool_dir \(directory): \(reason)")))
        }
        return .success(BulkSpool(descriptor: descriptor, limit: limit))
    }

    /// Appends `bytes` (on the bulk run's writer thread); false once a write failed or the cap
    /// was reached, after which nothing more is written.
    @Sendable func write(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard state.failure == nil, let descriptor = state.descriptor else { return false }
            guard state.written + bytes.count <= limit else {
                state.failure = 0
                return false
            }
            let failure = bytes.withUnsafeBytes { Self.writeAll(descriptor, $0) }
            if let failure {
                state.failure = failure
                return false
            }
            state.written += bytes.count
            return true
        }
    }

    /// The `errno` of a `write` that failed, nil when all of it was written.
    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }

    /// The answer: the file's bytes (the descriptor handed to the response), or the error a
    /// failed write gives (507 when the spool is full, 500 for another failure).
    func answer() -> HTTPResponse {
        state.withLock { state in
            if let failure = state.failure {
                return Self.failed(failure, limit: limit)
            }
            guard let descriptor = state.descriptor else {
                return .error(500, code: "internal", message: "the bulk answer's spool was closed")
            }
            state.descriptor = nil
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "application/x-ndjson")],
                file: ResponseFile(descriptor: descriptor, size: state.written))
        }
    }

    private static func failed(_ failure: Int32, limit: Int) -> HTTPResponse {
        switch failure {
        case 0:
            return .error(
                507, code: "spool-full",
                message: "the reports are over bulk.max_spool_bytes (\(limit) bytes); send the export in parts")
        case ENOSPC, EDQUOT, EFBIG:
            return .error(
                507, code: "spool-full",
                message: "bulk.spool_dir is full (\(String(cString: strerror(failure)))); send the export in parts")
        default:
            return .error(
                500, code: "spool-failed",
                message: "writing the answer's spool file failed: \(String(cString: strerror(failure)))")
        }
    }

    /// Lets the file go (a request cancelled, or answered with an error).
    func close() {
        let descriptor = state.withLock { state in
            defer { state.descriptor = nil }
            return state.descriptor
        }
        // An unnamed file nobody will read: close's status has nothing to report.
        if let descriptor { _ = Glibc.close(descriptor) }
    }

    deinit { close() }
}

/// The answer that refuses a bulk request before its body is read.
struct RefusedBulk: Error {
    var response: HTTPResponse
}
