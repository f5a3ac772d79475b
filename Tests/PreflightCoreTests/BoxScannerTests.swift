import Testing

@testable import PreflightCore

/// The streaming box walk: the same result however the body is cut into chunks.
@Suite struct BoxScannerTests {
    /// A box of `type` around `body`.
    static func box(_ type: String, _ body: [UInt8] = [], largeSize: Bool = false) -> [UInt8] {
        let header = largeSize ? 16 : 8
        let size = body.count + header
        func be(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).reversed().map { UInt8(value >> (8 * $0) & 0xFF) }
        }
        if largeSize { return be(1, 4) + Array(type.utf8) + be(size, 8) + body }
        return be(size, 4) + Array(type.utf8) + body
    }

    /// An `mvhd` (version 0) of `seconds` at timescale 1000.
    static func mvhd(_ seconds: Int) -> [UInt8] {
        var body = [UInt8](repeating: 0, count: 100)
        body[12..<16] = [0, 0, 0x03, 0xE8]
        let duration = seconds * 1000
        body[16..<20] = [
            UInt8(duration >> 24 & 0xFF), UInt8(duration >> 16 & 0xFF), UInt8(duration >> 8 & 0xFF),
            UInt8(duration & 0xFF),
        ]
        return box("mvhd", body)
    }

    static func scan(_ bytes: [UInt8], chunk: Int, limit: Int = 1 << 20) -> MovieScan {
        var scanner = BoxScanner(moovLimit: limit)
        var index = 0
        while index < bytes.count {
            scanner.consume(Array(bytes[index..<min(bytes.count, index + chunk)]))
            index += chunk
        }
        return scanner.scan
    }

    static let ftyp = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
    static let moov = box("moov", mvhd(7))

    @Test(arguments: [1, 3, 7, 8, 16, 4096])
    func moovAfterALargeMdatIsKeptInAnyChunking(chunk: Int) {
        let file = Self.ftyp + Self.box("mdat", [UInt8](repeating: 0xAB, count: 5000), largeSize: true) + Self.moov
        #expect(Self.scan(file, chunk: chunk) == .movie(MovieInfo(duration: 7, tracks: [])))
    }

    @Test(arguments: [1, 5, 4096])
    func moovFirstAndAMdatToTheEnd(chunk: Int) {
        // A last box of size 0 runs to the end of the file.
        let file = Self.ftyp + Self.moov + [0, 0, 0, 0] + Array("mdat".utf8) + [UInt8](repeating: 1, count: 300)
        #expect(Self.scan(file, chunk: chunk) == .movie(MovieInfo(duration: 7, tracks: [])))
    }

    @Test func outcomes() {
        let mdat = Self.box("mdat", [UInt8](repeating: 0, count: 64))
        #expect(Self.scan(Self.ftyp + mdat, chunk: 10) == .noMoov)
        #expect(Self.scan(Array("\u{FF}\u{D8}\u{FF}\u{E0} JFIF data".utf8), chunk: 4) == .notContainer)
        #expect(Self.scan([0, 0, 0, 20] + Array("abcd".utf8), chunk: 4) == .notContainer)  // not a first box type
        #expect(Self.scan(Self.ftyp + [0, 0, 0, 3] + Array("free".utf8), chunk: 4) == .malformed(offset: 24))
        #expect(Self.scan(Self.ftyp + [0, 0, 0, 9] + Array("fr\u{1}e".utf8), chunk: 4) == .malformed(offset: 24))
        let big = Self.box("moov", Self.mvhd(1) + Self.box("free", [UInt8](repeating: 0, count: 2000)))
        #expect(Self.scan(Self.ftyp + big, chunk: 100, limit: 1000) == .moovTooLarge(bytes: Int64(big.count)))
        #expect(
            Self.scan(Self.ftyp + Self.box("moov", [1, 2, 3, 4, 5, 6, 7, 8, 9]), chunk: 3)
                == .movie(MovieInfo(duration: nil, tracks: [])))
        #expect(
            Self.scan(Self.ftyp + Self.box("moov", [0, 0, 0, 99, 1, 2]), chunk: 3)
                == .movie(MovieInfo(duration: nil, tracks: [])))
    }

    /// The SPS of an H.264 High 4:4:4 stream: chroma 3, 8 bits, whatever avcC's tail says.
    @Test func theSequenceParameterSetGivesChromaAndDepth() throws {
        // profile 244, constraints 0, level 13, then ue(0) sps id, ue(3) chroma 4:4:4, 1 bit separate
        // plane, ue(0) luma-8, ue(0) chroma-8: bits 1 00100 0 1 1 = 0xA3 0x80 ...
        let sps: [UInt8] = [0x67, 244, 0, 13, 0b1001_0001, 0b1000_0000]
        let parsed = try #require(AVCConfiguration.SequenceParameterSet(sps[...]))
        #expect(parsed.chromaFormat == 3)
        #expect(parsed.bitDepth == 8)
        #expect(AVCConfiguration.SequenceParameterSet.unescaped([0, 0, 3, 1, 0, 0, 3, 0][...]) == [0, 0, 1, 0, 0, 0])
    }

    /// A 64-bit box size of 0 is not "to the end of the file" (only the 32-bit size says that):
    /// the walk stops there as malformed instead of skipping the rest of the body unread.
    @Test func aZero64BitSizeIsMalformed() {
        let ftyp = MovieInfoTests.box("ftyp", Array("isom".utf8))
        let large = [0, 0, 0, 1] + Array("mdat".utf8) + [UInt8](repeating: 0, count: 8) + [1, 2, 3]
        var scanner = BoxScanner(moovLimit: 1 << 16)
        scanner.consume(ftyp + large)
        #expect(scanner.scan == .malformed(offset: 12))
    }
}
