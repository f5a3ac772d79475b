/// Byte searches over contiguous bytes, sixteen at a time, for the scans that run over every
/// payload's text (a body of a few hundred bytes is scanned several times per request).
enum ByteScan {
    /// The value of one hex digit (either case), nil for any other byte: a JSON `\u` escape's
    /// digits and a URL's percent escapes.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `byte` with an ASCII capital letter made small; any other byte as it is.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// The bytes with their ASCII capitals made small, into one `String` (a small one is held
    /// inline, allocating nothing): a host, an extension, a media type.
    static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for offset in 0..<bytes.count { buffer[offset] = lowercased(bytes[bytes.startIndex + offset]) }
            return bytes.count
        }
    }

    /// Whether two byte runs are the same, compared through their pointers: a generic
    /// `elementsEqual` over a `String.UTF8View` costs some twenty instructions a byte, and an
    /// object's keys are compared on every member lookup. Eight bytes at a time, the last word
    /// the run's last eight bytes (read again in part); under eight, two overlapping loads of
    /// four or two: a key or a header name is a word or two, and its tail read a byte at a time
    /// (`mutable-content`: seven) cost more than the words.
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let a = left.baseAddress, let b = right.baseAddress, a != b else { return true }
        let count = left.count
        let first = UnsafeRawPointer(a), second = UnsafeRawPointer(b)
        func equal<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
            first.loadUnaligned(fromByteOffset: offset, as: Word.self)
                == second.loadUnaligned(fromByteOffset: offset, as: Word.self)
        }
        guard count >= 8 else {
            if count >= 4 { return equal(UInt32.self, at: 0) && equal(UInt32.self, at: count - 4) }
            if count >= 2 { return equal(UInt16.self, at: 0) && equal(UInt16.self, at: count - 2) }
            return count == 0 || a.pointee == b.pointee
        }
        var index = 0
        while index + 8 < count {
            guard equal(UInt64.self, at: index) else { return false }
            index += 8
        }
        return equal(UInt64.self, at: count - 8)
    }

    /// Whether any byte of `bytes` equals one of the four `targets`. Sixteen bytes at a time;
    /// the last block of a text of sixteen bytes or more is its last sixteen, read again in part
    /// (the bytes read twice are known to match none), not a tail read a byte at a time: an
    /// alert's title and body each left one, some 240 instructions a push.
    static func containsAny(_ bytes: UnsafeBufferPointer<UInt8>, of targets: (UInt8, UInt8, UInt8, UInt8)) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let (a, b, c, d) = targets
        let count = bytes.count
        if count >= 16 {
            let va = SIMD16<UInt8>(repeating: a)
            let vb = SIMD16<UInt8>(repeating: b)
            let vc = SIMD16<UInt8>(repeating: c)
            let vd = SIMD16<UInt8>(repeating: d)
            return anyBlock(base, count: count) { chunk in
                anyLane((chunk .== va) .| (chunk .== vb) .| (chunk .== vc) .| (chunk .== vd))
            }
        }
        for index in 0..<count {
            let byte = base[index]
            if byte == a || byte == b || byte == c || byte == d { return true }
        }
        return false
    }

    /// `containsAny(bytes, of: targets)` and `isASCII(bytes, excluding: excluded)` in one pass,
    /// for the text rules, which ask both of every alert field (a template's openings; whether
    /// the characters can be counted by the byte). Sixteen bytes at a time, the last block the
    /// last sixteen, read again in part (both answers are "any byte", which a byte read twice
    /// does not change): the targets' matches and the excluded byte's are ORed into two masks,
    /// the bytes themselves into a third word whose high bits say whether any byte was over
    /// 0x7F, and the three are tested once, at the end. The two scans each read the whole text,
    /// some 1,500 instructions for a body of 800 bytes. Inlined, so that the compiler sees the
    /// caller's constant targets and tests them with two masked compares instead of four.
    @inline(__always)
    static func textTraits(
        _ bytes: UnsafeBufferPointer<UInt8>, any targets: (UInt8, UInt8, UInt8, UInt8), asciiExcluding excluded: UInt8
    ) -> (hasTarget: Bool, isASCII: Bool) {
        guard let base = bytes.baseAddress else { return (false, true) }
        let (a, b, c, d) = targets
        let count = bytes.count
        guard count >= 16 else {
            var hasTarget = false
            var isASCII = true
            for index in 0..<count {
                let byte = base[index]
                if byte == a || byte == b || byte == c || byte == d { hasTarget = true }
                if byte >= 0x80 || byte == excluded { isASCII = false }
            }
            return (hasTarget, isASCII)
        }
        let va = SIMD16<UInt8>(repeating: a), vb = SIMD16<UInt8>(repeating: b)
        let vc = SIMD16<UInt8>(repeating: c), vd = SIMD16<UInt8>(repeating: d)
        let excluded16 = SIMD16(repeating: excluded), high16 = SIMD16<UInt8>(repeating: 0x80)
        var found = SIMDMask<SIMD16<Int8>>(repeating: false)
        var excludedSeen = SIMDMask<SIMD16<Int8>>(repeating: false)
        var ored = SIMD16<UInt8>(repeating: 0)
        var index = 0
        while true {
            let at = Swift.min(index, count - 16)
            let chunk = UnsafeRawPointer(base + at).loadUnaligned(as: SIMD16<UInt8>.self)
            found = found .| (chunk .== va) .| (chunk .== vb) .| (chunk .== vc) .| (chunk .== vd)
            excludedSeen = excludedSeen .| (chunk .== excluded16)
            ored |= chunk
            if at + 16 == count { break }
            index = at + 16
        }
        return (anyLane(found), !anyLane((ored & high16 .== high16) .| excludedSeen))
    }

    /// Whether any byte of `bytes` is outside printable ASCII (0x21 to 0x7E: a control
    /// character, a space, DEL or a byte of a non-ASCII character) or is `excluded`: what a URL
    /// must percent-encode. Sixteen bytes at a time, as `containsAny`; the byte and its place
    /// are found again, one at a time, only for a URL that has one (to name it).
    static func hasNonPrintable(_ bytes: UnsafeBufferPointer<UInt8>, orEqualTo excluded: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        if count >= 16 {
            let low = SIMD16<UInt8>(repeating: 0x21), high = SIMD16<UInt8>(repeating: 0x7E)
            let excluded16 = SIMD16(repeating: excluded)
            return anyBlock(base, count: count) { chunk in
                anyLane((chunk .< low) .| (chunk .> high) .| (chunk .== excluded16))
            }
        }
        for index in 0..<count {
            let byte = base[index]
            if byte < 0x21 || byte > 0x7E || byte == excluded { return true }
        }
        return false
    }

    /// Whether every byte is ASCII other than `excluded`. Sixty-four bytes a round while they
    /// last: four sixteen-byte chunks ORed together (a byte at or over 0x80 leaves its high bit
    /// set in the OR) and their matches of `excluded` ORed, then one test, about a third of an
    /// instruction a byte (an alert body of a few hundred bytes is checked for every push). The
    /// high bits are compared for equality: `any(_:)` of an ordering comparison (unsigned, or
    /// of the bytes read as signed) was compiled to a reduction lane by lane, and `any(_:)` of
    /// this mask to a call of `SIMD.min()` (`anyLane` reads the mask's two words). Then eight bytes
    /// at a time in a 64-bit word (a byte equal to `excluded` is a zero byte of the word XORed
    /// with it, `zeroBytes`), then the tail, for a text under sixteen bytes; a longer one's rest
    /// goes sixteen bytes at a time, its last block the last sixteen, read again in part.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, excluding excluded: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        let excluded16 = SIMD16(repeating: excluded), high16 = SIMD16<UInt8>(repeating: 0x80)
        while index + 64 <= count {
            let raw = UnsafeRawPointer(base + index)
            let a = raw.loadUnaligned(as: SIMD16<UInt8>.self)
            let b = raw.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
            let c = raw.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
            let d = raw.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
            let high = (a | b | c | d) & high16
            let matches = (a .== excluded16) .| (b .== excluded16) .| (c .== excluded16) .| (d .== excluded16)
            if anyLane((high .== high16) .| matches) { return false }
            index += 64
        }
        // The rest sixteen bytes at a time, the last block the last sixteen bytes, read again in
        // part (as `containsAny` ends): no word or byte at a time for a text of sixteen or more.
        if count >= 16 {
            if index == count { return true }
            return !anyBlock(base, from: index, count: count) { chunk in
                anyLane((chunk & high16 .== high16) .| (chunk .== excluded16))
            }
        }
        let pattern = ones &* UInt64(excluded)
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if (word & high) | zeroBytes(word ^ pattern) != 0 { return false }
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
    /// (a quote, a backslash or a control character), or `bytes.count`. Sixteen bytes at a time
    /// (compiled to `pcmpeqb`s and one `pmovmskb`, about one instruction a byte), the found
    /// byte's offset read from the block's comparison (`firstLane`); then, in the last fifteen
    /// bytes of the buffer, eight at a time in a 64-bit word (`zeroBytes`, `bytesBelow`), then
    /// the tail byte by byte. Most strings (keys) are shorter than sixteen bytes: their closing
    /// quote is found in the first block.
    static func firstStringSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        let count = bytes.count
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let quotes16 = SIMD16(repeating: quote), backslashes16 = SIMD16(repeating: backslash)
        let space16 = SIMD16<UInt8>(repeating: 0x20)
        while index + 16 <= count {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let found = (chunk .== quotes16) .| (chunk .== backslashes16) .| (chunk .< space16)
            if any(found) { return index + firstLane(found) }
            index += 16
        }
        let quotes = ones &* UInt64(quote), backslashes = ones &* UInt64(backslash)
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let found = zeroBytes(word ^ quotes) | zeroBytes(word ^ backslashes) | bytesBelow(0x20, in: word)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte == quote || byte == backslash || byte < 0x20 { return index }
            index += 1
        }
        return count
    }

    /// Whether `bytes` hold a byte a JSON string cannot hold as it is (a quote, a backslash or a
    /// control character: `firstStringSpecial`'s), for a writer that needs no place, only a yes:
    /// sixteen bytes at a time, the last block the last sixteen (read again in part); under
    /// sixteen, two words that overlap; under eight, byte by byte. `firstStringSpecial` read the
    /// last fifteen bytes of every string by words and bytes, some fifty instructions for each
    /// of a report's dozen strings.
    static func hasStringSpecial(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        if count >= 16 {
            let quotes16 = SIMD16(repeating: quote), backslashes16 = SIMD16(repeating: backslash)
            let space16 = SIMD16<UInt8>(repeating: 0x20)
            return anyBlock(base, count: count) { chunk in
                anyLane((chunk .== quotes16) .| (chunk .== backslashes16) .| (chunk .< space16))
            }
        }
        if count >= 8 {
            let quotes = ones &* UInt64(quote), backslashes = ones &* UInt64(backslash)
            let head = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            let tail = UInt64(littleEndian: UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
            // No bit is set for a word with no special byte (`bytesBelow`: only bytes after a
            // special one may be marked wrongly).
            let found = { (word: UInt64) in
                zeroBytes(word ^ quotes) | zeroBytes(word ^ backslashes) | bytesBelow(0x20, in: word)
            }
            return found(head) | found(tail) != 0
        }
        for index in 0..<count {
            let byte = base[index]
            if byte == quote || byte == backslash || byte < 0x20 { return true }
        }
        return false
    }

    /// The index of the first `byte` at or after `start`, or `bytes.count`: sixteen bytes, then
    /// eight, at a time, as `firstStringSpecial`. `firstIndex(of:)` over a slice reads one byte
    /// at a time.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        let count = bytes.count
        let pattern16 = SIMD16(repeating: byte)
        while index + 16 <= count {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            if any(chunk .== pattern16) { break }
            index += 16
        }
        let pattern = ones &* UInt64(byte)
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let found = zeroBytes(word ^ pattern)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count, base[index] != byte { index += 1 }
        return index
    }

    /// Whether `test` holds for a sixteen-byte block of the `count` bytes at `base` (sixteen or
    /// more) from `start` on, the blocks taken in order and the last one the last sixteen bytes,
    /// read again in part (the bytes read twice passed the test already): no tail read a byte at
    /// a time. The one loop of the scans that only answer yes or no.
    @inline(__always)
    private static func anyBlock(
        _ base: UnsafePointer<UInt8>, from start: Int = 0, count: Int, _ test: (SIMD16<UInt8>) -> Bool
    ) -> Bool {
        var index = start
        while true {
            let at = Swift.min(index, count - 16)
            if test(UnsafeRawPointer(base + at).loadUnaligned(as: SIMD16<UInt8>.self)) { return true }
            if at + 16 == count { return false }
            index = at + 16
        }
    }

    /// The first lane of `found` that is set (one must be): the mask's lanes, all ones or all
    /// zeros, read as two 64-bit words, the lowest set byte of the first word that has one.
    @inline(__always)
    private static func firstLane(_ found: SIMDMask<SIMD16<Int8>>) -> Int {
        let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: found)
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: words[0])
        if low != 0 { return low.trailingZeroBitCount / 8 }
        return 8 + UInt64(littleEndian: words[1]).trailingZeroBitCount / 8
    }

    /// Whether any lane of `found` is set: the mask's lanes read as two 64-bit words, as
    /// `firstLane` reads them. `any(_:)` compiles to one `pmovmskb` in some functions and to a
    /// call of `SIMD.min()`, some thirty instructions, in others.
    @inline(__always)
    private static func anyLane(_ found: SIMDMask<SIMD16<Int8>>) -> Bool {
        let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: found)
        let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }

    // MARK: - Eight bytes at a time

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// The top bit of each byte of `word` below `limit` (at most 0x80), and perhaps of bytes
    /// after (more significant than) such a byte: a byte's subtraction borrows from the next
    /// only when it is itself below the limit (or was borrowed from). So the lowest bit set is
    /// always exact, and `trailingZeroBitCount / 8` is the first such byte's offset.
    @inline(__always)
    private static func bytesBelow(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & high
    }

    /// The top bit of each zero byte of `word` (and perhaps of later ones, as `bytesBelow`).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        bytesBelow(1, in: word)
    }
}
