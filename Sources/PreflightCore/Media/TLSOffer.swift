/// What the download's TLS client offers, chosen from the extension's ATS for the first hop's
/// host, so that a server is judged on what it supports as the phone offers it, not on what it
/// picked from a wider offer. A redirect to another host reuses this offer (curl follows
/// redirects on one handle); each hop's negotiated facts are still judged by its own host's rules.
///
/// ```swift
/// let offer = TLSOffer(firstURL: "https://cdn.example/a.jpg", ats: .strict)
/// offer.minimumVersion  // .tls12
/// ```
public struct TLSOffer: Sendable, Equatable {
    /// The lowest version offered (`CURLOPT_SSLVERSION`).
    public var minimumVersion: AppTransportSecurity.TLSVersion
    /// TLS 1.2-and-older suites, OpenSSL names in the order offered (`CURLOPT_SSL_CIPHER_LIST`).
    public var cipherList: String
    /// TLS 1.3 suites (`CURLOPT_TLS13_CIPHERS`).
    public var tls13Suites: String
    /// ATS's extended checks chose this offer: a server that agrees on none of it fails as ATS
    /// fails it (`media.fetch.ats`), not as a broken TLS server.
    public var enforcesATS: Bool
    /// Which part of the extension's ATS chose the offer (`HopRules.applied` of the first host).
    public var applied: String

    /// ATS's suites: ECDHE key exchange with AES in GCM or CBC mode. Apple Platform Security,
    /// "TLS security" (https://support.apple.com/guide/security/sec100a75d12/web): ATS "limits
    /// cipher selection to include only suites that provide forward secrecy, specifically:
    /// ECDHE_ECDSA_AES and ECDHE_RSA_AES in Galois/Counter Mode (GCM)", then the CBC modes (the
    /// archived ATS list names the CBC suites; ECDHE_RSA AES-256-CBC-SHA, which it omits, is
    /// offered: the judging has always accepted it, and it is ECDHE with AES).
    public static let forwardSecretSuites = [
        "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-SHA384",
        "ECDHE-ECDSA-AES128-SHA256", "ECDHE-ECDSA-AES256-SHA", "ECDHE-ECDSA-AES128-SHA",
        "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-RSA-AES256-SHA384",
        "ECDHE-RSA-AES128-SHA256", "ECDHE-RSA-AES256-SHA", "ECDHE-RSA-AES128-SHA",
    ].joined(separator: ":")
    /// RSA key exchange with AES: what `NSExceptionRequiresForwardSecrecy` NO adds ("accept more
    /// ciphers"; AES stays required). Apple lists no suites for arbitrary loads: the offer there is
    /// both lists and nothing more (the safe side: no pass on a suite the phone may not offer).
    public static let rsaKeyExchangeSuites = [
        "AES256-GCM-SHA384", "AES128-GCM-SHA256", "AES256-SHA256", "AES128-SHA256", "AES256-SHA", "AES128-SHA",
    ].joined(separator: ":")
    /// TLS 1.3's AEAD suites, all ephemeral ("TLS 1.2 or later"): the three every client offers.
    public static let tls13 = "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256"

    public init(
        minimumVersion: AppTransportSecurity.TLSVersion, cipherList: String, tls13Suites: String = Self.tls13,
        enforcesATS: Bool, applied: String
    ) {
        self.minimumVersion = minimumVersion
        self.cipherList = cipherList
        self.tls13Suites = tls13Suites
        self.enforcesATS = enforcesATS
        self.applied = applied
    }

    /// The offer for a download that starts at `firstURL`, under the extension's `ats`.
    public init(firstURL: String, ats: AppTransportSecurity) {
        self.init(rules: ats.rules(forHost: TransportSecurity.host(of: firstURL)))
    }

    /// The offer `rules` call for: under the extended checks their minimum version, and the
    /// forward-secret suites (with RSA key exchange too when forward secrecy is lifted); with the
    /// checks off (arbitrary loads), TLS 1.0 and both lists.
    public init(rules: HopRules) {
        let minimum = rules.extendedChecks ? rules.minimumTLSVersion : .tls10
        var suites = Self.forwardSecretSuites
        if !rules.extendedChecks || !rules.requiresForwardSecrecy { suites += ":" + Self.rsaKeyExchangeSuites }
        // OpenSSL 3 refuses TLS 1.0 and 1.1 above security level 0 (their handshake signs with
        // SHA-1 / MD5-SHA1; Debian's openssl.cnf sets level 2), so an offer that goes below
        // TLS 1.2 says so in its cipher string.
        if minimum < .tls12 { suites += ":@SECLEVEL=0" }
        self.init(
            minimumVersion: minimum, cipherList: suites, enforcesATS: rules.extendedChecks, applied: rules.applied)
    }
}
