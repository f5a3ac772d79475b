import Testing

@testable import PreflightCore

/// What `MovieInfo.parse` makes of sample entries an encoder never writes.
@Suite struct MovieInfoTests {
    static func be(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be(UInt64(body.count + 8), 4) + Array(type.utf8) + body
    }

    /// `ftyp M4A ` and a `moov` with one sound track whose QuickTime version 2 `lpcm` entry
    /// stores its float64 sample rate as `rateBits`: 172 bytes.
    static func m4a(rateBits: UInt64) -> [UInt8] {
        var entry = [UInt8](repeating: 0, count: 64)
        entry[7] = 1  // data_reference_index
        entry[9] = 2  // version
        entry[32..<40] = be(rateBits, 8)[...]
        entry[40..<44] = be(2, 4)[...]  // channels
        let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("soun".utf8) + [UInt8](repeating: 0, count: 12))
        let stsd = box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + box("lpcm", entry))
        let trak = box("trak", box("mdia", hdlr + box("minf", box("stbl", stsd))))
        return box("ftyp", Array("M4A ".utf8)) + box("moov", trak)
    }

    /// NaN (quiet, signalling, negative), both infinities and 1e300 converted to `Int` trapped;
    /// each is no rate, and so are 0, a negative rate and one past 768 kHz.
    @Test(
        arguments: [
            (Double.nan.bitPattern, nil), (0x7FF0_0000_0000_0001, nil), (0xFFF8_0000_0000_0000, nil),
            (Double.infinity.bitPattern, nil), ((-Double.infinity).bitPattern, nil), ((1e300).bitPattern, nil),
            ((0.0).bitPattern, nil), ((-44_100.0).bitPattern, nil), ((768_001.0).bitPattern, nil),
            ((44_100.0).bitPattern, 44_100), ((768_000.0).bitPattern, 768_000), ((22_050.4).bitPattern, 22_050),
        ] as [(UInt64, Int?)])
    func aVersion2RateOutsideTheRangeIsNoRate(bits: UInt64, expected: Int?) throws {
        let file = Self.m4a(rateBits: bits)
        #expect(file.count == 172)
        var scanner = BoxScanner(moovLimit: 1 << 16)
        scanner.consume(file)
        guard case .movie(let movie) = scanner.scan else {
            Issue.record("not read as a movie: \(scanner.scan)")
            return
        }
        let track = try #require(movie.tracks.first)
        #expect(movie.tracks.count == 1)
        #expect(track.codec == "pcm")
        #expect(track.channels == 2)
        #expect(track.sampleRate == expected)
    }
}

// MARK: - The tracks one file may make Preflight read and judge

extension MovieInfoTests {
    /// A `moov` of `count` sound tracks whose entry is `Opus` (not played in MPEG-4): 116 bytes each.
    static func moov(tracks count: Int) -> [UInt8] {
        var entry = [UInt8](repeating: 0, count: 28)
        entry[7] = 1
        entry[17] = 2
        let hdlr = MovieInfoTests.box(
            "hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("soun".utf8) + [UInt8](repeating: 0, count: 12))
        let stsd = MovieInfoTests.box("stsd", [0, 0, 0, 0, 0, 0, 0, 1] + MovieInfoTests.box("Opus", entry))
        let trak = MovieInfoTests.box(
            "trak", MovieInfoTests.box("mdia", hdlr + MovieInfoTests.box("minf", MovieInfoTests.box("stbl", stsd))))
        var body: [UInt8] = []
        body.reserveCapacity(trak.count * count)
        for _ in 0..<count { body += trak }
        return MovieInfoTests.box("moov", body)
    }

    /// 64,000 sound tracks (7.4 MB, under the 8 MiB `moov` bound): 256 are read, the file says it
    /// has more, and the rules judge 256 tracks plus one finding for the rest.
    @Test func tracksPastTheLimitAreNotRead() throws {
        let moov = Self.moov(tracks: 64_000)
        #expect(moov.count == 8 + 116 * 64_000)
        let movie = try #require(MovieInfo.parse(moov))
        #expect(MovieInfo.trackLimit == 256)
        #expect(movie.tracks.count == 256)
        #expect(movie.tracksOverLimit)
        var omitted: [FindingCode: Int] = [:]
        let findings = MovieRules.findings(movie, key: "image", omitted: &omitted)
        // Made up to the report's cap of a code, the rest counted.
        #expect(findings.filter { $0.code == .mediaAudioCodecUnsupported }.count == 10)
        #expect(omitted == [.mediaAudioCodecUnsupported: 246])
        let over = findings.filter { $0.code == .mediaContainerTooManyTracks }
        #expect(over.count == 1)
        #expect(over.first?.severity == .error)
    }

    /// At the limit, every track is read and nothing is said about the count.
    @Test func aFileAtTheLimitIsReadWhole() throws {
        let movie = try #require(MovieInfo.parse(Self.moov(tracks: 256)))
        #expect(movie.tracks.count == 256)
        #expect(!movie.tracksOverLimit)
        #expect(!MovieRules.findings(movie, key: "image").contains { $0.code == .mediaContainerTooManyTracks })
    }
}
