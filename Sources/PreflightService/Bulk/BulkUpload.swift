import Foundation
import PreflightCore
import PreflightHTTP
import PreflightHost
import Synchronization

/// The body of one `POST /v1/preflight/bulk` as it arrives: cut into lines by the CLI's
/// splitter, each handed to the CLI's `BulkCheck` as soon as the window has a place for it, the
/// reports written in order to the request's spool; at the body's end the summary follows and the
/// spool is the answer, byte for byte what `preflight check --ndjson` writes for the same lines.
///
/// libmicrohttpd's thread never waits: when the window is full the piece is taken only up to the
/// last line handed over, the connection parks (`HTTPBodySink`), and the writer's next freed place
/// wakes it (`BulkCheck.whenRoom`). The waits that remain (the last lines, the summary) run on a
/// thread of the request's own.
final class BulkUpload: HTTPBodySink {
    private struct Reading {
        var splitter: NDJSONLineSplitter
        /// The piece being read, copied once so the splitter reads it in place line by line.
        var piece: [UInt8] = []
        /// The output failed (the spool is full): the rest of the body is read and dropped.
        var dropping = false
    }

    private let bulk: BulkCheck
    private let spool: BulkSpool
    private let waker: BodyWaker
    /// Gives back the request's place among `bulk.max_concurrent`, once.
    private let release: @Sendable () -> Void
    /// Only the connection's worker touches it (one call at a time), and then the finishing thread.
    private let reading: Mutex<Reading>

    init(
        bulk: BulkCheck, spool: BulkSpool, waker: BodyWaker, maxLineBytes: Int,
        release: @escaping @Sendable () -> Void
    ) {
        self.bulk = bulk
        self.spool = spool
        self.waker = waker
        self.release = release
        reading = Mutex(Reading(splitter: NDJSONLineSplitter(maxLineBytes: maxLineBytes)))
    }

    func take(_ bytes: UnsafeRawBufferPointer) -> Int {
        reading.withLock { reading in
            guard !reading.dropping else { return bytes.count }
            reading.piece.removeAll(keepingCapacity: true)
            reading.piece.append(contentsOf: bytes)
            var offset = 0
            while let newline = reading.piece[offset...].firstIndex(of: UInt8(ascii: "\n")) {
                // A line ends here: it needs its place in the window before the splitter gives it.
                guard reservePlace() else { return offset }
                var ended: NDJSONLineSplitter.Line?
                reading.splitter.feed(reading.piece[offset...newline]) { ended = $0 }
                if let ended, !bulk.submit(reserved: ended) {
                    reading.dropping = true
                    return bytes.count
                }
                offset = newline + 1
            }
            // The start of a line the next piece goes on with: no line ends, so nothing is given.
            reading.splitter.feed(reading.piece[offset...]) { _ = bulk.submit($0) }
            return bytes.count
        }
    }

    /// A place for the next line, or false with the waker set for when one frees.
    private func reservePlace() -> Bool {
        if bulk.reserve() { return true }
        let waker = self.waker
        bulk.whenRoom { waker.wake() }
        // A place freed before `whenRoom` would wake nobody: look once more.
        return bulk.reserve()
    }

    func finish(_ responder: Responder) {
        HostThread.start(named: "pf-bulk-finish") { [self] in
            let lines = reading.withLock { reading in
                reading.splitter.finish { _ = bulk.submit($0) }
                return reading.splitter.lines
            }
            _ = bulk.finish(lines: lines)
            // The place is free once the run's threads are done, before the client reads the answer.
            release()
            responder.respond(spool.answer())
        }
    }

    func cancel() {
        // The lines in flight end first (`finish` waits for them), off libmicrohttpd's thread.
        HostThread.start(named: "pf-bulk-cancel") { [self] in
            _ = bulk.finish(lines: reading.withLock { $0.splitter.lines })
            spool.close()
            release()
        }
    }
}
