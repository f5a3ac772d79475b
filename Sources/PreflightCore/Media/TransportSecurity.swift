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
/// Information Property List Key Reference, "Requirements for Connecting Using ATS": TLS 1.2 (or
/// later); AES-128 or AES-256; forward secrecy through an ECDHE key exchange, from a list of
/// ECDHE_ECDSA / ECDHE_RSA suites with AES GCM or CBC; a certificate signed with SHA-256 or
/// better, with an RSA key of 2048 bits or more or an ECC key of 256 bits or more; and
/// `NSExceptionRequiresForwardSecrecy` ("limits the accepted ciphers to those that support PFS
/// through Elliptic Curve Diffie-Hellman Ephemeral (ECDHE) key exchange"). TLS 1.3's suites
/// are AES-GCM or ChaCha20 with an ephemeral exchange: accepted.
public enum TransportSecurity {
    /// What ATS refuses in this connection, each as a sentence; empty when it passes.
    public static func violations(_ facts: TLSFacts) -> [String] {
        var problems: [String] = []
        let tls13 = facts.version == "TLSv1.3"
        if !["TLSv1.2", "TLSv1.3"].contains(facts.version) {
            problems.append("\(facts.version) is older than TLS 1.2")
        }
        if !tls13 {
            if facts.keyExchange != "ECDHE" {
                problems.append(
                    "the key exchange is \(facts.keyExchange) (\(facts.cipher)): no forward secrecy through ECDHE")
            } else if !facts.cipher.contains("AES") {
                problems.append("the cipher \(facts.cipher) is not AES-128 or AES-256")
            }
        }
        if let type = facts.certificateKeyType, let bits = facts.certificateKeyBits {
            if type == "RSA", bits < 2048 { problems.append("the certificate's RSA key has \(bits) bits, under 2048") }
            if type == "EC", bits < 256 { problems.append("the certificate's EC key has \(bits) bits, under 256") }
        }
        if let signature = facts.signature {
            let lower = signature.lowercased()
            if !["sha256", "sha384", "sha512", "ed25519", "ed448"].contains(where: lower.contains) {
                problems.append("the certificate is signed with \(signature), weaker than SHA-256")
            }
        }
        return problems
    }

    /// Why ATS stops the download at this hop, or nil to let it go on: plain http unless
    /// `allowHTTP` (the app's exception), and on TLS every `violations` sentence, joined. A TLS
    /// hop whose session could not be read goes on.
    ///
    /// ```swift
    /// let fetcher = try MediaFetcher(..., transport: TransportPolicy { TransportSecurity.refusal($0, allowHTTP: false) })
    /// ```
    public static func refusal(_ hop: TransportFacts, allowHTTP: Bool) -> String? {
        if hop.isPlainHTTP {
            if allowHTTP { return nil }
            return hop.isRedirect ? "a redirect leads to \(hop.url), plain http" : "\(hop.url) is plain http"
        }
        guard let tls = hop.tls else { return nil }
        let problems = violations(tls)
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
