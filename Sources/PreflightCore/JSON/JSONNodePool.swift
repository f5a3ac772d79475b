import Synchronization

/// Node arrays kept from documents that are gone, for the next parse: a payload-only request
/// parses one document, and the array its nodes fill is the one allocation of the parse that a
/// later request can use again. Shared by every thread (a lock held for one pop or push), so it
/// needs no scratch object handed down the request path and keeps Core free of threads.
///
/// Bounded twice: at most `maxArrays` arrays (more than the documents a small machine's workers
/// parse at once), the ones of more than `maxNodes` nodes (a body of about 32 KiB) let go, so one huge document (`preflight
/// check FILE`) does not pin its memory after it is freed: at most about 1.3 MB is kept.
enum JSONNodePool {
    static let maxArrays = 16
    static let maxNodes = 4096

    private static let kept = Mutex<[[JSONNode]]>([])

    /// An empty array of at least `capacity` nodes: a kept one when there is one.
    static func take(capacity: Int) -> [JSONNode] {
        var nodes = kept.withLock { $0.popLast() } ?? []
        // Unique by now (its document is gone), so emptied in place.
        nodes.removeAll(keepingCapacity: true)
        nodes.reserveCapacity(capacity)
        return nodes
    }

    /// The arrays kept now (for the tests of the bounds).
    static var count: Int { kept.withLock { $0.count } }

    /// The largest capacity among the arrays kept now.
    static var largestCapacity: Int { kept.withLock { $0.map(\.capacity).max() ?? 0 } }

    /// Keeps `nodes` for a later parse, emptied, if it is not too large and the pool not full.
    static func give(_ nodes: [JSONNode]) {
        guard nodes.capacity <= maxNodes else { return }
        kept.withLock { arrays in
            guard arrays.count < maxArrays else { return }
            arrays.append(nodes)
        }
    }
}
