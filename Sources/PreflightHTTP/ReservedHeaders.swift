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
        /// The prefix and the names as keys, for `refuses`, which reads a stored header's name.
        let prefixName: HeaderName
        let headerNames: [HeaderName]

        init(prefix: String, names: Set<String>, kind: String) {
            self.prefix = prefix
            self.names = names
            self.kind = kind
            prefixName = HeaderName(prefix)
            headerNames = names.map { HeaderName($0) }
        }
    }

    /// Names and prefix are matched without regard to ASCII case.
    public init(prefix: String, names: some Sequence<String>, kind: String) {
        storage = Storage(prefix: prefix.lowercased(), names: Set(names.map { $0.lowercased() }), kind: kind)
    }

    /// Whether the header name at `position` of `headers` (as `add` returned it) falls under the
    /// prefix without being one of the names. Compared by the stored, lowercased name's key: the
    /// server asks for every header of every request, and most names fail at the prefix's first
    /// word.
    func refuses(_ position: Int, in headers: borrowing HeaderFields) -> Bool {
        guard headers.name(at: position, startsWith: storage.prefixName) else { return false }
        return !storage.headerNames.contains { headers.name(at: position, is: $0) }
    }
}
