/// Walks the top-level boxes of an ISO BMFF file (MP4, MOV, M4A) as its bytes arrive, and
/// keeps the `moov` box wherever it is: before `mdat` (a "fast start" file) or after it, at the
/// end, as most encoders write it. Every other box is skipped by its size, so the memory used is
/// the `moov` box (at most `moovLimit`) whatever the media's size, and nothing is read twice.
/// Where many downloads run at once, `admit` is asked for the bytes a `moov` will take before
/// any is kept (a budget across downloads); refused, the box is skipped (`.moovNotKept`).
///
/// ```swift
/// var scanner = BoxScanner(moovLimit: 8 << 20)
/// scanner.consume(chunk)  // as often as bytes arrive
/// scanner.result          // .moov(bytes), .noMoov, .moovTooLarge, .notContainer, .malformed
/// ```
public struct BoxScanner: Sendable {
    /// What the walk found once the body has ended.
    public enum Result: Sendable, Equatable {
        /// The first bytes are not an ISO BMFF box: another format.
        case notContainer
        /// Boxes, but no `moov` among them (yet: the body ended without one).
        case noMoov
        /// A `moov` box larger than the bound; its size.
        case moovTooLarge(bytes: Int64)
        /// The whole `moov` box, its header included.
        case moov([UInt8])
        /// A `moov` box that `admit` refused to keep (its declared size; nil: to the end of the file).
        case moovNotKept(bytes: Int64?)
        /// A box header that cannot be (a size under 8, a type that is not text), at this offset.
        case malformed(offset: Int64)
    }

    /// The top-level box types a file may start with.
    static let firstTypes: Set<String> = [
        "ftyp", "styp", "moov", "mdat", "free", "skip", "wide", "pnot", "uuid", "moof", "sidx", "meta", "PICT",
    ]

    private enum State: Sendable {
        /// Reading a box header; the bytes of it so far.
        case header([UInt8])
        /// Inside a box that is not kept: bytes left (nil: to the end of the file).
        case skipping(Int64?)
        /// Inside `moov`: its bytes so far and the total it announced (nil: to the end).
        case keeping([UInt8], total: Int64?)
        case finished(Result)
    }

    public let moovLimit: Int
    /// Asked once, when a `moov` box opens, for the bytes it will keep: its declared size (or
    /// `moovLimit` for one that runs to the end of the file); false skips it.
    public let admit: (@Sendable (Int) -> Bool)?
    /// The bytes `admit` granted (0 before a `moov` box, or without `admit`): the caller gives
    /// them back once the result has been read.
    public private(set) var admittedBytes = 0
    private var state: State = .header([])
    private var offset: Int64 = 0
    private var boxes = 0

    public init(moovLimit: Int, admit: (@Sendable (Int) -> Bool)? = nil) {
        self.moovLimit = moovLimit
        self.admit = admit
    }

    /// Whether more bytes can change the result.
    public var isDone: Bool {
        if case .finished = state { return true }
        return false
    }

    /// What the walk found; call when the body has ended.
    public var result: Result {
        switch state {
        case .finished(let result): return result
        case .keeping(let bytes, let total):
            // A moov that runs to the end of the file (size 0) is complete at the end.
            return total == nil ? .moov(bytes) : .noMoov
        case .header, .skipping: return boxes == 0 ? .notContainer : .noMoov
        }
    }

    public mutating func consume(_ chunk: UnsafeRawBufferPointer) {
        var index = 0
        while index < chunk.count {
            switch state {
            case .finished:
                return
            case .header(var header):
                let needed = header.count < 8 ? 8 - header.count : headerLength(header) - header.count
                let take = min(needed, chunk.count - index)
                header.append(contentsOf: chunk[index..<(index + take)])
                index += take
                offset += Int64(take)
                state = .header(header)
                if header.count >= 8, header.count == headerLength(header) { open(header) }
            case .skipping(let remaining):
                guard let remaining else { return }  // to the end of the file: nothing more to find
                let take = Int(min(Int64(chunk.count - index), remaining))
                index += take
                offset += Int64(take)
                state = remaining - Int64(take) == 0 ? .header([]) : .skipping(remaining - Int64(take))
            case .keeping(var bytes, let total):
                // The state lets go of the buffer first, so `bytes` is its only owner and the
                // append below grows it in place instead of copying all of it for every chunk.
                state = .header([])
                let left = total.map { Int($0) - bytes.count } ?? (chunk.count - index)
                let take = min(left, chunk.count - index)
                if bytes.count + take > moovLimit {
                    state = .finished(.moovTooLarge(bytes: total ?? Int64(bytes.count + take)))
                    return
                }
                bytes.append(contentsOf: chunk[index..<(index + take)])
                index += take
                offset += Int64(take)
                state =
                    total.map { Int64(bytes.count) == $0 } == true
                    ? .finished(.moov(bytes)) : .keeping(bytes, total: total)
            }
        }
    }

