/// A family of header names the application defines in full (a push service's request headers,
/// say): a name under `prefix` that is not one of `names` is a misspelling, or a folded line
/// glued onto a name, that the application would silently ignore, so the request is refused
/// with 400 instead.
///
/// ```swift
/// let reserved = ReservedHeaders(prefix: "x-acme-", names: ["x-acme-tenant"], kind: "an Acme header")
/// let server = HTTPServer(configuration: .init(port: 0, reservedHeaders: reserved), router: router)
/// ```
public struct ReservedHeaders: Sendable {
    /// The lowercased prefix the family's names share.
    public var prefix: String { storage.prefix }
    /// The lowercased names the family defines.
    public var names: Set<String> { storage.names }
    /// What the names are, for the refusal's message: `"x-acme-tenat" is not <kind>`.
    public var kind: String { storage.kind }

    /// The three held once: the server reads the family for every header of every request, and
    /// a copy of a class reference is one retain where a copy of the three is six.
    private let storage: Storage

    private final class Storage: Sendable {
        let prefix: String
        let names: Set<String>
        let kind: String
        /// The prefix's and the names' bytes, for `refuses`, which reads a name as sent.
        let prefixBytes: [UInt8]
        let nameBytes: [[UInt8]]

        init(prefix: String, names: Set<String>, kind: String) {
            self.prefix = prefix
            self.names = names
            self.kind = kind
            prefixBytes = Array(prefix.utf8)
            nameBytes = names.map { Array($0.utf8) }
        }
    }

    /// Names and prefix are matched without regard to ASCII case.
    public init(prefix: String, names: some Sequence<String>, kind: String) {
        storage = Storage(prefix: prefix.lowercased(), names: Set(names.map { $0.lowercased() }), kind: kind)
    }

    /// Whether a header name, its bytes as sent (any ASCII case), falls under the prefix without
    /// being one of the names. Compared as bytes, with no string made: the server asks for every
    /// header of every request, and most names fail at the prefix's first bytes.
    func refuses(_ name: UnsafeRawBufferPointer) -> Bool {
        // Most names differ from the prefix in their first byte.
        if let first = storage.prefixBytes.first, let given = name.first, HeaderFields.lowercased(given) != first {
            return false
        }
        guard Self.matches(name, storage.prefixBytes, prefixOnly: true) else { return false }
        return !storage.nameBytes.contains { Self.matches(name, $0, prefixOnly: false) }
    }

    /// Whether `name`, ASCII letters lowercased, starts with (or, unless `prefixOnly`, is) `lowercased`.
    private static func matches(_ name: UnsafeRawBufferPointer, _ lowercased: [UInt8], prefixOnly: Bool) -> Bool {
        guard prefixOnly ? name.count >= lowercased.count : name.count == lowercased.count else { return false }
        for (offset, wanted) in lowercased.enumerated() {
            if HeaderFields.lowercased(name[offset]) != wanted { return false }
        }
        return true
    }
}
