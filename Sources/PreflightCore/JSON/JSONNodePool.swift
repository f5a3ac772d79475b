import Synchronization

/// Memory for a document's nodes, in no array: the parser writes the nodes through its pointer
/// and the document reads them through it. An array's element read through a class (the
/// document's) retained the array's buffer for each reader that kept it, and each change of an
/// element or append checked the buffer was not shared.
///
/// A block has one owner at a time: the pool (under its lock), the parser that fills it, or the
/// document that reads it and gives it back when it is freed. It is handed from one to the next,
/// never shared between two that may write, and a document's nodes are not changed after the
/// parse: that is why it may cross threads (`@unchecked Sendable`).
struct JSONNodeBlock: @unchecked Sendable {
    let base: UnsafeMutablePointer<JSONNode>
    let capacity: Int

    /// New memory for `capacity` nodes (at least one).
    static func allocate(capacity: Int) -> JSONNodeBlock {
        let capacity = max(capacity, 1)
        return JSONNodeBlock(base: .allocate(capacity: capacity), capacity: capacity)
    }

    /// A block of at least `capacity` nodes holding this one's first `count`; this one is freed.
    /// (`JSONNode` holds no reference: its nodes are copied as bytes, and need no deinitializing.)
    func grown(toHold capacity: Int, keeping count: Int) -> JSONNodeBlock {
        let grown = JSONNodeBlock.allocate(capacity: max(capacity, self.capacity * 2))
        grown.base.update(from: base, count: count)
        deallocate()
        return grown
    }

    func deallocate() { base.deallocate() }
}

/// Node blocks kept from documents that are gone, for the next parse: a payload-only request
/// parses one document, and the block its nodes fill is the one allocation of the parse that a
/// later request can use again. Shared by every thread (a lock held for one pop or push), so it
/// needs no scratch object handed down the request path and keeps Core free of threads.
///
/// Bounded twice: at most `maxArrays` blocks (more than the documents a small machine's workers
/// parse at once), the ones of more than `maxNodes` nodes (a body of about 32 KiB) freed, so one
/// huge document (`preflight check FILE`) does not pin its memory after it is freed: at most
/// about 1.3 MB is kept.
enum JSONNodePool {
    static let maxArrays = 16
    static let maxNodes = 4096

    private static let kept = Mutex<[JSONNodeBlock]>([])

    /// A block of at least `capacity` nodes: a kept one when there is one large enough.
    static func take(capacity: Int) -> JSONNodeBlock {
        guard let block = kept.withLock({ $0.popLast() }) else { return .allocate(capacity: capacity) }
        guard block.capacity >= capacity else { return block.grown(toHold: capacity, keeping: 0) }
        return block
    }

    /// The blocks kept now (for the tests of the bounds).
    static var count: Int { kept.withLock { $0.count } }

    /// The largest capacity among the blocks kept now.
    static var largestCapacity: Int { kept.withLock { $0.map(\.capacity).max() ?? 0 } }

    /// Keeps `block` for a later parse if it is not too large and the pool not full; frees it
    /// otherwise. Its owner gives up the block: it must not be read after.
    static func give(_ block: JSONNodeBlock) {
        guard block.capacity <= maxNodes else { return block.deallocate() }
        let stored = kept.withLock { blocks in
            guard blocks.count < maxArrays else { return false }
            blocks.append(block)
            return true
        }
        if !stored { block.deallocate() }
    }
}
