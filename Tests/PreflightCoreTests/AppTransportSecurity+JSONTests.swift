import Testing

@testable import PreflightCore

/// The profile's `ats` as `GET /v1/profiles` writes it, and the report's `media.ats`.
@Suite struct AppTransportSecurityJSONTests {
    @Test func writesEveryKeyDomainsInOrder() {
        let ats = AppTransportSecurity(
            allowsArbitraryLoads: true, allowsLocalNetworking: false,
            exceptionDomains: [
                "z.test": .init(minimumTLSVersion: .tls11),
                "a.test": .init(includesSubdomains: true, allowsInsecureHTTPLoads: true, requiresForwardSecrecy: false),
            ])
        var writer = JSONWriter()
        ats.writeJSON(to: &writer)
        #expect(
            writer.text
                == #"{"allows_arbitrary_loads":true,"allows_local_networking":false,"arbitrary_loads_apply":false,"exception_domains":{"a.test":{"includes_subdomains":true,"allows_insecure_http_loads":true,"requires_forward_secrecy":false,"minimum_tls_version":"TLSv1.2"},"z.test":{"includes_subdomains":false,"allows_insecure_http_loads":false,"requires_forward_secrecy":true,"minimum_tls_version":"TLSv1.1"}}}"#
        )
        var strict = JSONWriter()
        AppTransportSecurity.strict.writeJSON(to: &strict)
        #expect(
            strict.text
                == #"{"allows_arbitrary_loads":false,"allows_local_networking":null,"arbitrary_loads_apply":false,"exception_domains":{}}"#
        )
    }

    @Test func writesEachHop() {
        var writer = JSONWriter()
        HopATS.write(
            [
                HopATS(url: "https://a.test/x", applied: "exception domain a.test"),
                HopATS(url: "http://b.test/", applied: "default"),
            ],
            to: &writer)
        #expect(
            writer.text
                == #"[{"url":"https://a.test/x","applied":"exception domain a.test"},{"url":"http://b.test/","applied":"default"}]"#
        )
    }
}
