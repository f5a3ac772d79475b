import Dispatch
import Foundation
import Glibc
import PreflightCore
public import PreflightHTTP
import PreflightHost
import Synchronization

/// Writes one JSON line per finished request to a file descriptor (stdout by default).
///
/// Workers never write: they append the line to a bounded buffer that a writer thread of its
/// own empties with one `write(2)` per batch, every 50 ms or when an eighth of the buffer is
/// full. When the descriptor does not take the bytes (a pipe nobody reads) the buffer fills, and further lines are dropped and counted
/// (`dropped`, in `/metrics` as `preflight_access_log_dropped_total`) instead of stopping
/// every endpoint behind a blocked write.
///
/// ```swift
/// let log = AccessLog(descriptor: 1, bufferBytes: 262_144)
/// log.write(record)   // from any thread; never blocks on the descriptor
/// log.close()         // flushes what it can within a second
/// ```
public final class AccessLog: Sendable {
    private struct Buffer {
        var bytes: [UInt8] = []
        var dropped = 0
        var closing = false
        /// The last line's second, spelled: the next line in that second copies it.
        var stamp = SecondStamp()
    }

    /// Lines the descriptor refused (a full disk, a closed descriptor): counted, never torn.
    private let lostCount = Atomic<Int>(0)

    private let descriptor: Int32
    private let capacity: Int
    private let buffer: Mutex<Buffer>
    /// Signalled when the buffer passes `wakeBytes`, and at close; otherwise the writer looks
    /// every `flushInterval`. Waking it for every line cost a context switch per request.
    private let pending = DispatchSemaphore(value: 0)
    private let wakeBytes: Int
    static let flushInterval = DispatchTimeInterval.milliseconds(50)
    /// Signalled by the writer when it has written everything after `close`.
    private let flushed = DispatchSemaphore(value: 0)

    /// - Parameter bufferBytes: bytes that may wait for the writer; past them lines are dropped.
    public init(descriptor: Int32 = 1, bufferBytes: Int = 262_144) {
        self.descriptor = descriptor
        self.capacity = bufferBytes
        self.wakeBytes = max(1024, bufferBytes / 8)
        var initial = Buffer()
        initial.bytes.reserveCapacity(min(bufferBytes, 65536))
        self.buffer = Mutex(initial)
        HostThread.start(named: "pf-access-log") { [self] in self.drain() }
    }

    /// Lines dropped because the buffer was full.
    public var dropped: Int { buffer.withLock { $0.dropped } }

    /// Lines lost because the descriptor refused them (ENOSPC on a full disk, EPIPE, EBADF).
    public var lost: Int { lostCount.load(ordering: .relaxed) }

    /// Queues the line for `record`: written straight into the buffer, under its lock (a few
    /// hundred nanoseconds), with no line of its own made first.
    public func write(_ record: AccessRecord) {
        let wake = buffer.withLock { buffer -> Bool in
            guard !buffer.closing else {
                buffer.dropped += 1
                return false
            }
            let before = buffer.bytes.count
            Self.appendLine(record, to: &buffer.bytes, stamp: &buffer.stamp)
            guard buffer.bytes.count <= capacity else {
                buffer.bytes.removeSubrange(before...)
                buffer.dropped += 1
                return false
            }
            return before < wakeBytes && buffer.bytes.count >= wakeBytes
        }
        if wake { pending.signal() }
    }

    /// Stops taking lines and waits (at most `timeout`) for the writer to write the rest.
    public func close(timeout: Duration = .seconds(1)) {
        let first = buffer.withLock { buffer -> Bool in
            defer { buffer.closing = true }
            return !buffer.closing
        }
        guard first else { return }
        pending.signal()
        let milliseconds = Int(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        _ = flushed.wait(timeout: .now() + .milliseconds(milliseconds))
    }

    /// The writer thread: takes the whole buffer, writes it, waits for more (at most `flushInterval`).
    /// The buffer is swapped with the writer's own, emptied one, so a batch costs no copy and, once
    /// both have grown, no allocation (taking a copy and emptying the shared array would allocate
    /// a new one per batch, since the copy still holds the old storage).
    private func drain() {
        var batch: [UInt8] = []
        batch.reserveCapacity(min(capacity, 65536))
        while true {
            _ = pending.wait(timeout: .now() + Self.flushInterval)
            while true {
                let closing = buffer.withLock { buffer -> Bool in
                    swap(&buffer.bytes, &batch)
                    return buffer.closing
                }
                if batch.isEmpty {
                    if closing {
                        flushed.signal()
                        return
                    }
                    break
                }
                writeAll(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Writes whole lines. When the descriptor stops taking bytes (a full disk: a short write,
    /// then ENOSPC) the lines not written are counted in `lost`, and a line cut short is taken
    /// back out of a regular file (`ftruncate` to where it began), so the file ends on a whole
    /// line and later lines, once there is room, start on their own.
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    // A closed, broken or full descriptor: the rest is lost, the service goes on.
                    let rest = UnsafeRawBufferPointer(rebasing: raw[offset...])
                    lostCount.add(rest.count { $0 == 0x0A }, ordering: .relaxed)
                    takeBackPartialLine(raw, writtenUpTo: offset)
                    return
                }
                offset += written
            }
        }
    }

    /// After a failed write at `offset`: the bytes of the line that were written are removed
    /// from a regular file. Elsewhere (a pipe, a terminal) nothing can be taken back; a write
    /// to a blocking pipe is not cut short but by an error.
    private func takeBackPartialLine(_ raw: UnsafeRawBufferPointer, writtenUpTo offset: Int) {
        var start = offset
        while start > 0, raw[start - 1] != 0x0A { start -= 1 }
        let partial = offset - start
        guard partial > 0 else { return }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= partial else { return }
        // A failure leaves the torn line: nothing else can be done, and the loss is counted.
        if ftruncate(descriptor, end - off_t(partial)) == 0 { _ = lseek(descriptor, 0, SEEK_END) }
    }

    /// The UTC date of `seconds` since 1970 and the second of that day, by arithmetic: glibc's
    /// `gmtime_r` takes the process-wide time-zone lock on every call (`__tz_convert`), once per
    /// request here. Days are counted in 400-year eras of 146,097 days from 0000-03-01, so a leap
    /// day ends its year (the civil-from-days method of Howard Hinnant's "chrono-compatible
    /// low-level date algorithms"); a test compares it with `gmtime_r` over two centuries.
    static func civil(seconds: Int64) -> (year: Int32, month: Int32, day: Int32, second: Int32) {
        var days = seconds / 86_400
        var second = seconds % 86_400
        if second < 0 {
            second += 86_400
            days -= 1
        }
        let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // from March 1
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int32(truncatingIfNeeded: year), Int32(month), Int32(day), Int32(second))
    }
}
