/// A JSON value read from exact bytes, keeping what a payload check needs and a
/// dictionary would lose: key order, repeated keys, and the number as written.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"aps":{"badge":1}}"#.utf8)).value
/// value["aps"]?["badge"]?.integer  // 1
/// ```
///
/// Not `indirect`: the containers already hold their elements in an array's heap storage, and an
/// indirect enum would box every value, a string or a number included (a heap allocation each,
/// on every request).
public enum JSONValue: Sendable, Equatable {
    case object([JSONMember])
    case array([JSONValue])
    case string(String)
    case number(JSONNumber)
    case bool(Bool)
    case null

    /// The value of `key` in an object, the last one when the key repeats (as a dictionary keeps it).
    /// Keys match when their UTF-8 does, as iOS compares them (see `JSONParser.isRepeated`), not
    /// by `String ==`'s canonical equivalence.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key.utf8.elementsEqual(key.utf8) })?.value
    }

    /// The members of an object, nil for any other value.
    public var members: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The text of a string, nil for any other value.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number written as an integer that fits 64 bits, nil otherwise.
    public var integer: Int64? {
        if case .number(let number) = self { return number.integer }
        return nil
    }

    /// The value of any number, nil for other values.
    public var double: Double? {
        if case .number(let number) = self { return number.value }
        return nil
    }

    /// How a sender would name this value's type in a message.
    public var typeName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number(let number): number.integer != nil ? "an integer" : "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// A short rendering for messages: strings quoted, containers summarised.
    public var shortDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        // Bounded in bytes too: forty characters can be kilobytes of combining marks.
        case .string(let text): "\"\(Quoting.bounded(text.count > 40 ? String(text.prefix(40)) + "..." : text))\""
        case .number(let number): Quoting.bounded(number.text)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }
}

/// One `"key": value` pair of an object, in the order written.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A number as written in the JSON text, so `1`, `1.0` and `1e0` stay apart.
public struct JSONNumber: Sendable, Equatable {
    /// The characters of the number, exactly as in the input.
    public var text: String
    /// The number's value as a double.
    public var value: Double
    /// The value when written without fraction or exponent and within 64 bits.
    public var integer: Int64?

    public init(text: String) {
        self.text = text
        self.value = Double(text) ?? .nan
        let plain = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        self.integer = plain ? Int64(text) : nil
    }
}
