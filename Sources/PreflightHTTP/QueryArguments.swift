/// A request's query arguments, decoded, in the order sent: a name and its value each, a name
/// set again keeping its place with the new value.
///
/// ```swift
/// let query: QueryArguments = ["fetch": "false"]
/// query["fetch"]                      // "false"
/// for (name, value) in query { ... }  // in the order sent
/// ```
///
/// A request has a few arguments, so a name is found by comparing it with each: a `Dictionary`
/// hashed every name as it was stored, some 300 instructions an argument on every request, and
/// its table was copied into each request made from the connection's kept head.
public struct QueryArguments: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    private var arguments: [Element] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { set(value, for: name) }
    }

    public var count: Int { arguments.count }
    public var isEmpty: Bool { arguments.isEmpty }

    /// The value of the argument `name`, or nil.
    public subscript(name: String) -> String? {
        arguments.first { $0.name == name }?.value
    }

    /// Sets the argument `name` to `value`; true when it was set before (its value is replaced).
    @discardableResult
    public mutating func set(_ value: String, for name: String) -> Bool {
        if let index = arguments.firstIndex(where: { $0.name == name }) {
            arguments[index].value = value
            return true
        }
        arguments.append((name, value))
        return false
    }

    /// Empties the arguments, keeping the storage for the connection's next request.
    mutating func removeAll() {
        arguments.removeAll(keepingCapacity: true)
    }

    public func makeIterator() -> IndexingIterator<[Element]> { arguments.makeIterator() }
}
