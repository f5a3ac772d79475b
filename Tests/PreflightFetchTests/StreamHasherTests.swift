import PreflightCore
import Synchronization
import Testing

@testable import PreflightFetch

/// The hasher feeds the injected body scanner every chunk in order, and lets it record only
/// for a download that finished; the budget its scanner reserved goes back either way.
@Suite struct StreamHasherTests {
    /// Keeps what it is fed, reserves `reserve` bytes on the first chunk, and records the
    /// count of bytes as a `moovTooLarge` scan (any recognisable mark would do).
    struct Recorder: BodyScanner {
        var seen: [UInt8] = []
        var admit: (@Sendable (Int) -> Bool)?
        var reserve: Int
        var admittedBytes = 0
        var isDone: Bool { seen.count >= 10 }

        mutating func consume(_ chunk: UnsafeRawBufferPointer) {
            if seen.isEmpty, let admit, admit(reserve) { admittedBytes = reserve }
            seen += chunk
        }

        func record(into outcome: inout DownloadOutcome) {
            outcome.movie = .moovTooLarge(bytes: Int64(seen.count))
            outcome.prefix = seen
        }
    }

    static func run(_ chunks: [[UInt8]], wanted: Bool, budget: MoovBudget) async -> DownloadOutcome {
        let hasher = StreamHasher(
            scanner: { admit in Recorder(admit: admit, reserve: 100) }, moovBudget: budget)
        for chunk in chunks { chunk.withUnsafeBytes { hasher.update($0) } }
        return await withCheckedContinuation { continuation in
            hasher.finish(DownloadOutcome(url: "http://127.0.0.1/a"), wanted: wanted) {
                continuation.resume(returning: $0)
            }
        }
    }

    @Test func scannerFedInOrderUntilDone() async {
        let budget = MoovBudget(limit: 1000)
        let chunks: [[UInt8]] = [[1, 2, 3], [4, 5, 6, 7], [8, 9, 10], [11, 12]]
        let outcome = await Self.run(chunks, wanted: true, budget: budget)
        // Fed until `isDone` (10 bytes): the fourth chunk is hashed, not scanned.
        #expect(outcome.prefix == Array(1...10))
        #expect(outcome.movie == .moovTooLarge(bytes: 10))
        #expect(outcome.sha256 == SHA256Digest.hex(Array(1...12)))
        #expect(budget.kept == 0)
    }

    @Test func failedDownloadRecordsNothing() async {
        let budget = MoovBudget(limit: 1000)
        let outcome = await Self.run([[1, 2, 3]], wanted: false, budget: budget)
        #expect(outcome.movie == nil)
        #expect(outcome.sha256 == nil)
        #expect(outcome.prefix == [])
        #expect(budget.kept == 0)
    }
}
