import Testing

@testable import PreflightCore

/// `av1C` records: SVT-AV1's (from make-fixtures.sh's `av1.mp4`) and edited ones.
@Suite struct AV1ConfigurationTests {
    static func read(_ bytes: [UInt8]) -> MovieInfo.Track {
        var track = MovieInfo.Track(handler: "vide", fourcc: "av01", codec: "av1")
        AV1Configuration.read(bytes[...], into: &track)
        return track
    }

    /// SVT-AV1 at 160x120: Main, Level 2.0 (index 0), 8-bit 4:2:0, Main tier.
    @Test func svtAV1Record() {
        let track = Self.read([0x81, 0x00, 0x0C, 0x00])
        #expect(track.profile == "Main")
        #expect(track.profileIDC == 0)
        #expect(track.level == 0)
        #expect(track.tier == 0)
        #expect(track.bitDepth == 8)
        #expect(track.chromaFormat == 1)
    }

    /// Professional (2), Level 6.3 (index 19), High tier, 12-bit 4:2:2.
    @Test func professionalRecord() {
        let track = Self.read([0x81, 2 << 5 | 19, 0x80 | 0x40 | 0x20 | 0x08, 0x00])
        #expect(track.profile == "Professional")
        #expect(track.level == 19)
        #expect(track.tier == 1)
        #expect(track.bitDepth == 12)
        #expect(track.chromaFormat == 2)
        #expect(AV1Configuration.levelName(19) == "6.3")
        #expect(AV1Configuration.levelName(18) == "6.2")
        #expect(AV1Configuration.levelName(31) == "unconstrained")
    }

    /// Fewer than 4 bytes: nothing is read.
    @Test func aShortRecordIsNotRead() {
        let track = Self.read([0x81, 0x00, 0x0C])
        #expect(track.profile == nil)
        #expect(track.level == nil)
    }
}
