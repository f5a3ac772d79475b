import Testing

@testable import PreflightCore

/// App Transport Security's connection requirements, each one alone.
@Suite struct TransportSecurityTests {
    static let good = TLSFacts(
        version: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256", keyExchange: "ECDHE", certificateKeyType: "RSA",
        certificateKeyBits: 2048, signature: "sha256WithRSAEncryption")

    @Test func goodConnectionsPass() {
        #expect(TransportSecurity.violations(Self.good) == [])
        let tls13 = TLSFacts(
            version: "TLSv1.3", cipher: "TLS_CHACHA20_POLY1305_SHA256", keyExchange: "any", certificateKeyType: "EC",
            certificateKeyBits: 256, signature: "ecdsa-with-SHA256")
        #expect(TransportSecurity.violations(tls13) == [])
    }

    @Test func eachRequirementAlone() {
        var facts = Self.good
        facts.version = "TLSv1.1"
        #expect(TransportSecurity.violations(facts) == ["TLSv1.1 is older than TLS 1.2"])
        facts = Self.good
        facts.keyExchange = "DHE"
        facts.cipher = "DHE-RSA-AES128-GCM-SHA256"
        #expect(
            TransportSecurity.violations(facts) == [
                "the key exchange is DHE (DHE-RSA-AES128-GCM-SHA256): no forward secrecy through ECDHE"
            ])
        facts = Self.good
        facts.cipher = "ECDHE-RSA-CHACHA20-POLY1305"
        #expect(
            TransportSecurity.violations(facts) == ["the cipher ECDHE-RSA-CHACHA20-POLY1305 is not AES-128 or AES-256"])
        facts = Self.good
        // RSA key size is iOS's trust rule for every certificate of the chain, not ATS's: judged elsewhere.
        facts.certificateKeyBits = 1024
        #expect(TransportSecurity.violations(facts) == [])
        facts = Self.good
        facts.certificateKeyType = "EC"
        facts.certificateKeyBits = 224
        #expect(TransportSecurity.violations(facts) == ["the certificate's EC key has 224 bits, under 256"])
        facts = Self.good
        facts.signature = "sha224WithRSAEncryption"
        #expect(
            TransportSecurity.violations(facts) == [
                "the certificate is signed with sha224WithRSAEncryption, weaker than SHA-256"
            ])
        // A signature outside SHA-2 is iOS's trust rule for every certificate (TrustRules), named once there.
        facts.signature = "sha1WithRSAEncryption"
        #expect(TransportSecurity.violations(facts) == [])
    }

    /// RSA-PSS is judged by the hash its parameters name (the fetcher reads it). SHA-1 and
    /// parameters that could not be read are the trust rules' (`TrustRulesTests`), not ATS's.
    @Test(arguments: [
        ("rsassaPss with sha256", []),
        ("rsassaPss with sha512", []),
        ("rsassaPss with sha224", ["the certificate is signed with rsassaPss with sha224, weaker than SHA-256"]),
        ("rsassaPss with sha1", []),
        ("rsassaPss with unreadable parameters", []),
    ])
    func rsaPSSIsJudgedByItsHash(signature: String, expected: [String]) {
        var facts = Self.good
        facts.signature = signature
        #expect(TransportSecurity.violations(facts) == expected)
    }

    /// An exception domain's minimum version and NSExceptionRequiresForwardSecrecy NO, which also
    /// drops the key length check but keeps AES and the version rule.
    @Test func exceptionRulesLowerTheBar() {
        let relaxed = HopRules(
            applied: "exception domain x", allowsHTTP: false, extendedChecks: true, minimumTLSVersion: .tls10,
            requiresForwardSecrecy: false)
        var facts = Self.good
        facts.version = "TLSv1"
        facts.keyExchange = "RSA"
        facts.cipher = "AES128-SHA"
        facts.certificateKeyType = "EC"
        facts.certificateKeyBits = 224
        #expect(TransportSecurity.violations(facts, rules: relaxed) == [])
        facts.cipher = "DES-CBC3-SHA"
        #expect(
            TransportSecurity.violations(facts, rules: relaxed) == ["the cipher DES-CBC3-SHA is not AES-128 or AES-256"]
        )
        facts.version = "SSLv3"
        #expect(
            TransportSecurity.violations(facts, rules: relaxed) == [
                "SSLv3 is older than TLS 1.0", "the cipher DES-CBC3-SHA is not AES-128 or AES-256",
            ])
        var tls13Only = relaxed
        tls13Only.minimumTLSVersion = .tls13
        #expect(TransportSecurity.violations(Self.good, rules: tls13Only) == ["TLSv1.2 is older than TLS 1.3"])
    }
}