    /// 8, or 16 for a box whose 32-bit size is 1 (a 64-bit size follows the type).
    private func headerLength(_ header: [UInt8]) -> Int {
        header.count >= 4 && header[0] == 0 && header[1] == 0 && header[2] == 0 && header[3] == 1 ? 16 : 8
    }

    private mutating func open(_ header: [UInt8]) {
        let start = offset - Int64(header.count)
        let type = String(decoding: header[4..<8], as: UTF8.self)
        let printable = header[4..<8].allSatisfy { (0x20...0x7E).contains($0) }
        guard printable, boxes > 0 || Self.firstTypes.contains(type) else {
            state = .finished(boxes == 0 ? .notContainer : .malformed(offset: start))
            return
        }
        var size = Int64(header[0]) << 24 | Int64(header[1]) << 16 | Int64(header[2]) << 8 | Int64(header[3])
        // Only the 32-bit size may be 0 ("to the end of the file"); a 64-bit size of 0 (or one
        // past Int64.max, read negative) is under the header's length: malformed.
        let toEnd = size == 0
        if size == 1 {
            size = header[8..<16].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        }
        guard toEnd || size >= Int64(header.count) else {
            state = .finished(boxes == 0 ? .notContainer : .malformed(offset: start))
            return
        }
        boxes += 1
        if type == "moov" {
            if !toEnd, size > Int64(moovLimit) {
                state = .finished(.moovTooLarge(bytes: size))
                return
            }
            // The declared size is known (and under the limit): the buffer is allocated once, at
            // that size, rather than doubled as it fills (up to twice the bytes kept). Asked for an
            // empty box too (its header alone), so that nothing refused is ever kept.
            let keep = toEnd ? moovLimit : Int(size)
            if let admit {
                guard admit(keep) else {
                    state = .finished(.moovNotKept(bytes: toEnd ? nil : size))
                    return
                }
                admittedBytes = keep
            }
            if !toEnd, size == Int64(header.count) {
                state = .finished(.moov(header))
                return
            }
            var bytes = header
            bytes.reserveCapacity(keep)
            state = .keeping(bytes, total: toEnd ? nil : size)
        } else {
            let remaining = size - Int64(header.count)
            state = toEnd ? .skipping(nil) : (remaining == 0 ? .header([]) : .skipping(remaining))
        }
    }
}

/// What the walk and the `moov` box showed, as the media rules use it (and the cache keeps it).
public enum MovieScan: Sendable, Equatable {
    case notContainer
    case noMoov
    case moovTooLarge(bytes: Int64)
    /// A `moov` box not kept: the budget of `moov` bytes across downloads was spent.
    case moovNotKept(bytes: Int64?)
    case malformed(offset: Int64)
    /// A `moov` box whose contents do not parse as one.
    case unreadable
    case movie(MovieInfo)
}

extension BoxScanner {
    /// The result, with the `moov` box read.
    public var scan: MovieScan {
        switch result {
        case .notContainer: .notContainer
        case .noMoov: .noMoov
        case .moovTooLarge(let bytes): .moovTooLarge(bytes: bytes)
        case .moovNotKept(let bytes): .moovNotKept(bytes: bytes)
        case .malformed(let offset): .malformed(offset: offset)
        case .moov(let bytes): MovieInfo.parse(bytes).map(MovieScan.movie) ?? .unreadable
        }
    }

    /// Feeds an array (tests, the fuzzer).
    public mutating func consume(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { consume($0) }
    }
}
