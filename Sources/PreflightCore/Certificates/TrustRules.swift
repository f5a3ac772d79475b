/// iOS's trust rules for TLS server certificates, which apply to every TLS connection an app or
/// extension makes, App Transport Security exceptions (NSAllowsArbitraryLoads included) or not.
/// A connection that breaks one fails on the device; here the download goes on, so the sender
/// sees both this and what the media would have been.
///
/// - support.apple.com/103769 ("Requirements for trusted certificates in iOS 13 and macOS 10.15"):
///   "TLS server certificates and issuing CAs using RSA keys must use key sizes greater than or
///   equal to 2048 bits"; they "must use a hash algorithm from the SHA-2 family in the signature
///   algorithm"; "TLS server certificates must present the DNS name of the server in the Subject
///   Alternative Name extension … DNS names in the CommonName of a certificate are no longer
///   trusted". For those "issued after 1 July 2019 (as indicated in the NotBefore field)": an
///   "ExtendedKeyUsage (EKU) extension containing the id-kp-serverAuth OID", and "a validity
///   period of 825 days or fewer".
/// - support.apple.com/102028 ("About upcoming limits on trusted certificates"): TLS server
///   certificates "issued on or after September 1, 2020 00:00 GMT/UTC must not have a validity
///   period greater than 398 days"; the period runs from notBefore through notAfter inclusive
///   (RFC 5280 4.1.2.5), in days of 86,400 seconds. It applies to chains to the roots iOS
///   preinstalls, not to roots a user or administrator added: Preflight's trust store
///   (`fetch.ca_file` included) is taken as those preinstalled roots, the side that warns.
public enum TrustRules {
    /// One rule a certificate breaks.
    public struct Violation: Sendable, Equatable {
        /// Which rule: `san`, `eku`, `validity-825`, `validity-398`, `rsa-2048`, `sha-2`.
        public var rule: String
        /// The certificate's place in the chain (0: the server's own).
        public var position: Int
        public var certificate: Certificate
        /// What is wrong, as a sentence part.
        public var problem: String
        /// The Apple page that states the rule.
        public var source: String
    }

    static let requirements = "support.apple.com/103769"
    static let lifetimes = "support.apple.com/102028"
    /// 2019-07-01T00:00:00Z: 103769 says "issued after 1 July 2019"; that day itself is counted
    /// as after (the side that warns; Apple does not say which way the day falls).
    static let eraOfEKU: Int64 = 1_561_939_200
    /// 2020-09-01T00:00:00Z (102028: "on or after September 1, 2020 00:00 GMT/UTC").
    static let eraOf398Days: Int64 = 1_598_918_400

    /// What `chain` (leaf first) breaks when served for `host`. The server's certificate is held to
    /// every rule; each other certificate (an issuing CA) to the key size and, unless it is the
    /// self-issued last one (a root: a trust anchor, whose own signature path validation does
    /// not check, RFC 5280 6.1), to SHA-2.
    public static func violations(host: String, chain: [Certificate]) -> [Violation] {
        guard let leaf = chain.first else { return [] }
        var found = serverRules(host: host, leaf: leaf)
        for (position, certificate) in chain.enumerated() {
            let isRoot = position > 0 && position == chain.count - 1 && certificate.isSelfIssued
            found += keyAndHash(certificate, position: position, checkSignature: !isRoot)
        }
        return found
    }

    /// Name, EKU and validity: rules for the server's own certificate.
    private static func serverRules(host: String, leaf: Certificate) -> [Violation] {
        var found: [Violation] = []
        func add(_ rule: String, _ problem: String, _ source: String) {
            found.append(Violation(rule: rule, position: 0, certificate: leaf, problem: problem, source: source))
        }
        if !namesHost(leaf, host: host) {
            let listed = leaf.dnsNames + leaf.ipAddresses
            add(
                "san",
                listed.isEmpty
                    ? "it has no Subject Alternative Name, and a name only in the CommonName is not trusted"
                    : "\(host) is not in its Subject Alternative Name (\(listed.joined(separator: ", ")))",
                requirements)
        }
        if leaf.notBefore >= eraOfEKU {
            if !(leaf.extendedKeyUsage ?? []).contains("serverAuth") {
                add(
                    "eku",
                    leaf.extendedKeyUsage.map {
                        "its ExtendedKeyUsage (\($0.joined(separator: ", "))) lacks serverAuth"
                    }
                        ?? "it has no ExtendedKeyUsage extension with serverAuth", requirements)
            }
            if leaf.validitySeconds > 825 * 86_400 {
                add("validity-825", "it is valid for \(leaf.validityDays) days, over 825", requirements)
            }
        }
        if leaf.notBefore >= eraOf398Days, leaf.validitySeconds > 398 * 86_400 {
            add(
                "validity-398",
                "it was issued on or after 2020-09-01 and is valid for \(leaf.validityDays) days, over 398",
                lifetimes)
        }
        return found
    }

    private static func keyAndHash(_ certificate: Certificate, position: Int, checkSignature: Bool) -> [Violation] {
        var found: [Violation] = []
        if certificate.keyType == .rsa, let bits = certificate.keyBits, bits < 2048 {
            found.append(
                Violation(
                    rule: "rsa-2048", position: position, certificate: certificate,
                    problem: "its RSA key has \(bits) bits, under 2048", source: requirements))
        }
        // Ed25519 and Ed448 name no SHA-2 hash; iOS documents no support for them in TLS certificates,
        // so they are refused here (the side that warns).
        if checkSignature, certificate.signatureHash?.isSHA2 != true {
            found.append(
                Violation(
                    rule: "sha-2", position: position, certificate: certificate,
                    problem: "it is signed with \(certificate.signature), not a SHA-2 hash", source: requirements))
        }
        return found
    }

    /// Whether the certificate's Subject Alternative Name covers `host`: an address among its
    /// iPAddress entries, a name among its dNSName entries, a wildcard only as a whole left-most
    /// label standing for exactly one label (RFC 6125 6.4.3; partial wildcards such as
    /// `f*.example.com` are not matched, the side that warns). The CommonName is never read.
    public static func namesHost(_ certificate: Certificate, host: String) -> Bool {
        let host = host.lowercased()
        if host.contains(":") || host.split(separator: ".").allSatisfy({ $0.allSatisfy(\.isNumber) }) {
            return certificate.ipAddresses.contains(host)
        }
        return certificate.dnsNames.contains { pattern in
            var name = pattern.lowercased()
            if name.hasSuffix(".") { name.removeLast() }
            if name == host { return true }
            guard name.hasPrefix("*."), name.count > 2 else { return false }
            guard let dot = host.firstIndex(of: "."), dot != host.startIndex else { return false }
            return host[dot...] == name.dropFirst()
        }
    }
}
