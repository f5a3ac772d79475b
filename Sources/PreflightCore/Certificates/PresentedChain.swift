/// The certificates one TLS hop presented, as the fetcher recorded them (DER, leaf first): what
/// iOS's trust rules (`TrustRules`) are judged on, off the fetch thread.
public struct PresentedChain: Sendable, Equatable {
    /// The hop's URL (curl's effective URL when its response started).
    public var url: String
    /// Each certificate's DER bytes, the server's own first.
    public var certificates: [[UInt8]]

    public init(url: String, certificates: [[UInt8]]) {
        self.url = url
        self.certificates = certificates
    }

    /// The host the hop connected to, lowercased, without IPv6 brackets or a final dot; nil when
    /// the URL does not parse.
    public var host: String? {
        guard var host = try? MediaURL.parse(url).host else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }

    /// The certificates read; one this reader cannot follow is left out (OpenSSL accepted it, and
    /// nothing is said of what could not be read).
    public var parsed: [Certificate] { certificates.compactMap { Certificate(der: $0) } }

    /// Bytes kept, for the download cache's accounting.
    public var byteCount: Int { url.utf8.count + certificates.reduce(0) { $0 + $1.count } }
}
