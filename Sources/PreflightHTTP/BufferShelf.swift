import Synchronization

/// The large buffers (a batch's body, its answer) a request is done with, kept by the server for
/// the next large request on any of its connections. A connection keeps only small ones
/// (`ConnectionContext.keptBodyBytes`): an idle connection must not pin a batch's worth of
/// memory. Without the shelf each batch allocated its body and its answer afresh, grew each by
/// doubling (a copy at every step), and the allocator handed the pages back in between, so each
/// batch faulted them in again: the copies and the kernel's page work were a fifth of a batch's
/// time (bench/RESULTS.md, "Large buffers kept by the server").
///
/// Bounded: at most `limitBytes` of capacity kept in all, no buffer over `largestBytes`. Shared
/// by the server's workers under a lock taken twice a large request (a take and a put); a
/// buffer is emptied and freed outside it.
///
/// ```swift
/// let shelf = BufferShelf(limitBytes: 8 << 20)
/// var body = shelf.take(atLeast: 109_511) ?? []   // nil the first time
/// shelf.put(body)                                  // kept for the next one
/// ```
final class BufferShelf: Sendable {
    /// The capacity kept in all.
    let limitBytes: Int
    /// The largest buffer kept: a quarter of the whole, so one huge answer cannot take it all.
    let largestBytes: Int
    /// A buffer of this capacity or less is the connection's to keep, not the shelf's.
    static let smallestBytes = ConnectionContext.keptBodyBytes

    private struct Shelved {
        var buffers: [[UInt8]] = []
        var bytes = 0
    }

    private let shelved = Mutex(Shelved())

    init(limitBytes: Int) {
        self.limitBytes = limitBytes
        largestBytes = limitBytes / 4
    }

    /// The kept buffer with the least capacity that holds `count` bytes, emptied (its capacity
    /// kept), or with `emptied: false` as it was kept (its bytes room to write over:
    /// `Responder.takeBodyRoom`); nil when none does, or when `count` is not over `smallestBytes`:
    /// room a connection can keep is made for it (and kept), not lent from the shelf. Lent, a
    /// small request's buffer was a large one, taken under the lock and put back at its end, on
    /// every request of every connection without a kept buffer once a batch had been served.
    func take(atLeast count: Int, emptied: Bool = true) -> [UInt8]? {
        guard count > Self.smallestBytes else { return nil }
        var taken: [UInt8]? = shelved.withLock { shelf in
            var best: Int?
            for index in shelf.buffers.indices where shelf.buffers[index].capacity >= count {
                if let found = best, shelf.buffers[found].capacity <= shelf.buffers[index].capacity { continue }
                best = index
            }
            guard let best else { return nil }
            shelf.bytes -= shelf.buffers[best].capacity
            return shelf.buffers.remove(at: best)
        }
        // Emptied outside the lock; a buffer someone else still holds is copied on write there
        // (an allocation of the same capacity), never changed under them.
        if emptied { taken?.removeAll(keepingCapacity: true) }
        return taken
    }

    /// Keeps `buffer` when it is large (over `smallestBytes`), not over `largestBytes`, not kept
    /// already (an echo answers with its request's body: one storage, given back twice), and
    /// fits within `limitBytes` with those kept; else it is let go (freed outside the lock).
    func put(_ buffer: consuming [UInt8]) {
        let capacity = buffer.capacity
        guard capacity > Self.smallestBytes, capacity <= largestBytes else { return }
        let storage = buffer.withUnsafeBufferPointer { $0.baseAddress }
        var refused: [UInt8]? = buffer
        shelved.withLock { shelf in
            guard shelf.bytes + capacity <= limitBytes,
                !shelf.buffers.contains(where: { $0.withUnsafeBufferPointer { $0.baseAddress } == storage }),
                let kept = refused.take()
            else { return }
            shelf.buffers.append(kept)
            shelf.bytes += capacity
        }
        refused = nil
    }

    /// Moves `buffer` out (leaving it empty) and keeps it if it is large (`put`): the check made
    /// where it is called, so a request with small buffers (most) makes no call.
    @inline(__always)
    func give(_ buffer: inout [UInt8]) {
        if buffer.capacity > Self.smallestBytes {
            put(Exchange.moved(&buffer))
        } else {
            buffer = []
        }
    }

    /// The buffers kept and their capacity in all (tests).
    var contents: (count: Int, bytes: Int) {
        shelved.withLock { ($0.buffers.count, $0.bytes) }
    }
}
