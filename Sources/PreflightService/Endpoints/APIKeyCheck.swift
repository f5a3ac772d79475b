/// The Bearer check on `/v1/*`: compares in time that does not depend on where a key differs.
struct APIKeyCheck: Sendable {
    private let keys: [[UInt8]]

    init(keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
    }

    /// Whether no key is configured, so everyone may call.
    var isOpen: Bool { keys.isEmpty }

    /// Whether an `Authorization` header carries one of the keys.
    func allows(authorization: String?) -> Bool {
        if keys.isEmpty { return true }
        guard let authorization, authorization.utf8.count > 7 else { return false }
        let scheme = authorization.prefix(7).lowercased()
        guard scheme == "bearer " else { return false }
        let presented = Array(authorization.utf8.dropFirst(7))
        var matched = false
        for key in keys {
            // Every key is compared in full, so timing reveals neither which key nor how much matched.
            matched = Self.constantTimeEqual(key, presented) || matched
        }
        return matched
    }

    /// Equal in time that depends only on the lengths. The length difference is kept whole
    /// (truncated to 8 bits, the key followed by 256 extra bytes would match).
    static func constantTimeEqual(_ expected: [UInt8], _ presented: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: expected.count ^ presented.count)
        for index in 0..<expected.count {
            let other = index < presented.count ? presented[index] : ~expected[index]
            difference |= UInt(expected[index] ^ other)
        }
        return difference == 0
    }
}
