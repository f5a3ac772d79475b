import Synchronization

/// The `moov` bytes all downloads in flight may keep together (`fetch.moov_budget_bytes`):
/// each download may keep up to 8 MiB of its `moov` box, and without a total, memory followed
/// `fetch.max_concurrent` (60 slow URLs in one batch added 750 MB). A download reserves its
/// box's size when the box starts (`BoxScanner.admit`) and releases it when it ends.
///
/// ```swift
/// let budget = MoovBudget(limit: 64 << 20)
/// if budget.reserve(size) { ... budget.release(size) }
/// ```
public final class MoovBudget: Sendable {
    /// The most bytes reserved at once.
    public let limit: Int
    private let reserved = Atomic<Int>(0)
    private let refusals = Atomic<Int>(0)

    public init(limit: Int) {
        self.limit = limit
    }

    /// Takes `bytes` of the budget; false (and counted in `refused`) when they do not fit.
    public func reserve(_ bytes: Int) -> Bool {
        var current = reserved.load(ordering: .relaxed)
        while true {
            guard bytes <= limit - current else {
                refusals.add(1, ordering: .relaxed)
                return false
            }
            let (exchanged, original) = reserved.compareExchange(
                expected: current, desired: current + bytes, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
    }

    /// Gives back bytes `reserve` granted.
    public func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        reserved.subtract(bytes, ordering: .acquiringAndReleasing)
    }

    /// Bytes reserved now.
    public var kept: Int { reserved.load(ordering: .relaxed) }
    /// Reservations refused since start.
    public var refused: Int { refusals.load(ordering: .relaxed) }
}
