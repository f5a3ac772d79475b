/// Results that finish in any order, given back in the order they were started: a ring of
/// `capacity` slots, so a run of any length holds at most `capacity` results at once.
///
/// Each piece of work gets the next sequence number when it starts (at most `capacity` ahead
/// of the oldest one not yet given back: the caller's window); `insert` stores its result;
/// `popReady` gives the results from the oldest on, as long as there is no gap.
///
/// ```swift
/// var buffer = ReorderBuffer<String>(capacity: 4)
/// buffer.insert("b", at: 1)
/// buffer.popReady()  // nil: 0 is not in yet
/// buffer.insert("a", at: 0)
/// buffer.popReady()  // "a", then "b"
/// ```
public struct ReorderBuffer<Element> {
    private var slots: [Element?]
    /// The sequence number `popReady` gives next.
    public private(set) var next = 0
    /// Results held (inserted, not yet given back).
    public private(set) var count = 0

    public init(capacity: Int) {
        precondition(capacity > 0, "a reorder buffer needs at least one slot")
        slots = Array(repeating: nil, count: capacity)
    }

    public var capacity: Int { slots.count }

    /// Stores the result of `sequence`, which must lie in the window (`next ..< next + capacity`)
    /// and not be stored yet.
    public mutating func insert(_ element: Element, at sequence: Int) {
        precondition(sequence >= next && sequence < next + slots.count, "sequence \(sequence) outside the window")
        let slot = sequence % slots.count
        precondition(slots[slot] == nil, "sequence \(sequence) stored twice")
        slots[slot] = element
        count += 1
    }

    /// The result of `next`, if it is in (and moves on to the one after it).
    public mutating func popReady() -> Element? {
        let slot = next % slots.count
        guard let element = slots[slot] else { return nil }
        slots[slot] = nil
        next += 1
        count -= 1
        return element
    }
}

extension ReorderBuffer: Sendable where Element: Sendable {}
