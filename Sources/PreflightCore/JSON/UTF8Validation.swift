/// UTF-8 checked in place (Unicode 15, table 3-7 "Well-Formed UTF-8 Byte Sequences"), without
/// making a `String` of the bytes: the payload path checks every body, and
/// `String(validating:)` would copy it only to throw the copy away.
enum UTF8Validation {
    /// The offset of the first byte of the first ill-formed sequence, or nil when all is UTF-8.
    static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var index = 0
        guard let base = bytes.baseAddress else { return nil }
        let high: UInt64 = 0x8080_8080_8080_8080
        while index < count {
            // ASCII thirty-two bytes at a time, four words ORed (about two instructions a word),
            // then eight: the usual payload is mostly ASCII, and every body is checked.
            while index + 32 <= count {
                let words =
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    | UnsafeRawPointer(base + index + 8).loadUnaligned(as: UInt64.self)
                    | UnsafeRawPointer(base + index + 16).loadUnaligned(as: UInt64.self)
                    | UnsafeRawPointer(base + index + 24).loadUnaligned(as: UInt64.self)
                if words & high != 0 { break }
                index += 32
            }
            if index == count { break }
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & high == 0 {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            // The second byte's range depends on the lead; the others are 80...BF.
            guard bytes[index + 1] >= low, bytes[index + 1] <= upper else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
