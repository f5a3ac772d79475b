/// Finding codes numbered `0..<count` in the order given, and a code's number found from the
/// hash of its name that the code already carries: a table a server makes once and looks codes
/// up in on every request (the metrics' counter of each code). A `Dictionary` keyed by the code
/// finished a hasher over that hash and probed for every lookup, some 400 instructions; this
/// probes an open-addressed array of numbers, a few dozen.
///
/// ```swift
/// let table = FindingCodeTable(FindingCatalog.entries.map(\.code))
/// table.index(of: .alertTruncated)              // its place in the catalog
/// table.index(of: FindingCode(rawValue: "x"))   // nil: not in the table
/// ```
public struct FindingCodeTable: Sendable {
    /// The codes, in their numbers' order.
    public let codes: [FindingCode]
    /// A power of two at least twice the codes' count: each slot is a code's number plus one,
    /// or 0 for none. A code sits at its hash's slot or, when that is taken, the next free one.
    private let slots: [Int32]

    /// A table of `codes`; a code listed twice keeps its first number.
    public init(_ codes: [FindingCode]) {
        self.codes = codes
        var size = 16
        while size < codes.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (number, code) in codes.enumerated() {
            var slot = code.nameHash & (size - 1)
            while slots[slot] != 0, codes[Int(slots[slot]) - 1] != code { slot = (slot + 1) & (size - 1) }
            if slots[slot] == 0 { slots[slot] = Int32(number + 1) }
        }
        self.slots = slots
    }

    /// The number of `code`, or nil when the table does not hold it.
    public func index(of code: FindingCode) -> Int? {
        let mask = slots.count - 1
        var slot = code.nameHash & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if codes[entry - 1] == code { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }
}
