/// What a TLS connection negotiated and presented, as App Transport Security judges it.
public struct TLSFacts: Sendable, Equatable {
    /// `TLSv1.2`, `TLSv1.3`...
    public var version: String
    /// The OpenSSL name of the cipher suite (`ECDHE-RSA-AES128-GCM-SHA256`, `TLS_AES_256_GCM_SHA384`).
    public var cipher: String
    /// `ECDHE`, `DHE`, `RSA`..., or `any` for TLS 1.3 (whose key exchange is always ephemeral).
    public var keyExchange: String
    /// The server certificate's key: `RSA` or `EC`, and its size in bits.
    public var certificateKeyType: String?
    public var certificateKeyBits: Int?
    /// The certificate's signature algorithm (`sha256WithRSAEncryption`, `ecdsa-with-SHA256`).
    public var signature: String?

    public init(
        version: String, cipher: String, keyExchange: String, certificateKeyType: String? = nil,
        certificateKeyBits: Int? = nil, signature: String? = nil
    ) {
        self.version = version
        self.cipher = cipher
        self.keyExchange = keyExchange
        self.certificateKeyType = certificateKeyType
        self.certificateKeyBits = certificateKeyBits
        self.signature = signature
    }
}

/// What the fetcher sees of one hop when its response starts: what App Transport Security is judged on.
public struct TransportFacts: Sendable, Equatable {
    /// The hop's URL (curl's effective URL).
    public var url: String
    /// Whether a redirect led here (not the payload's own URL).
    public var isRedirect: Bool
    /// What TLS negotiated; nil on plain http, or when the TLS library's session could not be read.
    public var tls: TLSFacts?

    public init(url: String, isRedirect: Bool, tls: TLSFacts? = nil) {
        self.url = url
        self.isRedirect = isRedirect
        self.tls = tls
    }

    /// Whether the hop is plain http.
    public var isPlainHTTP: Bool { url.lowercased().hasPrefix("http://") }
}

/// App Transport Security as a Notification Service Extension's URLSession enforces it. Apple,
/// Preventing Insecure Network Connections
/// (https://developer.apple.com/documentation/security/preventing-insecure-network-connections),
/// "Ensure the Network Server Meets Minimum Requirements": TLS 1.2 or later; AES-128 or AES-256;
/// forward secrecy through an ECDHE key exchange; a certificate signed with SHA-2 with a digest of
/// at least 256 bits, with an RSA key of 2048 bits or more or an ECC key of 256 bits or more.
/// `NSExceptionRequiresForwardSecrecy` ("limits the accepted ciphers to those that support PFS
/// through Elliptic Curve Diffie-Hellman Ephemeral (ECDHE) key exchange"). TLS 1.3's suites are
/// AES-GCM or ChaCha20 with an ephemeral exchange: accepted. The RSA key size and SHA-2 of every
/// certificate are iOS's trust rules, which hold with or without ATS: judged elsewhere.
public enum TransportSecurity {
    /// What ATS's extended checks refuse in this connection under `rules` (ATS's defaults unless
    /// an exception domain lowers the version or lifts forward secrecy), each as a sentence.
    public static func violations(
        _ facts: TLSFacts, rules: HopRules = HopRules(applied: "default", allowsHTTP: false, extendedChecks: true)
    ) -> [String] {
        var problems: [String] = []
        let version = AppTransportSecurity.TLSVersion(negotiated: facts.version)
        if version.map({ $0 < rules.minimumTLSVersion }) ?? true {
            problems.append("\(facts.version) is older than \(rules.minimumTLSVersion.spoken)")
        }
        if version != .tls13 {
            if rules.requiresForwardSecrecy, facts.keyExchange != "ECDHE" {
                problems.append(
                    "the key exchange is \(facts.keyExchange) (\(facts.cipher)): no forward secrecy through ECDHE")
            } else if !facts.cipher.contains("AES") {
                problems.append("the cipher \(facts.cipher) is not AES-128 or AES-256")
            }
        }
        // NSExceptionRequiresForwardSecrecy=NO "also removes the key length check".
        if rules.requiresForwardSecrecy, facts.certificateKeyType == "EC", let bits = facts.certificateKeyBits,
            bits < 256
        {
            problems.append("the certificate's EC key has \(bits) bits, under 256")
        }
        // ATS asks for SHA-2 with a digest of 256 bits or more: of the SHA-2 family that leaves
        // SHA-224 out. A signature outside SHA-2 (SHA-1, MD5) is iOS's trust rule on every
        // connection (`TrustRules`, support.apple.com/103769), judged there once for the whole chain.
        if let signature = facts.signature, signature.lowercased().contains("sha224") {
            problems.append("the certificate is signed with \(signature), weaker than SHA-256")
        }
        return problems
    }

    /// Why ATS stops the download at this hop, or nil to let it go on, and which part of `ats`
    /// applied to the hop's host: plain http unless that host's rules allow it; on TLS every
    /// `violations` sentence, joined, unless arbitrary loads turn the extended checks off. A
    /// TLS hop whose session could not be read goes on.
    ///
    /// ```swift
    /// let verdict = TransportSecurity.judge(hop, ats: .strict)
    /// verdict.refusal  // "http://cdn.example/a.jpg is plain http"
    /// ```
    public static func judge(_ hop: TransportFacts, ats: AppTransportSecurity) -> HopVerdict {
        let rules = ats.rules(forHost: host(of: hop.url))
        if hop.isPlainHTTP {
            if rules.allowsHTTP { return HopVerdict(applied: rules.applied, refusal: nil) }
            let what = hop.isRedirect ? "a redirect leads to \(hop.url), plain http" : "\(hop.url) is plain http"
            return HopVerdict(applied: rules.applied, refusal: what)
        }
        guard rules.extendedChecks, let tls = hop.tls else { return HopVerdict(applied: rules.applied, refusal: nil) }
        let problems = violations(tls, rules: rules)
        return HopVerdict(applied: rules.applied, refusal: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// The host of an absolute URL, lower-cased, without user, port or IPv6 brackets.
    static func host(of url: String) -> String {
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            rest = rest[rest.index(colon, offsetBy: 3)...]
        }
        rest = rest.prefix { !"/?#".contains($0) }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            return String(rest[rest.index(after: rest.startIndex)..<close]).lowercased()
        }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return rest.lowercased()
    }
}

/// One hop as ATS judged it.
public struct HopVerdict: Sendable, Equatable {
    /// Which part of the extension's ATS applied (`HopRules.applied`).
    public var applied: String
    /// Why the hop is refused; nil lets it go on.
    public var refusal: String?

    public init(applied: String, refusal: String?) {
        self.applied = applied
        self.refusal = refusal
    }
}

/// Which part of the extension's ATS applied to one hop: the report's `media.ats`.
public struct HopATS: Sendable, Equatable {
    /// The hop's URL.
    public var url: String
    /// `HopRules.applied`: `default`, `allows_arbitrary_loads`, `exception domain NAME`...
    public var applied: String

    public init(url: String, applied: String) {
        self.url = url
        self.applied = applied
    }
}

extension TransportSecurity {
    /// Why ATS stops the download at this hop, or nil: `judge(hop, ats:).refusal`.
    public static func refusal(_ hop: TransportFacts, ats: AppTransportSecurity) -> String? {
        judge(hop, ats: ats).refusal
    }
}
