import Testing

@testable import PreflightCore

/// Which part of the extension's ATS applies to a host, as Apple's key pages describe it.
@Suite struct AppTransportSecurityTests {
    static func profile(_ keys: String) throws -> ExtensionProfile {
        let config = try PreflightConfiguration.decode(Array(#"{"profiles": {"x": {\#(keys)}}}"#.utf8))
        return try #require(config.profiles["x"])
    }

    /// NSAllowsLocalNetworking, present with any value, makes iOS 10 and later ignore
    /// NSAllowsArbitraryLoads; YES lets local names load without ATS.
    @Test func localNetworkingCancelsArbitraryLoads() throws {
        let profile = try Self.profile(
            #""ats": {"allows_arbitrary_loads": true, "allows_local_networking": false}"#)
        let ats = try #require(profile.ats)
        #expect(!ats.arbitraryLoadsApply)
        #expect(
            ats.rules(forHost: "cdn.example")
                == HopRules(
                    applied: "default (allows_arbitrary_loads ignored: allows_local_networking is set)",
                    allowsHTTP: false,
                    extendedChecks: true))
        var local = ats
        local.allowsLocalNetworking = true
        #expect(local.rules(forHost: "printer.local").applied == "allows_local_networking")
        #expect(local.rules(forHost: "10.0.0.7").allowsHTTP)
        #expect(!local.rules(forHost: "cdn.example").allowsHTTP)
    }

    /// An exact entry, a subdomain only with includes_subdomains, the longest such domain first.
    @Test func matchesDomainsAsAppleDescribes() {
        let ats = AppTransportSecurity(exceptionDomains: [
            "example.com": .init(includesSubdomains: true, minimumTLSVersion: .tls11),
            "img.example.com": .init(minimumTLSVersion: .tls10),
            "exact.test": .init(allowsInsecureHTTPLoads: true),
        ])
        #expect(ats.rules(forHost: "example.com").minimumTLSVersion == .tls11)
        #expect(ats.rules(forHost: "a.b.example.com").applied == "exception domain example.com")
        #expect(ats.rules(forHost: "IMG.example.com").applied == "exception domain img.example.com")
        #expect(ats.rules(forHost: "x.img.example.com").applied == "exception domain example.com")
        #expect(ats.rules(forHost: "exact.test").allowsHTTP)
        #expect(ats.rules(forHost: "sub.exact.test").applied == "default")
        #expect(ats.rules(forHost: "notexample.com").applied == "default")
    }

    @Test(arguments: [
        ("TLSv1", AppTransportSecurity.TLSVersion.tls10), ("TLSv1.1", .tls11), ("TLSv1.2", .tls12), ("TLSv1.3", .tls13),
    ])
    func readsOpenSSLsVersionNames(name: String, version: AppTransportSecurity.TLSVersion) {
        #expect(AppTransportSecurity.TLSVersion(negotiated: name) == version)
    }

    @Test func tellsDictionariesApartByKey() {
        let one = AppTransportSecurity(exceptionDomains: ["a.test": .init(includesSubdomains: true)])
        let two = AppTransportSecurity(exceptionDomains: ["a.test": .init()])
        #expect(one.key != two.key)
        #expect(AppTransportSecurity.strict.key != AppTransportSecurity.arbitraryLoads.key)
        #expect(one.key == "arbitrary=false local=absent a.test:true,false,true,TLSv1.2")
    }
}
