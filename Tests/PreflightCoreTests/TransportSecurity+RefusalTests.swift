import PreflightCore
import Testing

/// The transport policy the service gives the fetcher: plain http, then ATS on the TLS facts.
@Suite struct TransportSecurityRefusalTests {
    static let good = TLSFacts(
        version: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256", keyExchange: "ECDHE", certificateKeyType: "RSA",
        certificateKeyBits: 2048, signature: "sha256WithRSAEncryption")

    @Test func plainHTTPRefusedUnlessAllowed() {
        let first = TransportFacts(url: "http://cdn.example/a.jpg", isRedirect: false)
        let redirect = TransportFacts(url: "HTTP://cdn.example/b.jpg", isRedirect: true)
        #expect(TransportSecurity.refusal(first, allowHTTP: false) == "http://cdn.example/a.jpg is plain http")
        #expect(
            TransportSecurity.refusal(redirect, allowHTTP: false)
                == "a redirect leads to HTTP://cdn.example/b.jpg, plain http")
        #expect(TransportSecurity.refusal(first, allowHTTP: true) == nil)
        #expect(TransportSecurity.refusal(redirect, allowHTTP: true) == nil)
    }

    @Test func tlsJudgedByItsViolations() {
        var weak = Self.good
        weak.version = "TLSv1.1"
        weak.certificateKeyBits = 1024
        let hop = TransportFacts(url: "https://cdn.example/a.jpg", isRedirect: false, tls: weak)
        #expect(
            TransportSecurity.refusal(hop, allowHTTP: true)
                == "TLSv1.1 is older than TLS 1.2; the certificate's RSA key has 1024 bits, under 2048")
        let good = TransportFacts(url: "https://cdn.example/a.jpg", isRedirect: true, tls: Self.good)
        #expect(TransportSecurity.refusal(good, allowHTTP: false) == nil)
        // A TLS hop whose session could not be read goes on: there is nothing to judge.
        #expect(
            TransportSecurity.refusal(TransportFacts(url: "https://x.example/", isRedirect: false), allowHTTP: false)
                == nil)
    }
}
