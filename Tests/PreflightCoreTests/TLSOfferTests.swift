import Testing

@testable import PreflightCore

/// What the download offers, chosen from the extension's ATS for the first hop's host.
@Suite struct TLSOfferTests {
    static let ecdhe =
        "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-SHA384:ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA:ECDHE-ECDSA-AES128-SHA:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-SHA384:ECDHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA:ECDHE-RSA-AES128-SHA"
    static let rsa = "AES256-GCM-SHA384:AES128-GCM-SHA256:AES256-SHA256:AES128-SHA256:AES256-SHA:AES128-SHA"

    @Test func underATSTheOfferIsTLS12AndECDHEWithAES() {
        let offer = TLSOffer(firstURL: "https://cdn.example/a.jpg", ats: .strict)
        #expect(
            offer
                == TLSOffer(
                    minimumVersion: .tls12, cipherList: Self.ecdhe,
                    tls13Suites: "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256",
                    enforcesATS: true, applied: "default"))
    }

    @Test func arbitraryLoadsOfferTLS10AndRSAKeyExchange() {
        let offer = TLSOffer(firstURL: "http://cdn.example/a.jpg", ats: .arbitraryLoads)
        #expect(offer.minimumVersion == .tls10)
        #expect(offer.cipherList == Self.ecdhe + ":" + Self.rsa + ":@SECLEVEL=0")
        #expect(!offer.enforcesATS)
        #expect(offer.applied == "allows_arbitrary_loads")
    }

    /// The first host's exception chooses: its minimum, and RSA key exchange when forward
    /// secrecy is lifted; another first host keeps ATS's offer.
    @Test func anExceptionDomainChoosesForItsHost() {
        let ats = AppTransportSecurity(exceptionDomains: [
            "old.example": .init(requiresForwardSecrecy: false, minimumTLSVersion: .tls11),
            "new.example": .init(minimumTLSVersion: .tls13),
        ])
        let old = TLSOffer(firstURL: "https://old.example:8443/a.jpg", ats: ats)
        #expect(old.minimumVersion == .tls11)
        #expect(old.cipherList == Self.ecdhe + ":" + Self.rsa + ":@SECLEVEL=0")
        #expect(old.enforcesATS)
        #expect(old.applied == "exception domain old.example")
        let new = TLSOffer(firstURL: "https://new.example/a.jpg", ats: ats)
        #expect(new.minimumVersion == .tls13)
        #expect(new.cipherList == Self.ecdhe)
        #expect(TLSOffer(firstURL: "https://other.example/a.jpg", ats: ats).cipherList == Self.ecdhe)
    }
}
