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

        init(prefix: String, names: Set<String>, kind: String) {
            self.prefix = prefix
            self.names = names
            self.kind = kind
        }
    }

    /// Names and prefix are matched without regard to ASCII case.
    public init(prefix: String, names: some Sequence<String>, kind: String) {
        storage = Storage(prefix: prefix.lowercased(), names: Set(names.map { $0.lowercased() }), kind: kind)
    }

    /// Whether a lowercased header name falls under the prefix without being one of the names.
    func refuses(_ lowercasedName: String) -> Bool {
        // The prefix compared byte for byte through pointers (`hasPrefix` compares characters,
        // and `utf8.starts(with:)` iterates both views, on every header): a header name is a
        // token, ASCII, so only an ASCII prefix can start one either way. Both strings are native
        // (made here and by the server), so their bytes are read in place.
        let compared = lowercasedName.utf8.withContiguousStorageIfAvailable { name in
            storage.prefix.utf8.withContiguousStorageIfAvailable { prefix in
                name.count >= prefix.count && (0..<prefix.count).allSatisfy { name[$0] == prefix[$0] }
            }
        }
        // A string without contiguous bytes (bridged: never made here) is compared as characters.
        let under = compared.flatMap { $0 } ?? lowercasedName.hasPrefix(storage.prefix)
        return under && !storage.names.contains(lowercasedName)
    }
}
