import Foundation
import Testing

@testable import PreflightCore

/// The certificate reader on DER that `openssl` wrote (`Tests/Certificates/make.sh`; remaking them
/// changes the dates named here).
@Suite struct CertificateTests {
    static func der(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Certificates/\(name).der")
        return Array(try Data(contentsOf: url))
    }

    static func certificate(_ name: String) throws -> Certificate {
        try #require(Certificate(der: der(name)), "\(name).der did not parse")
    }

    @Test func aLeafWithEveryField() throws {
        let leaf = try Self.certificate("rsa-leaf")
        #expect(leaf.subject == "CN=media.test, O=Preflight Tests")
        #expect(leaf.issuer == "CN=Preflight Test Root, O=Preflight Tests, C=DE")
        // notBefore is a UTCTime, notAfter (after 2049) a GeneralizedTime.
        #expect(Certificate.iso8601(leaf.notBefore) == "2026-12-01T19:11:58Z")
        #expect(Certificate.iso8601(leaf.notAfter) == "2054-04-18T19:11:58Z")
        #expect(leaf.validitySeconds == 10_000 * 86_400 + 1)
        #expect(leaf.validityDays == 10_001)
        #expect(leaf.dnsNames == ["media.test", "*.cdn.test"])
        #expect(leaf.ipAddresses == ["127.0.0.1", "::1"])
        #expect(leaf.extendedKeyUsage == ["serverAuth", "clientAuth"])
        #expect(!leaf.isCA)
        #expect(!leaf.isSelfIssued)
        #expect(leaf.keyType == .rsa)
        #expect(leaf.keyBits == 2048)
        #expect(leaf.keyDescription == "RSA 2048")
        #expect(leaf.signature == "sha256WithRSAEncryption")
        #expect(leaf.signatureHash == .sha256)
    }

    @Test func aRootCA() throws {
        let root = try Self.certificate("ca")
        #expect(root.subject == "CN=Preflight Test Root, O=Preflight Tests, C=DE")
        #expect(root.subject == root.issuer)
        #expect(root.isSelfIssued)
        #expect(root.isCA)
        #expect(root.extendedKeyUsage == nil)
        #expect(root.dnsNames.isEmpty)
        #expect(Certificate.iso8601(root.notAfter) == "2036-11-28T19:11:55Z")
    }

    @Test(arguments: [
        (
            "ec-p256", Certificate.KeyType.ec, 256 as Int?, "ecdsa-with-SHA256",
            Certificate.Hash.sha256 as Certificate.Hash?
        ),
        ("ec-p384", .ec, 384, "ecdsa-with-SHA384", .sha384),
        ("ed25519", .ed25519, nil, "ED25519", nil),
        ("rsa1024-sha1", .rsa, 1024, "sha1WithRSAEncryption", .sha1),
        ("pss-sha384", .rsa, 2048, "rsassaPss with sha384", .sha384),
    ])
    func keysAndSignatures(
        name: String, type: Certificate.KeyType, bits: Int?, signature: String, hash: Certificate.Hash?
    ) throws {
        let certificate = try Self.certificate(name)
        #expect(certificate.keyType == type)
        #expect(certificate.keyBits == bits)
        #expect(certificate.signature == signature)
        #expect(certificate.signatureHash == hash)
    }

    @Test func aNameOnlyInTheCommonName() throws {
        let certificate = try Self.certificate("cn-only")
        #expect(certificate.subject == "CN=media.test, O=Preflight Tests")
        #expect(certificate.dnsNames.isEmpty)
        #expect(certificate.ipAddresses.isEmpty)
        #expect(certificate.extendedKeyUsage == nil)
        #expect(!certificate.isCA)
    }

    /// Every prefix of a real certificate, and every one-byte change of its first 200 bytes, reads
    /// as nil or as a certificate: never a trap.
    @Test func damagedBytesNeverTrap() throws {
        let bytes = try Self.der("rsa-leaf")
        #expect(Certificate(der: []) == nil)
        for length in 0..<bytes.count {
            #expect(Certificate(der: Array(bytes.prefix(length))) == nil)
        }
        #expect(Certificate(der: bytes + [0]) == nil)
        for index in 0..<200 {
            for value: UInt8 in [0x00, 0x7f, 0x80, 0x84, 0xff] {
                var damaged = bytes
                damaged[index] = value
                _ = Certificate(der: damaged)
            }
        }
    }

    @Test func timesAsRFC5280WritesThem() {
        func time(_ tag: UInt8, _ text: String) -> Int64? {
            Certificate.time(DERReader.Element(tag: tag, content: Array(text.utf8)[...]))
        }
        #expect(time(DERReader.utcTime, "490101000000Z").map(Certificate.iso8601) == "2049-01-01T00:00:00Z")
        #expect(time(DERReader.utcTime, "500101000000Z").map(Certificate.iso8601) == "1950-01-01T00:00:00Z")
        #expect(time(DERReader.generalizedTime, "20200229235959Z").map(Certificate.iso8601) == "2020-02-29T23:59:59Z")
        #expect(time(DERReader.utcTime, "700101000000Z") == 0)
        #expect(time(DERReader.generalizedTime, "20190701000000Z") == TrustRules.eraOfEKU)
        #expect(time(DERReader.generalizedTime, "20200901000000Z") == TrustRules.eraOf398Days)
        // No seconds, a local time, a month 13, letters: not RFC 5280's forms.
        #expect(time(DERReader.utcTime, "4901010000Z") == nil)
        #expect(time(DERReader.utcTime, "490101000000+0100") == nil)
        #expect(time(DERReader.utcTime, "491301000000Z") == nil)
        #expect(time(DERReader.generalizedTime, "2019O701000000Z") == nil)
        // A day the month does not have (2019 is no leap year).
        #expect(time(DERReader.generalizedTime, "20190229000000Z") == nil)
        #expect(time(DERReader.utcTime, "190431000000Z") == nil)
        #expect(time(DERReader.integer, "490101000000Z") == nil)
    }

    @Test func ipv6AddressesAsRFC5952WritesThem() {
        let loopback = [UInt8](repeating: 0, count: 15) + [1]
        #expect(Certificate.ipAddress(loopback[...]) == "::1")
        let documentation: [UInt8] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]
        #expect(Certificate.ipAddress(documentation[...]) == "2001:db8::1:0:0:1")
        #expect(Certificate.ipAddress([10, 0, 0, 1][...]) == "10.0.0.1")
        #expect(Certificate.ipAddress([1, 2, 3][...]) == nil)
    }
}
