/// Cuts a stream of NDJSON bytes, fed in chunks of any size, into numbered lines, holding at
/// most one line (up to `maxLineBytes`) between chunks: a longer line is counted and skipped
/// as it streams past, never kept whole, so memory stays bounded however long the input.
///
/// A line ends at `\n`; a `\r` before it is dropped (files written with CRLF). A line of JSON
/// whitespace only is blank. A last line without a newline is a line all the same.
///
/// ```swift
/// var splitter = NDJSONLineSplitter(maxLineBytes: 65536)
/// splitter.feed(chunk[...]) { line in submit(line) }
/// splitter.finish { line in submit(line) }
/// ```
public struct NDJSONLineSplitter: Sendable {
    /// One input line, numbered from 1.
    public enum Line: Sendable, Equatable {
        /// A line to judge: its bytes, the line ending dropped.
        case text(number: Int, bytes: [UInt8])
        /// A line of whitespace only (or empty): skipped, but counted.
        case blank(number: Int)
        /// A line over `maxLineBytes`: `bytes` is its length, the line ending not counted.
        case oversize(number: Int, bytes: Int)

        /// The line's number in the input, counted from 1.
        public var number: Int {
            switch self {
            case .text(let number, _), .blank(let number), .oversize(let number, _): number
            }
        }
    }

    public let maxLineBytes: Int
    /// Lines ended so far (the number of the last one given).
    public private(set) var lines = 0
    /// The start of the line being read, when it began in an earlier chunk.
    private var partial: [UInt8] = []
    /// Whether the line being read is past the limit (its bytes dropped, `skipped` counted).
    private var skipping = false
    private var skipped = 0
    /// Whether the last byte of the line being skipped was `\r` (not counted in its length).
    private var skippedCR = false

    public init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Splits `chunk`, handing each line it ends to `emit`, in order.
    public mutating func feed(_ chunk: ArraySlice<UInt8>, _ emit: (Line) throws -> Void) rethrows {
        var start = chunk.startIndex
        while let newline = Self.newline(in: chunk, from: start) {
            try end(with: chunk[start..<newline], emit)
            start = newline + 1
        }
        take(chunk[start...])
    }

    /// The index in `chunk` of the first `\n` at or after `start`: eight bytes at a time
    /// (`ByteScan`), where `firstIndex(of:)` read one at a time, some six instructions a byte.
    private static func newline(in chunk: ArraySlice<UInt8>, from start: Int) -> Int? {
        chunk.withUnsafeBufferPointer { bytes in
            let offset = ByteScan.firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: start - chunk.startIndex)
            return offset < bytes.count ? chunk.startIndex + offset : nil
        }
    }

    /// Ends the input: a last line without a newline is given to `emit`.
    public mutating func finish(_ emit: (Line) throws -> Void) rethrows {
        guard skipping || !partial.isEmpty else { return }
        try end(with: [][...], emit)
    }

    /// Keeps the start of a line the next chunk goes on with, or counts it when past the limit.
    private mutating func take(_ segment: ArraySlice<UInt8>) {
        guard !segment.isEmpty else { return }
        if !skipping, partial.count + segment.count > maxLineBytes + 1 {
            // One byte of slack: a `\r` that the newline in the next chunk makes a line ending.
            skipping = true
            skipped = partial.count
            partial = []
        }
        if skipping {
            skipped += segment.count
            skippedCR = segment.last == UInt8(ascii: "\r")
        } else {
            partial += segment
        }
    }

    /// The line that ends with `tail` (what the current chunk holds of it).
    private mutating func end(with tail: ArraySlice<UInt8>, _ emit: (Line) throws -> Void) rethrows {
        lines += 1
        if skipping || partial.count + tail.count > maxLineBytes + 1 {
            // Over the limit even without a `\r`: counted, never kept.
            let last = tail.last ?? (skipping ? (skippedCR ? UInt8(ascii: "\r") : nil) : partial.last)
            let length = (skipping ? skipped : partial.count) + tail.count - (last == UInt8(ascii: "\r") ? 1 : 0)
            skipping = false
            skipped = 0
            partial = []
            return try emit(.oversize(number: lines, bytes: length))
        }
        var bytes: [UInt8]
        if partial.isEmpty {
            bytes = Array(tail)
        } else {
            bytes = partial
            bytes += tail
            partial = []
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        if bytes.count > maxLineBytes { return try emit(.oversize(number: lines, bytes: bytes.count)) }
        try emit(bytes.allSatisfy(Self.isJSONWhitespace) ? .blank(number: lines) : .text(number: lines, bytes: bytes))
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }
}
