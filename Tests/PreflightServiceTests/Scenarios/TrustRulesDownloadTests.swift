import PreflightCore
import PreflightService
import Testing

/// iOS's certificate trust rules (support.apple.com/103769 and /102028) against nginx origins on
/// loopback whose certificates OpenSSL accepts (at security level 0 for the weak intermediates)
/// and iOS does not. Each is `media.fetch.ats`, the media is still judged, and the rules hold
/// under every ATS setting: no exception, arbitrary loads (the profile's `ats` and the
/// `payload.allow_http_media` shorthand) and an exception domain for the host.
@Suite(.serialized) struct TrustRulesDownloadTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    static let names = [
        "cn-only.test", "no-eku.test", "days400.test", "days830.test", "rsa1024-ca.test", "sha1-ca.test",
    ]

    /// The extension's ATS: none of the settings lifts iOS's trust rules.
    enum Setting: CaseIterable {
        /// No exception.
        case none
        /// `payload.allow_http_media`, the shorthand for NSAllowsArbitraryLoads.
        case allowHTTPMedia
        /// The profile's `ats.allows_arbitrary_loads`.
        case arbitraryLoads
        /// Each origin's host an exception domain with every relaxation ATS has.
        case exceptionDomain
    }

    func configuration(_ setting: Setting) -> PreflightConfiguration {
        var configuration = origins.configuration()
        configuration.fetch.resolve += Self.names.map { "\($0):\(origins.httpsPort):127.0.0.1" }
        configuration.payload.allowHTTPMedia = setting == .allowHTTPMedia
        let relaxed = AppTransportSecurity.ExceptionDomain(
            allowsInsecureHTTPLoads: true, requiresForwardSecrecy: false, minimumTLSVersion: .tls10)
        switch setting {
        case .none: configuration.profiles["test"]?.ats = .strict
        case .allowHTTPMedia: configuration.profiles["test"]?.ats = nil
        case .arbitraryLoads: configuration.profiles["test"]?.ats = .arbitraryLoads
        case .exceptionDomain:
            configuration.profiles["test"]?.ats = AppTransportSecurity(
                exceptionDomains: Dictionary(uniqueKeysWithValues: Self.names.map { ($0, relaxed) }))
        }
        return configuration
    }

    /// Each origin's one broken rule, and the subject of the certificate that breaks it.
    static let cases: [(name: String, rule: String, subject: String, problem: String)] = [
        (
            "cn-only.test", "san", "CN=cn-only.test",
            "it has no Subject Alternative Name, and a name only in the CommonName is not trusted"
        ),
        ("no-eku.test", "eku", "CN=no-eku.test", "it has no ExtendedKeyUsage extension with serverAuth"),
        (
            "days400.test", "validity-398", "CN=days400.test",
            "it was issued on or after 2020-09-01 and is valid for 401 days, over 398"
        ),
        (
            "rsa1024-ca.test", "rsa-2048", "CN=Preflight RSA-1024 Intermediate",
            "its RSA key has 1024 bits, under 2048"
        ),
        (
            "sha1-ca.test", "sha-2", "CN=Preflight SHA-1 Intermediate",
            "it is signed with sha1WithRSAEncryption, not a SHA-2 hash"
        ),
    ]

    @Test(arguments: Setting.allCases)
    func eachBrokenRuleIsNamedAndTheMediaStillJudged(setting: Setting) throws {
        try withService(configuration(setting)) { service in
            for item in Self.cases {
                let result = try checkMedia(service, url: "https://\(item.name):\(origins.httpsPort)/media/image.jpg")
                #expect(result.codes == ["media.fetch.ats"], "\(item.name)")
                let message = result.finding("media.fetch.ats")?["message"]?.string ?? ""
                #expect(message.contains("(rule \(item.rule), support.apple.com/"), "\(item.name): \(message)")
                #expect(
                    message.contains("\(item.problem); subject \(item.subject), issuer "), "\(item.name): \(message)")
                #expect(result.status == 422)
                // The download went on: the bytes were read and judged, no attachment is planned.
                #expect(result.media?["sniffed_type"]?.string == "image/jpeg", "\(item.name)")
                #expect(result.media?["bytes"]?.integer ?? 0 > 0)
                #expect(result.attachment == nil)
            }
        }
    }

    /// 830 days from today: over 825 (103769) and over 398 (102028).
    @Test func an830DayLeafBreaksBothLimits() throws {
        try withService(configuration(.none)) { service in
            let result = try checkMedia(service, url: "https://days830.test:\(origins.httpsPort)/media/image.jpg")
            #expect(result.codes == ["media.fetch.ats", "media.fetch.ats"])
            guard case .array(let findings)? = result.report["findings"] else { return }
            let messages = findings.compactMap { $0["message"]?.string }
            #expect(
                messages.contains {
                    $0.contains("(rule validity-825, support.apple.com/103769): it is valid for 831 days, over 825")
                })
            #expect(messages.contains { $0.contains("(rule validity-398, support.apple.com/102028)") })
        }
    }

    /// The chain's facts in `media.tls.chain`: the intermediate OpenSSL accepted at level 0, the root.
    @Test func theChainIsReported() throws {
        try withService(configuration(.none)) { service in
            let result = try checkMedia(service, url: "https://rsa1024-ca.test:\(origins.httpsPort)/media/image.jpg")
            guard case .array(let chain)? = result.media?["tls"]?["chain"] else {
                Issue.record("no media.tls.chain")
                return
            }
            #expect(
                chain.map { $0["subject"]?.string } == [
                    "CN=rsa1024-ca.test", "CN=Preflight RSA-1024 Intermediate", "CN=Preflight Test CA",
                ])
            #expect(chain.map { $0["bits"]?.integer } == [2048, 1024, 2048])
            #expect(chain.map { $0["ca"] } == [.bool(false), .bool(true), .bool(true)])
            #expect(chain[0]["key"]?.string == "RSA")
            #expect(chain[0]["signature"]?.string == "sha256WithRSAEncryption")
            #expect(chain[0]["san"] == .array([.string("rsa1024-ca.test")]))
            #expect(chain[0]["eku"] == .array([.string("serverAuth")]))
            #expect(chain[1]["eku"] == .null)
            #expect(chain[0]["issuer"]?.string == "CN=Preflight RSA-1024 Intermediate")
            #expect(chain[0]["not_before"]?.string?.hasSuffix("Z") == true)
        }
    }

    /// The fixture the other tests use passes every rule: its chain is the leaf and the test CA.
    @Test func theDefaultOriginPasses() throws {
        try withService(configuration(.none)) { service in
            let result = try checkMedia(service, url: origins.https + "/media/image.jpg")
            #expect(result.codes == [])
            guard case .array(let chain)? = result.media?["tls"]?["chain"] else {
                Issue.record("no media.tls.chain")
                return
            }
            #expect(chain.map { $0["subject"]?.string } == ["CN=media.test", "CN=Preflight Test CA"])
            #expect(result.attachment != nil)
        }
    }
}
