/// What an X.509 certificate (RFC 5280) says that iOS's trust rules read, from its DER bytes.
///
/// ```swift
/// if let certificate = Certificate(der: bytes) {
///     certificate.subject        // "CN=media.test, O=Example"
///     certificate.dnsNames       // ["media.test"]
///     certificate.validityDays   // 90
/// }
/// ```
public struct Certificate: Sendable, Equatable {
    /// The public key's algorithm.
    public enum KeyType: String, Sendable, Equatable {
        case rsa = "RSA"
        case ec = "EC"
        case ed25519 = "Ed25519"
        case ed448 = "Ed448"
        case other
    }

    /// The hash a signature algorithm uses; nil for one without a separate hash (Ed25519) or unknown.
    public enum Hash: String, Sendable, Equatable {
        case md2, md5, sha1, sha224, sha256, sha384, sha512

        /// SHA-224 to SHA-512: the SHA-2 family (FIPS 180-4).
        public var isSHA2: Bool { [.sha224, .sha256, .sha384, .sha512].contains(self) }
    }

    /// The subject and issuer, RFC 4514 style, last RDN first (`CN=media.test, O=Example`).
    public var subject: String
    public var issuer: String
    /// Seconds since 1970-01-01T00:00:00Z.
    public var notBefore: Int64
    public var notAfter: Int64
    /// The Subject Alternative Name's dNSName and iPAddress entries.
    public var dnsNames: [String]
    public var ipAddresses: [String]
    /// The ExtendedKeyUsage purposes (`serverAuth`, `clientAuth`, or a dotted OID); nil when the
    /// certificate has no EKU extension.
    public var extendedKeyUsage: [String]?
    /// basicConstraints' cA (false when the extension is absent).
    public var isCA: Bool
    /// Whether the subject and issuer names are the same bytes.
    public var isSelfIssued: Bool
    public var keyType: KeyType
    /// The RSA modulus's bits, the EC curve's size; nil when unknown.
    public var keyBits: Int?
    /// The signature algorithm as OpenSSL names it (`sha256WithRSAEncryption`, `ecdsa-with-SHA256`,
    /// `rsassaPss with sha256`), or its dotted OID.
    public var signature: String
    public var signatureHash: Hash?

    /// The certificate in `der`, or nil when its structure is not a certificate this reader follows.
    public init?(der: [UInt8]) {
        var outer = DERReader(der[...])
        guard let certificate = outer.next(if: DERReader.sequence), outer.isAtEnd else { return nil }
        var parts = certificate.children
        guard let tbs = parts.next(if: DERReader.sequence), let algorithm = parts.next(if: DERReader.sequence),
            let read = Self.read(tbs: tbs)
        else { return nil }
        self = read
        (signature, signatureHash) = Self.signatureAlgorithm(algorithm)
    }

    private init(subject: String, issuer: String, notBefore: Int64, notAfter: Int64, selfIssued: Bool) {
        self.subject = subject
        self.issuer = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        dnsNames = []
        ipAddresses = []
        isCA = false
        isSelfIssued = selfIssued
        keyType = .other
        signature = ""
    }

    /// TBSCertificate: version, serialNumber, signature, issuer, validity, subject,
    /// subjectPublicKeyInfo, then the optional unique IDs and extensions.
    private static func read(tbs: DERReader.Element) -> Certificate? {
        var fields = tbs.children
        _ = fields.next(if: DERReader.context(0, constructed: true))
        guard fields.next(if: DERReader.integer) != nil, fields.next(if: DERReader.sequence) != nil,
            let issuer = fields.next(if: DERReader.sequence), let validity = fields.next(if: DERReader.sequence),
            let subject = fields.next(if: DERReader.sequence), let key = fields.next(if: DERReader.sequence)
        else { return nil }
        var dates = validity.children
        guard let notBefore = dates.next().flatMap(time), let notAfter = dates.next().flatMap(time),
            let subjectName = name(subject), let issuerName = name(issuer)
        else { return nil }
        var facts = Certificate(
            subject: subjectName, issuer: issuerName, notBefore: notBefore, notAfter: notAfter,
            selfIssued: subject.content.elementsEqual(issuer.content))
        (facts.keyType, facts.keyBits) = publicKey(key)
        _ = fields.next(if: DERReader.context(1, constructed: false))
        _ = fields.next(if: DERReader.context(2, constructed: false))
        if let extensions = fields.next(if: DERReader.context(3, constructed: true)) {
            var wrapper = extensions.children
            guard let list = wrapper.next(if: DERReader.sequence) else { return nil }
            facts.readExtensions(list)
        }
        return facts
    }

    /// Extensions: SAN (2.5.29.17), basicConstraints (2.5.29.19), EKU (2.5.29.37); the rest are skipped.
    private mutating func readExtensions(_ list: DERReader.Element) {
        var extensions = list.children
        while let item = extensions.next() {
            var fields = item.children
            guard let id = fields.next()?.objectIdentifier else { continue }
            _ = fields.next(if: DERReader.boolean)
            guard let value = fields.next(if: DERReader.octetString) else { continue }
            var inner = DERReader(value.content)
            guard let body = inner.next(if: DERReader.sequence) else { continue }
            switch id {
            case "2.5.29.17": readAlternativeNames(body)
            case "2.5.29.19":
                var constraints = body.children
                isCA = constraints.next(if: DERReader.boolean)?.boolean ?? false
            case "2.5.29.37":
                var purposes = body.children
                var names: [String] = []
                while let purpose = purposes.next() {
                    if let oid = purpose.objectIdentifier { names.append(Self.purposeNames[oid] ?? oid) }
                }
                extendedKeyUsage = names
            default: break
            }
        }
    }

    /// GeneralNames: dNSName is `[2]` IA5String, iPAddress `[7]` four or sixteen octets.
    private mutating func readAlternativeNames(_ names: DERReader.Element) {
        var entries = names.children
        while let entry = entries.next() {
            switch entry.tag {
            case DERReader.context(2, constructed: false):
                dnsNames.append(String(decoding: entry.content, as: UTF8.self))
            case DERReader.context(7, constructed: false):
                if let address = Self.ipAddress(entry.content) { ipAddresses.append(address) }
            default: break
            }
        }
    }

    /// The validity period as RFC 5280 4.1.2.5 defines it ("from notBefore through notAfter,
    /// inclusive"), in seconds: one second more than the difference.
    public var validitySeconds: Int64 { notAfter &- notBefore &+ 1 }

    /// The validity period in days of 86,400 seconds, a part of a day counted as a whole one
    /// (Apple, support.apple.com/102028: "any amount of time greater than this indicates an
    /// additional day of validity").
    public var validityDays: Int64 {
        let seconds = validitySeconds
        return seconds <= 0 ? 0 : (seconds + 86_399) / 86_400
    }

    /// The key as the report writes it: `RSA 2048`, `EC 256`, `Ed25519`.
    public var keyDescription: String {
        keyBits.map { "\(keyType.rawValue) \($0)" } ?? keyType.rawValue
    }
}
