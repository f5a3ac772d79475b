public import PreflightCore

/// Whether a hop may go on, and what the TLS client offers, decided by the caller (the
/// product's transport rules): the fetcher sets the offer for the first URL on the handle,
/// gathers what each hop negotiated, asks, keeps which rules applied, and stops the download
/// with the refusal as the failure's reason (`DownloadOutcome.Failure.ats`). It knows no rule of its own.
///
/// ```swift
/// let transport = TransportPolicy(key: "strict", judge: { TransportSecurity.judge($0, ats: .strict) }) {
///     TLSOffer(firstURL: $0, ats: .strict)
/// }
/// ```
public struct TransportPolicy: Sendable {
    /// Tells policies apart: two downloads of one URL under policies with different keys are
    /// different downloads (the cache keeps them apart).
    public var key: String
    /// The verdict on one hop. Called on the fetch thread, once per response (the first URL and
    /// every redirect): keep it quick.
    public var judge: @Sendable (TransportFacts) -> HopVerdict
    /// What the handle offers for a download that starts at this URL; nil leaves curl's defaults.
    public var offer: @Sendable (_ firstURL: String) -> TLSOffer?

    public init(
        key: String, judge: @escaping @Sendable (TransportFacts) -> HopVerdict,
        offer: @escaping @Sendable (_ firstURL: String) -> TLSOffer? = { _ in nil }
    ) {
        self.key = key
        self.judge = judge
        self.offer = offer
    }
}

/// What the fetcher does with a body, decided by the caller: how many first bytes to keep,
/// when to stop, and what reads the whole body as it streams. The fetcher knows nothing of
/// media kinds; it asks this policy.
///
/// ```swift
/// let policy = BodyPolicy(keepBytes: 65536, initialLimit: 50 << 20, decideAfter: 64) { prefix in
///     MediaRules.limit(forPrefix: prefix, limits: limits)
/// }
/// ```
public struct BodyPolicy: Sendable {
    /// Makes a reader of one download's body, given the check against the scanners' shared
    /// budget (`MoovBudget.reserve`) it asks before it keeps bytes.
    public typealias ScannerFactory = @Sendable (_ admit: (@Sendable (Int) -> Bool)?) -> any BodyScanner

    /// Bytes of the body kept in the outcome (for sniffing and headers); the rest is only counted and hashed.
    public var keepBytes: Int
    /// The size cap until the first bytes are in.
    public var initialLimit: Int
    /// How many first bytes `limitForPrefix` needs.
    public var decideAfter: Int
    /// The size cap the first bytes call for; nil keeps `initialLimit`.
    public var limitForPrefix: @Sendable ([UInt8]) -> Int?
    /// What reads each download's body beside the hash (`BoxScanner`); nil reads nothing more.
    public var scanner: ScannerFactory?

    public init(
        keepBytes: Int, initialLimit: Int, decideAfter: Int, scanner: ScannerFactory? = nil,
        limitForPrefix: @escaping @Sendable ([UInt8]) -> Int? = { _ in nil }
    ) {
        self.keepBytes = keepBytes
        self.initialLimit = initialLimit
        self.decideAfter = decideAfter
        self.scanner = scanner
        self.limitForPrefix = limitForPrefix
    }
}
