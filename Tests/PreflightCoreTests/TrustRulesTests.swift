import Testing

@testable import PreflightCore

/// iOS's trust rules (support.apple.com/103769 and /102028), each alone, on certificates read
/// from openssl's DER and then changed field by field.
@Suite struct TrustRulesTests {
    /// A leaf for media.test issued 2026-12-01 for 90 days, and the root that signed it.
    static func chain() throws -> (leaf: Certificate, root: Certificate) {
        var leaf = try CertificateTests.certificate("rsa-leaf")
        leaf.notAfter = leaf.notBefore + 90 * 86_400
        return (leaf, try CertificateTests.certificate("ca"))
    }

    static func rules(_ chain: [Certificate], host: String = "media.test") -> [String] {
        TrustRules.violations(host: host, chain: chain).map { "\($0.rule)@\($0.position)" }
    }

    @Test func aGoodChainPasses() throws {
        let (leaf, root) = try Self.chain()
        #expect(Self.rules([leaf, root]) == [])
        #expect(Self.rules([leaf]) == [])
        #expect(Self.rules([]) == [])
    }

    @Test func theNameMustBeInTheSubjectAlternativeName() throws {
        var (leaf, root) = try Self.chain()
        #expect(Self.rules([leaf, root], host: "other.test") == ["san@0"])
        let named = TrustRules.violations(host: "other.test", chain: [leaf])
        #expect(
            named.first?.problem
                == "other.test is not in its Subject Alternative Name (media.test, *.cdn.test, 127.0.0.1, ::1)")
        #expect(named.first?.source == "support.apple.com/103769")
        leaf.dnsNames = []
        leaf.ipAddresses = []
        let cnOnly = TrustRules.violations(host: "media.test", chain: [leaf])
        #expect(
            cnOnly.map(\.problem) == [
                "it has no Subject Alternative Name, and a name only in the CommonName is not trusted"
            ])
    }

    @Test(arguments: [
        ("media.test", true), ("MEDIA.test", true), ("a.cdn.test", true), ("cdn.test", false), ("a.b.cdn.test", false),
        ("127.0.0.1", true), ("::1", true), ("127.0.0.2", false), ("evil.test", false),
    ])
    func namesAndWildcards(host: String, matches: Bool) throws {
        #expect(TrustRules.namesHost(try Self.chain().leaf, host: host) == matches)
    }

    @Test func aPartialWildcardIsNotMatched() throws {
        var leaf = try Self.chain().leaf
        leaf.dnsNames = ["f*.cdn.test", "*"]
        #expect(!TrustRules.namesHost(leaf, host: "foo.cdn.test"))
        #expect(!TrustRules.namesHost(leaf, host: "media"))
    }

    @Test func serverAuthIsNeededFromJuly2019() throws {
        var (leaf, root) = try Self.chain()
        leaf.extendedKeyUsage = nil
        #expect(Self.rules([leaf, root]) == ["eku@0"])
        leaf.extendedKeyUsage = ["clientAuth"]
        #expect(
            TrustRules.violations(host: "media.test", chain: [leaf]).map(\.problem) == [
                "its ExtendedKeyUsage (clientAuth) lacks serverAuth"
            ])
        leaf.extendedKeyUsage = ["anyExtendedKeyUsage"]
        #expect(Self.rules([leaf]) == ["eku@0"])
        // Issued the second before 2019-07-01: the EKU rule does not apply.
        leaf.extendedKeyUsage = nil
        leaf.notBefore = TrustRules.eraOfEKU - 1
        leaf.notAfter = leaf.notBefore + 90 * 86_400
        #expect(Self.rules([leaf]) == [])
        leaf.notBefore = TrustRules.eraOfEKU
        #expect(Self.rules([leaf]) == ["eku@0"])
    }

    /// 102028: notBefore through notAfter inclusive, in days of 86,400 s; over 398 from 2020-09-01.
    @Test func validityLimits() throws {
        var leaf = try Self.chain().leaf
        leaf.notBefore = TrustRules.eraOf398Days
        leaf.notAfter = leaf.notBefore + 398 * 86_400 - 1
        #expect(leaf.validityDays == 398)
        #expect(Self.rules([leaf]) == [])
        leaf.notAfter += 1
        #expect(Self.rules([leaf]) == ["validity-398@0"])
        #expect(
            TrustRules.violations(host: "media.test", chain: [leaf]).first?.problem
                == "it was issued on or after 2020-09-01 and is valid for 399 days, over 398")
        #expect(TrustRules.violations(host: "media.test", chain: [leaf]).first?.source == "support.apple.com/102028")
        // Issued the second before 2020-09-01: 825 days is the limit.
        leaf.notBefore = TrustRules.eraOf398Days - 1
        leaf.notAfter = leaf.notBefore + 825 * 86_400 - 1
        #expect(Self.rules([leaf]) == [])
        leaf.notAfter += 1
        #expect(Self.rules([leaf]) == ["validity-825@0"])
        // 830 days from 2026 break both.
        leaf.notBefore = TrustRules.eraOf398Days + 86_400 * 2_000
        leaf.notAfter = leaf.notBefore + 830 * 86_400
        #expect(Self.rules([leaf]) == ["validity-825@0", "validity-398@0"])
        // Before July 2019, no limit is read here.
        leaf.notBefore = TrustRules.eraOfEKU - 86_400
        leaf.notAfter = leaf.notBefore + 1_000 * 86_400
        #expect(Self.rules([leaf]) == [])
    }

    @Test func rsaKeysAndSHA2ForTheLeafAndTheIssuingCAs() throws {
        var (leaf, root) = try Self.chain()
        var intermediate = root
        intermediate.subject = "CN=Preflight Test Intermediate"
        intermediate.isSelfIssued = false
        intermediate.keyBits = 1024
        #expect(Self.rules([leaf, intermediate, root]) == ["rsa-2048@1"])
        intermediate.keyBits = 2048
        intermediate.signature = "sha1WithRSAEncryption"
        intermediate.signatureHash = .sha1
        #expect(Self.rules([leaf, intermediate, root]) == ["sha-2@1"])
        let violation = try #require(
            TrustRules.violations(host: "media.test", chain: [leaf, intermediate, root]).first)
        #expect(violation.problem == "it is signed with sha1WithRSAEncryption, not a SHA-2 hash")
        #expect(violation.certificate.subject == "CN=Preflight Test Intermediate")
        leaf.keyBits = 2047
        leaf.signatureHash = .md5
        leaf.signature = "md5WithRSAEncryption"
        #expect(Self.rules([leaf, root]) == ["rsa-2048@0", "sha-2@0"])
    }

    /// The self-issued last certificate is a trust anchor: its key size is read (it issues), its
    /// own signature is not. A self-signed server certificate alone is held to every rule.
    @Test func aRootsSelfSignatureIsNotJudged() throws {
        var (leaf, root) = try Self.chain()
        root.signature = "sha1WithRSAEncryption"
        root.signatureHash = .sha1
        #expect(Self.rules([leaf, root]) == [])
        root.keyBits = 1024
        #expect(Self.rules([leaf, root]) == ["rsa-2048@1"])
        let weak = try CertificateTests.certificate("rsa1024-sha1")
        #expect(Self.rules([weak], host: "weak.test") == ["eku@0", "rsa-2048@0", "sha-2@0"])
    }

    @Test func ellipticAndEdwardsKeys() throws {
        #expect(Self.rules([try CertificateTests.certificate("ec-p256")], host: "p256.test") == ["eku@0"])
        #expect(Self.rules([try CertificateTests.certificate("ec-p384")], host: "p384.test") == ["eku@0"])
        // Ed25519 names no SHA-2 hash, and its certificate here has no SAN either.
        #expect(
            Self.rules([try CertificateTests.certificate("ed25519")], host: "ed25519.test") == [
                "san@0", "eku@0", "sha-2@0",
            ])
        #expect(Self.rules([try CertificateTests.certificate("pss-sha384")]) == [])
    }
}
