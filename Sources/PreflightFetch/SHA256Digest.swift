internal import CCrypto

/// A streaming SHA-256 over libcrypto's EVP interface.
public final class SHA256Digest {
    private let context: OpaquePointer

    public init() {
        // EVP_MD_CTX_new fails only when out of memory; there is no sensible way on from there.
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new: out of memory") }
        self.context = context
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest as 64 lowercase hex digits; the digest cannot be updated afterwards.
    public func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest.prefix(Int(length)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The SHA-256 of `bytes`, in hex.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digest = SHA256Digest()
        digest.update(bytes)
        return digest.finalize()
    }
}

@available(*, unavailable, message: "a digest is fed from one thread")
extension SHA256Digest: Sendable {}
