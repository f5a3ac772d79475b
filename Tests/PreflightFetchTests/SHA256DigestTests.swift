import PreflightFetch
import Testing

@Suite struct SHA256DigestTests {
    /// FIPS 180-2 and NIST CAVS vectors.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256Digest.hex(Array(input.utf8)) == digest)
    }

    @Test func streamingEqualsOneShot() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let digest = SHA256Digest()
        var offset = 0
        for size in [1, 63, 64, 65, 4096, 100_000] {
            digest.update(Array(million[offset..<offset + size]))
            offset += size
        }
        digest.update(Array(million[offset...]))
        #expect(digest.finalize() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
