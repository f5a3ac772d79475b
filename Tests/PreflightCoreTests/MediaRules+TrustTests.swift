import Testing

@testable import PreflightCore

/// The trust step on a recorded chain: its findings, and the steps after it still running.
@Suite struct MediaRulesTrustTests {
    static let reference = MediaReference(key: "image", url: try! MediaURL.parse("https://media.test/a.jpg"))

    static func download(_ chains: [PresentedChain]) -> DownloadOutcome {
        var download = DownloadOutcome(url: "https://media.test/a.jpg")
        download.httpStatus = 200
        download.chains = chains
        return download
    }

    @Test func aCommonNameOnlyLeafIsAnATSErrorAndTheMediaIsStillJudged() throws {
        let chain = PresentedChain(
            url: "https://media.test/a.jpg",
            certificates: [try CertificateTests.der("cn-only"), try CertificateTests.der("ca")])
        // The same chain twice (a redirect on the same connection) is judged once.
        let judged = MediaRules.evaluate(
            Self.download([chain, chain]), reference: Self.reference, configuration: PreflightConfiguration())
        // It has no EKU either (rule eku, the second finding).
        #expect(judged.findings.map(\.code) == [.fetchATS, .fetchATS, .mediaEmpty])
        let finding = try #require(judged.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.path == "image")
        #expect(
            finding.message
                == "iOS does not trust the certificate of media.test (rule san, support.apple.com/103769): it has no Subject Alternative Name, and a name only in the CommonName is not trusted; subject CN=media.test, O=Preflight Tests, issuer CN=Preflight Test Root, O=Preflight Tests, C=DE, valid 2026-12-01T19:12:00Z to 2026-12-31T19:12:00Z"
        )
        #expect(
            finding.fix == "put every host name the media is served from in the certificate's Subject Alternative Name")
        #expect(judged.attachment == nil)
    }

    @Test func anIssuingCAIsNamedByItsPlace() throws {
        let chain = PresentedChain(
            url: "https://weak.test/a.jpg",
            certificates: [try CertificateTests.der("rsa-leaf"), try CertificateTests.der("rsa1024-sha1")])
        let violations = TrustRules.violations(host: "weak.test", chain: chain.parsed)
        #expect(violations.map(\.rule) == ["san", "validity-825", "validity-398", "rsa-2048"])
        let finding = MediaRules.trustFinding(violations[3], host: "weak.test", key: "image")
        #expect(finding.message.hasPrefix("iOS does not trust issuing CA 1 of weak.test's chain (rule rsa-2048"))
    }

    @Test func hostsFromTheHopsURL() {
        #expect(PresentedChain(url: "https://Media.Test.:8443/a", certificates: []).host == "media.test")
        #expect(PresentedChain(url: "https://[::1]:8443/a", certificates: []).host == "::1")
        #expect(PresentedChain(url: "not a url", certificates: []).host == nil)
    }
}
