/// How hops are allowed to travel: App Transport Security's rules are always checked on TLS;
/// a plain http hop (a first URL, or a redirect from https) only when `allowHTTP`.
public struct TransportPolicy: Sendable {
    public var allowHTTP: Bool

    public init(allowHTTP: Bool = false) {
        self.allowHTTP = allowHTTP
    }
}

/// What the fetcher does with a body, decided by the caller: how many first bytes to keep,
/// and when to stop. The fetcher knows nothing of media kinds; it asks this policy.
///
/// ```swift
/// let policy = BodyPolicy(keepBytes: 65536, initialLimit: 50 << 20, decideAfter: 64) { prefix in
///     MediaRules.limit(forPrefix: prefix, limits: limits)
/// }
/// ```
public struct BodyPolicy: Sendable {
    /// Bytes of the body kept in the outcome (for sniffing and headers); the rest is only counted and hashed.
    public var keepBytes: Int
    /// The size cap until the first bytes are in.
    public var initialLimit: Int
    /// How many first bytes `limitForPrefix` needs.
    public var decideAfter: Int
    /// The size cap the first bytes call for; nil keeps `initialLimit`.
    public var limitForPrefix: @Sendable ([UInt8]) -> Int?
    /// The most bytes of an MP4's `moov` box kept while the body streams (`BoxScanner`); 0 walks no boxes.
    public var moovLimit: Int

    public init(
        keepBytes: Int, initialLimit: Int, decideAfter: Int, moovLimit: Int = 0,
        limitForPrefix: @escaping @Sendable ([UInt8]) -> Int? = { _ in nil }
    ) {
        self.keepBytes = keepBytes
        self.initialLimit = initialLimit
        self.decideAfter = decideAfter
        self.moovLimit = moovLimit
        self.limitForPrefix = limitForPrefix
    }
}
