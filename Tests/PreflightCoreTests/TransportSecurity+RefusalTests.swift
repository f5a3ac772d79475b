import PreflightCore
import Testing

/// The transport policy the service gives the fetcher: plain http, then ATS on the TLS facts,
/// each by the rules of the hop's own host.
@Suite struct TransportSecurityRefusalTests {
    static let good = TLSFacts(
        version: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256", keyExchange: "ECDHE", certificateKeyType: "RSA",
        certificateKeyBits: 2048, signature: "sha256WithRSAEncryption")

    @Test func plainHTTPRefusedUnlessAllowed() {
        let first = TransportFacts(url: "http://cdn.example/a.jpg", isRedirect: false)
        let redirect = TransportFacts(url: "HTTP://cdn.example/b.jpg", isRedirect: true)
        #expect(TransportSecurity.refusal(first, ats: .strict) == "http://cdn.example/a.jpg is plain http")
        #expect(
            TransportSecurity.refusal(redirect, ats: .strict)
                == "a redirect leads to HTTP://cdn.example/b.jpg, plain http")
        #expect(
            TransportSecurity.judge(first, ats: .arbitraryLoads)
                == HopVerdict(applied: "allows_arbitrary_loads", refusal: nil))
        #expect(TransportSecurity.refusal(redirect, ats: .arbitraryLoads) == nil)
    }

    /// NSExceptionAllowsInsecureHTTPLoads lets http load from that domain only, and keeps the TLS rules.
    @Test func insecureHTTPExceptionIsPerDomainAndKeepsTLSRules() {
        let ats = AppTransportSecurity(exceptionDomains: ["cdn.example": .init(allowsInsecureHTTPLoads: true)])
        let http = TransportFacts(url: "http://cdn.example:8080/a.jpg", isRedirect: false)
        #expect(
            TransportSecurity.judge(http, ats: ats) == HopVerdict(applied: "exception domain cdn.example", refusal: nil)
        )
        let other = TransportFacts(url: "http://img.cdn.example/a.jpg", isRedirect: true)
        #expect(
            TransportSecurity.judge(other, ats: ats)
                == HopVerdict(
                    applied: "default", refusal: "a redirect leads to http://img.cdn.example/a.jpg, plain http"))
        var old = Self.good
        old.version = "TLSv1.1"
        let tls = TransportFacts(url: "https://cdn.example/a.jpg", isRedirect: false, tls: old)
        #expect(TransportSecurity.refusal(tls, ats: ats) == "TLSv1.1 is older than TLS 1.2")
    }

    @Test func tlsJudgedByItsViolationsUnlessArbitraryLoads() {
        var weak = Self.good
        weak.version = "TLSv1.1"
        weak.keyExchange = "RSA"
        weak.cipher = "AES128-SHA"
        let hop = TransportFacts(url: "https://cdn.example/a.jpg", isRedirect: false, tls: weak)
        #expect(
            TransportSecurity.refusal(hop, ats: .strict)
                == "TLSv1.1 is older than TLS 1.2; the key exchange is RSA (AES128-SHA): no forward secrecy through ECDHE"
        )
        // NSAllowsArbitraryLoads: the extended checks are off (trust evaluation is not ATS's).
        #expect(TransportSecurity.refusal(hop, ats: .arbitraryLoads) == nil)
        let good = TransportFacts(url: "https://cdn.example/a.jpg", isRedirect: true, tls: Self.good)
        #expect(TransportSecurity.refusal(good, ats: .strict) == nil)
        // A TLS hop whose session could not be read goes on: there is nothing to judge.
        #expect(
            TransportSecurity.refusal(TransportFacts(url: "https://x.example/", isRedirect: false), ats: .strict) == nil
        )
    }

    /// An exception domain is not affected by NSAllowsArbitraryLoads: its own rules hold there.
    @Test func exceptionDomainKeepsItsRulesUnderArbitraryLoads() {
        var weak = Self.good
        weak.version = "TLSv1"
        let ats = AppTransportSecurity(
            allowsArbitraryLoads: true, exceptionDomains: ["media.example": .init(minimumTLSVersion: .tls11)])
        let hop = TransportFacts(url: "https://media.example/a.jpg", isRedirect: false, tls: weak)
        #expect(
            TransportSecurity.judge(hop, ats: ats)
                == HopVerdict(applied: "exception domain media.example", refusal: "TLSv1 is older than TLS 1.1"))
        let elsewhere = TransportFacts(url: "https://other.example/a.jpg", isRedirect: true, tls: weak)
        #expect(
            TransportSecurity.judge(elsewhere, ats: ats) == HopVerdict(applied: "allows_arbitrary_loads", refusal: nil))
    }

    @Test(arguments: [
        ("https://cdn.example/a.jpg", "cdn.example"), ("HTTP://User@CDN.Example:8080/a?b#c", "cdn.example"),
        ("https://[::1]:8443/a", "::1"), ("https://127.0.0.1/a", "127.0.0.1"), ("https://cdn.example", "cdn.example"),
    ])
    func hostOfURL(url: String, host: String) {
        let ats = AppTransportSecurity(exceptionDomains: [host: .init(allowsInsecureHTTPLoads: true)])
        #expect(ats.rules(forHost: host).applied == "exception domain \(host)")
        #expect(
            TransportSecurity.judge(TransportFacts(url: url, isRedirect: false), ats: ats).applied
                == "exception domain \(host)")
    }
}
