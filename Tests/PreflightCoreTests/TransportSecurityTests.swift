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
        facts.certificateKeyBits = 1024
        #expect(TransportSecurity.violations(facts) == ["the certificate's RSA key has 1024 bits, under 2048"])
        facts = Self.good
        facts.certificateKeyType = "EC"
        facts.certificateKeyBits = 224
        #expect(TransportSecurity.violations(facts) == ["the certificate's EC key has 224 bits, under 256"])
        facts = Self.good
        facts.signature = "sha1WithRSAEncryption"
        #expect(
            TransportSecurity.violations(facts) == [
                "the certificate is signed with sha1WithRSAEncryption, weaker than SHA-256"
            ])
    }

    /// RSA-PSS is judged by the hash its parameters name (the fetcher reads it); parameters it
    /// could not read are the safe side, refused.
    @Test(arguments: [
        ("rsassaPss with sha256", []),
        ("rsassaPss with sha512", []),
        ("rsassaPss with sha1", ["the certificate is signed with rsassaPss with sha1, weaker than SHA-256"]),
        (
            "rsassaPss with unreadable parameters",
            ["the certificate is signed with rsassaPss with unreadable parameters, weaker than SHA-256"]
        ),
    ])
    func rsaPSSIsJudgedByItsHash(signature: String, expected: [String]) {
        var facts = Self.good
        facts.signature = signature
        #expect(TransportSecurity.violations(facts) == expected)
    }
}
