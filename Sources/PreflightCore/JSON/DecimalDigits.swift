/// An `Int` spelled in decimal as `String(number)` spells it, into bytes, without making a
/// `String`: the report's numbers, a finding's number pieces and the access log's figures, on
/// every request.
public enum DecimalDigits {
    /// The most bytes a spelling takes (`Int.min`: a sign and 19 digits).
    @usableFromInline static let maxCount = 20

    /// The bytes of `number` in decimal, its sign included.
    public static func count(_ number: Int) -> Int {
        var count = number < 0 ? 2 : 1
        // The magnitude as unsigned, so Int.min has one too.
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Writes the decimal spelling of `number` at `target`, which has room for `room` bytes:
    /// the bytes written, or nil (nothing written) when it does not fit.
    @usableFromInline
    static func spell(_ number: Int, into target: UnsafeMutablePointer<UInt8>, room: Int) -> Int? {
        let count = count(number)
        guard count <= room else { return nil }
        var rest = number.magnitude
        var index = count
        repeat {
            index -= 1
            target[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        if number < 0 { target[0] = UInt8(ascii: "-") }
        return count
    }

    /// Hands `body` the decimal spelling of `number`, written on the stack.
    ///
    /// `@inlinable`, so a caller in another module (the access log's line) gets a copy
    /// specialized for its `Result`: called unspecialized, each call looked up the generic
    /// metadata at run time (`swift_getGenericMetadata`, about 330 instructions a call, three
    /// calls a request).
    @inlinable
    public static func withSpelling<Result>(_ number: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            // `maxCount` bytes hold every `Int`'s spelling: `spell` always writes it.
            let count = buffer.baseAddress.flatMap { spell(number, into: $0, room: maxCount) } ?? 0
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}
