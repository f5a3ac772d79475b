import Foundation
import PreflightHost
import PreflightService
import Synchronization

/// The progress line of a bulk run on a terminal's stderr: lines read, lines per second and the
/// verdicts so far, redrawn four times a second by a thread of its own (so it moves on while
/// lines wait for downloads) and cleared when the run ends. Made only when stderr is a terminal.
final class BulkProgress: Sendable {
    private let bulk: BulkCheck
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)

    init(_ bulk: BulkCheck) {
        self.bulk = bulk
        HostThread.start(named: "pf-progress") { [self] in draw() }
    }

    /// Stops redrawing and clears the line.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        stopped.wait()
    }

    private func draw() {
        let start = ContinuousClock.now
        while !stopping.load(ordering: .relaxed) {
            usleep(250_000)
            if stopping.load(ordering: .relaxed) { break }
            let progress = bulk.progress
            let elapsed = start.duration(to: .now).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            let rate = seconds > 0 ? Int(Double(progress.linesRead) / seconds) : 0
            // `\r` and erase-to-end-of-line (ECMA-48 EL, CSI K): the line is redrawn in place.
            Self.write(
                "\r\u{1B}[Kpreflight: \(progress.linesRead) lines, \(rate)/s: \(progress.pass) pass, \(progress.warn) warn, \(progress.fail) fail"
            )
        }
        Self.write("\r\u{1B}[K")
        stopped.signal()
    }

    private static func write(_ text: String) {
        // A progress line that cannot be drawn is not worth stopping the run for.
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
