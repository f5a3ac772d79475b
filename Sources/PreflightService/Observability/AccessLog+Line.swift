import PreflightCore
import PreflightHTTP

extension AccessLog {
    /// One JSON line appended to `line`: spelled into room made for the longest line these
    /// fields can make (on the stack, for any usual path), then appended once. Written by hand:
    /// this runs once per request, and a line is some fifteen pieces, each an `append` of about
    /// a hundred instructions before.
    static func appendLine(_ record: AccessRecord, to line: inout [UInt8]) {
        var stamp = SecondStamp()
        appendLine(record, to: &line, stamp: &stamp)
    }

    /// One JSON line appended to `line`, its time's second copied from `stamp` when it is the
    /// second `stamp` holds, else spelled and kept there.
    static func appendLine(_ record: AccessRecord, to line: inout [UInt8], stamp: inout SecondStamp) {
        // A string escapes to at most six bytes a byte (`\u00XX`); the literals (70 bytes), the
        // time (24), two numbers (20 each), the duration (24) and three pairs of quotes fit in 200.
        let room = 200 + 6 * (record.requestID.utf8.count + record.method.utf8.count + record.path.utf8.count)
        LineSpeller.spelling(capacity: room) { out in
            out.literal(#"{"time":""#)
            out.timestamp(record.startedAt, reusing: &stamp)
            out.literal(#"","id":"#)
            out.quoted(record.requestID)
            out.literal(#","method":"#)
            out.quoted(record.method)
            out.literal(#","path":"#)
            out.quoted(record.path)
            out.literal(#","status":"#)
            out.decimal(record.status)
            out.literal(#","bytes":"#)
            out.decimal(record.bytes)
            out.literal(#","duration_ms":"#)
            out.milliseconds(record.duration)
            out.literal("}\n")
        } then: {
            line.append(contentsOf: $0)
        }
    }

    /// Bytes spelled at a pointer, into room the caller made for them: no bounds are checked,
    /// so the room must hold the longest spelling its pieces can make.
    struct LineSpeller {
        private let base: UnsafeMutablePointer<UInt8>
        /// The bytes spelled so far.
        private(set) var count = 0

        private init(base: UnsafeMutablePointer<UInt8>) {
            self.base = base
        }

        /// Hands `spell` a speller over room for `capacity` bytes (on the stack while it is small
        /// enough, `withUnsafeTemporaryAllocation`'s choice), then `finish` the bytes it spelled.
        static func spelling<Result>(
            capacity: Int, _ spell: (inout LineSpeller) -> Void, then finish: (UnsafeBufferPointer<UInt8>) -> Result
        ) -> Result {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { room in
                // A temporary allocation of at least one element has a base address.
                var speller = LineSpeller(base: room.baseAddress!)
                spell(&speller)
                // Checked in debug builds (the tests): a spelling past its room wrote over the stack.
                assert(speller.count <= capacity, "spelled \(speller.count) bytes into room for \(capacity)")
                return finish(UnsafeBufferPointer(start: room.baseAddress, count: speller.count))
            }
        }

        mutating func bytes(_ piece: UnsafeBufferPointer<UInt8>) {
            guard let source = piece.baseAddress else { return }
            (base + count).update(from: source, count: piece.count)
            count += piece.count
        }

        mutating func byte(_ value: UInt8) {
            base[count] = value
            count += 1
        }

        /// A literal's bytes, copied from the binary's constant.
        mutating func literal(_ text: StaticString) {
            text.withUTF8Buffer { bytes($0) }
        }

        /// `text` as a JSON string literal.
        mutating func quoted(_ text: String) {
            byte(UInt8(ascii: "\""))
            // In place: a native string's bytes are contiguous (a small one's on the stack), so the
            // copy `withUTF8` needs (a `var`, its storage retained and released) is not made.
            let done: Void? = text.utf8.withContiguousStorageIfAvailable { escaping($0) }
            if done == nil {
                var text = text
                text.withUTF8 { escaping($0) }
            }
            byte(UInt8(ascii: "\""))
        }

        /// `utf8` as a JSON string's contents. Most texts (an id, a method, a path) need no escape:
        /// copied whole, with no call per piece.
        private mutating func escaping(_ utf8: UnsafeBufferPointer<UInt8>) {
            if JSONWriter.needsNoEscape(utf8) {
                bytes(utf8)
            } else {
                JSONWriter.forEachEscapedPiece(utf8) { bytes($0) }
            }
        }

        /// A non-negative integer's digits (a negative one is written as 0: none is logged).
        mutating func decimal(_ value: Int) {
            DecimalDigits.withSpelling(max(0, value)) { bytes($0) }
        }

        /// The last `width` digits of `value` (non-negative), zero-padded. Inlined, and on an
        /// unsigned value (a division by 10 is a multiplication then): called, with its stride,
        /// it cost some 80 instructions for three digits.
        @inline(__always)
        mutating func digits(_ value: Int, width: Int) {
            var rest = UInt(bitPattern: value)
            var offset = width
            while offset > 0 {
                offset -= 1
                base[count + offset] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
                rest /= 10
            }
            count += width
        }

        /// `seconds` in milliseconds with up to three decimals and no trailing zeros, at least
        /// one (0.181, 12.5, 3.0): what `String(Double)` printed for these values, without its cost.
        mutating func milliseconds(_ seconds: Double) {
            let microseconds = max(0, Int((seconds * 1e6).rounded()))
            decimal(microseconds / 1000)
            byte(UInt8(ascii: "."))
            var fraction = microseconds % 1000
            var width = 3
            while width > 1, fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            digits(fraction, width: width)
        }

        /// RFC 3339 UTC time with milliseconds (24 bytes), spelled as digits without Foundation's
        /// formatter or intermediate strings.
        mutating func timestamp(_ seconds: Double) {
            var stamp = SecondStamp()
            timestamp(seconds, reusing: &stamp)
        }

        /// RFC 3339 UTC time with milliseconds, its date and second copied from `stamp` when
        /// `stamp` holds that second's, else spelled and kept in `stamp` for the next line.
        mutating func timestamp(_ seconds: Double, reusing stamp: inout SecondStamp) {
            // Whole milliseconds first: the fraction of a double (946688461.007 is
            // 946688461.00699997) truncated to milliseconds would be one short.
            let total = Int64((seconds * 1000).rounded())
            let millis = Int(total % 1000)
            let second = total / 1000
            if stamp.second == second {
                stamp.copy(to: base + count)
                count += SecondStamp.length
            } else {
                let start = base + count
                dateAndSecond(second)
                stamp.keep(second, spelled: start)
            }
            byte(UInt8(ascii: "."))
            digits(max(0, min(999, millis)), width: 3)
            byte(UInt8(ascii: "Z"))
        }

        /// `2026-12-04T14:50:13` for `seconds` since 1970 (`SecondStamp.length` bytes).
        private mutating func dateAndSecond(_ seconds: Int64) {
            let (year, month, day, second) = civil(seconds: seconds)
            digits(Int(year), width: 4)
            byte(UInt8(ascii: "-"))
            digits(Int(month), width: 2)
            byte(UInt8(ascii: "-"))
            digits(Int(day), width: 2)
            byte(UInt8(ascii: "T"))
            digits(Int(second / 3600), width: 2)
            byte(UInt8(ascii: ":"))
            digits(Int(second / 60 % 60), width: 2)
            byte(UInt8(ascii: ":"))
            digits(Int(second % 60), width: 2)
        }
    }

    /// The last second an access line was stamped with, and its text (`2026-12-04T14:50:13`),
    /// kept with the log's buffer: lines come many to a second, and spelling a date and time
    /// costs some 700 instructions where copying its 19 bytes costs a few.
    struct SecondStamp {
        static let length = 19
        /// Seconds since 1970; none is this far in the past, so the first line spells its own.
        private(set) var second = Int64.min
        /// The text, in the first 19 of these 24 bytes.
        private var text: (UInt64, UInt64, UInt64) = (0, 0, 0)

        /// Keeps `second` and its text, the `length` bytes at `spelled`.
        mutating func keep(_ second: Int64, spelled: UnsafeMutablePointer<UInt8>) {
            self.second = second
            withUnsafeMutableBytes(of: &text) { $0.baseAddress!.copyMemory(from: spelled, byteCount: Self.length) }
        }

        /// Copies the text to `target`, which has room for `length` bytes.
        func copy(to target: UnsafeMutablePointer<UInt8>) {
            withUnsafeBytes(of: text) {
                UnsafeMutableRawPointer(target).copyMemory(from: $0.baseAddress!, byteCount: Self.length)
            }
        }
    }
}
