import Testing

@testable import PreflightCore

/// A configured profile's `ats` (the extension's NSAppTransportSecurity), and how
/// `payload.allow_http_media` stands for it when the profile sets none.
@Suite struct ExtensionProfileATSKeysTests {
    static func profile(_ keys: String, payload: String = "{}") throws -> (ExtensionProfile, PreflightConfiguration) {
        let text = #"{"payload": \#(payload), "profiles": {"x": {\#(keys)}}}"#
        let config = try PreflightConfiguration.decode(Array(text.utf8))
        return (try #require(config.profiles["x"]), config)
    }

    @Test func readsEveryKeyWithApplesDefaults() throws {
        let (profile, _) = try Self.profile(
            #""ats": {"allows_arbitrary_loads": true, "exception_domains": {"media.example": {"includes_subdomains": true, "allows_insecure_http_loads": true, "requires_forward_secrecy": false, "minimum_tls_version": "TLSv1.0"}, "cdn.example": {}}}"#
        )
        let ats = try #require(profile.ats)
        #expect(ats.allowsArbitraryLoads)
        #expect(ats.allowsLocalNetworking == nil)
        #expect(
            ats.exceptionDomains["media.example"]
                == .init(
                    includesSubdomains: true, allowsInsecureHTTPLoads: true, requiresForwardSecrecy: false,
                    minimumTLSVersion: .tls10))
        // An entry with no key: NO, NO, YES and TLSv1.2, Apple's defaults.
        #expect(ats.exceptionDomains["cdn.example"] == AppTransportSecurity.ExceptionDomain())
        #expect(try Self.profile(#""ats": null"#).0.ats == nil)
        #expect(try Self.profile(#""media_keys": ["/image"]"#).0.ats == nil)
    }

    /// The profile's own `ats` wins over `payload.allow_http_media`, which stands for
    /// NSAllowsArbitraryLoads only for a profile that sets none.
    @Test func allowHTTPMediaIsTheShorthandForArbitraryLoads() throws {
        let (plain, config) = try Self.profile(#""media_keys": ["/image"]"#, payload: #"{"allow_http_media": true}"#)
        #expect(config.payload.appTransportSecurity(for: plain) == .arbitraryLoads)
        #expect(config.payload.appTransportSecurity(for: nil) == .arbitraryLoads)
        let (own, both) = try Self.profile(#""ats": {}"#, payload: #"{"allow_http_media": true}"#)
        #expect(both.payload.appTransportSecurity(for: own) == .strict)
        #expect(PreflightConfiguration().payload.appTransportSecurity(for: nil) == .strict)
    }

    @Test(
        arguments: [
            (#""ats": {"allow_arbitrary_loads": true}"#, "profiles.x.ats.allow_arbitrary_loads: unknown key"),
            (
                #""ats": {"exception_domains": {"a.test": {"minimum_tls_version": "TLSv1.4"}}}"#,
                #"profiles.x.ats.exception_domains.a.test.minimum_tls_version: "TLSv1.4" is not one of TLSv1.0, TLSv1.1, TLSv1.2, TLSv1.3"#
            ),
            (
                #""ats": {"exception_domains": {"A.test": {}}}"#,
                "profiles.x.ats.exception_domains.A.test: not a lower-case domain name"
            ),
            (
                #""ats": {"exception_domains": {"a.test:443": {}}}"#,
                "profiles.x.ats.exception_domains.a.test:443: not a lower-case domain name"
            ),
            (
                #""ats": {"exception_domains": {"*.a.test": {}}}"#,
                "profiles.x.ats.exception_domains.*.a.test: not a lower-case domain name"
            ),
            (
                #""ats": {"exception_domains": {"10.0.0.1": {}}}"#,
                "profiles.x.ats.exception_domains.10.0.0.1: IP addresses are not modelled"
            ),
            (
                #""ats": {"exception_domains": {"a.test": {"nsincludessubdomains": true}}}"#,
                "profiles.x.ats.exception_domains.a.test.nsincludessubdomains: unknown key"
            ),
            (
                #""ats": {"exception_domains": {"a.test": {"includes_subdomains": 1}}}"#,
                "profiles.x.ats.exception_domains.a.test.includes_subdomains: expected true or false"
            ),
            (
                #""ats": {"allows_local_networking": "yes"}"#,
                "profiles.x.ats.allows_local_networking: expected true or false"
            ),
            (#""ats": true"#, "profiles.x.ats: expected an object"),
        ])
    func refusesBadKeys(keys: String, message: String) {
        #expect {
            _ = try Self.profile(keys)
        } throws: { error in
            (error as? ConfigurationError)?.message.hasPrefix(message) == true
        }
    }
}
