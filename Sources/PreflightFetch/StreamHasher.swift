import Dispatch
import PreflightCore
import PreflightHost
import Synchronization

/// SHA-256 of a body as it streams, and the caller's reading of it (`BodyPolicy.scanner`: the
/// service's walk of MP4 boxes), computed beside the download rather than inside it: chunks are
/// handled on a queue of their own so this work and receiving overlap, and the curl thread only
/// moves bytes. The bytes waiting are capped across all downloads; past the cap a chunk is
/// handled before the download goes on, so memory stays bounded whatever the media's size.
final class StreamHasher: @unchecked Sendable {
    // @unchecked Sendable: `digest` and `scanner` are only touched on `queue`, which is serial
    // (and in `deinit`, when no other reference is left).

    /// Bytes waiting to be hashed, all downloads together.
    private static let backlog = Atomic<Int>(0)
    /// The most bytes allowed to wait: past it hashing is done in line.
    static let backlogLimit = 4 << 20

    /// Serial lanes the hashers' queues run on: one per core, so a thousand downloads hash on a
    /// few threads instead of making Dispatch grow a thread for each.
    private static let lanes: [DispatchQueue] = (0..<HostCPU.count).map {
        DispatchQueue(label: "preflight.sha256.lane\($0)")
    }
    private static let nextLane = Atomic<Int>(0)

    private let digest = SHA256Digest()
    private var scanner: (any BodyScanner)?
    private let queue: DispatchQueue
    private let moovBudget: MoovBudget?

    /// - Parameters:
    ///   - scanner: makes the reader fed every chunk after the hash; nil reads nothing more.
    ///   - moovBudget: the bytes all downloads' readers may keep together; nil: no total.
    init(scanner makeScanner: BodyPolicy.ScannerFactory?, moovBudget: MoovBudget? = nil) {
        self.moovBudget = moovBudget
        var admit: (@Sendable (Int) -> Bool)? = nil
        if let moovBudget { admit = { bytes in moovBudget.reserve(bytes) } }
        scanner = makeScanner?(admit)
        let lane = Self.nextLane.add(1, ordering: .relaxed).oldValue % Self.lanes.count
        queue = DispatchQueue(label: "preflight.sha256", target: Self.lanes[lane])
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        let waiting = Self.backlog.add(count, ordering: .relaxed).newValue
        if waiting > Self.backlogLimit {
            // In order with what is queued: sync runs after the earlier chunks.
            queue.sync {
                digest.update(bytes)
                scan(bytes)
            }
            Self.backlog.subtract(count, ordering: .relaxed)
            return
        }
        let copy = [UInt8](bytes)
        queue.async { [self] in
            digest.update(copy)
            copy.withUnsafeBytes { scan($0) }
            Self.backlog.subtract(count, ordering: .relaxed)
        }
    }

    /// On `queue` only.
    private func scan(_ bytes: UnsafeRawBufferPointer) {
        guard scanner?.isDone == false else { return }
        scanner?.consume(bytes)
    }

    /// Calls `then` on the hashing lane once every queued chunk is handled, with `outcome`
    /// completed: the hex digest and what the scanner found (neither when `wanted` is false: a
    /// failed download). The caller's thread does not wait.
    func finish(
        _ outcome: DownloadOutcome, wanted: Bool, then: @escaping @Sendable (DownloadOutcome) -> Void
    ) {
        queue.async { [self] in
            var complete = outcome
            if wanted {
                complete.sha256 = digest.finalize()
                scanner?.record(into: &complete)
            }
            releaseMoov()
            then(complete)
        }
    }

    /// Drops the scanner's kept bytes and gives their reservation back (once).
    private func releaseMoov() {
        moovBudget?.release(scanner?.admittedBytes ?? 0)
        scanner = nil
    }

    deinit {
        // A download ended without `finish` (at shutdown): its reservation still goes back.
        releaseMoov()
    }
}
