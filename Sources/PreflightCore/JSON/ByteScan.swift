/// Byte searches over contiguous bytes, sixteen at a time, for the scans that run over every
/// payload's text (a body of a few hundred bytes is scanned several times per request).
enum ByteScan {
    /// Whether two byte runs are the same, compared through their pointers: a generic
    /// `elementsEqual` over a `String.UTF8View` costs some twenty instructions a byte, and an
    /// object's keys are compared on every member lookup.
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let a = left.baseAddress, let b = right.baseAddress, a != b else { return true }
        for index in 0..<left.count where a[index] != b[index] { return false }
        return true
    }

    /// Whether any byte of `bytes` equals one of the four `targets`.
    static func containsAny(_ bytes: UnsafeBufferPointer<UInt8>, of targets: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let (a, b, c, d) = targets
        var index = 0
        let count = bytes.count
        if count >= 16 {
            let va = SIMD16<UInt8>(repeating: a)
            let vb = SIMD16<UInt8>(repeating: b)
            let vc = SIMD16<UInt8>(repeating: c)
            let vd = SIMD16<UInt8>(repeating: d)
            while index + 16 <= count {
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                if any((chunk .== va) .| (chunk .== vb) .| (chunk .== vc) .| (chunk .== vd)) { return true }
                index += 16
            }
        }
        while index < count {
            let byte = base[index]
            if byte == a || byte == b || byte == c || byte == d { return true }
            index += 1
        }
        return false
    }

    /// Whether every byte is ASCII other than `excluded`, eight bytes at a time in a 64-bit word:
    /// a byte at or over 0x80 has its high bit set, and a byte equal to `excluded` is a zero byte
    /// of the word XORed with it (found with the borrow test below, exact for "any zero byte").
    /// A `SIMD16` form's `any(_:)` of an unsigned comparison was compiled to a 35-instruction
    /// reduction a chunk; this is about ten a word.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, excluding excluded: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let pattern = ones &* UInt64(excluded)
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let matched = word ^ pattern
            // Some byte of `matched` is zero exactly when (matched - ones) & ~matched & high is not.
            if (word | ((matched &- ones) & ~matched)) & high != 0 { return false }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte >= 0x80 || byte == excluded { return false }
            index += 1
        }
        return true
    }

    /// The index of the first byte at or after `start` that a JSON string cannot hold as it is
    /// (a quote, a backslash or a control character), or `bytes.count`.
    static func firstStringSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        let count = bytes.count
        let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let space = SIMD16<UInt8>(repeating: 0x20)
        while index + 16 <= count {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            if any((chunk .== quote) .| (chunk .== backslash) .| (chunk .< space)) { break }
            index += 16
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return count
    }
}
