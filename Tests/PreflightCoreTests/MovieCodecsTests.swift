import Testing

@testable import PreflightCore

/// `esds` descriptors as ffmpeg writes them (4-byte sizes), with the AudioSpecificConfig varied.
@Suite struct MovieCodecsTests {
    /// version/flags, ES_Descriptor (ES_ID, flags), DecoderConfigDescriptor (MPEG-4 audio, 0x40)
    /// and a DecoderSpecificInfo holding `config`.
    static func esds(_ config: [UInt8]) -> [UInt8] {
        let specific: [UInt8] = [0x05, 0x80, 0x80, 0x80, UInt8(config.count)] + config
        let decoder: [UInt8] =
            [0x04, 0x80, 0x80, 0x80, UInt8(13 + specific.count), 0x40, 0x15] + [UInt8](repeating: 0, count: 11)
            + specific
        let es: [UInt8] = [0x03, 0x80, 0x80, 0x80, UInt8(3 + decoder.count), 0x00, 0x01, 0x00] + decoder
        return [0, 0, 0, 0] + es
    }

    static func read(_ config: [UInt8]) -> MovieInfo.Track {
        var track = MovieInfo.Track(handler: "soun", fourcc: "mp4a", codec: "aac")
        ElementaryStream.read(Self.esds(config)[...], into: &track)
        return track
    }

    /// audioObjectType 42 (31, escaped, plus 10): xHE-AAC (USAC), mono, read past the escape;
    /// the same bytes make-fixtures.sh writes into `xhe-aac.m4a`.
    @Test func xHEAAC() {
        let track = Self.read([0xF9, 0x48, 0x24, 0x21, 0x00, 0x00])
        #expect(track.codec == "aac")
        #expect(track.objectType == 0x40)
        #expect(track.profile == "xHE-AAC")
        #expect(track.channels == 1)
    }

    /// AAC-LC as ffmpeg writes it (44.1 kHz mono, then an SBR sync extension): LC, mono.
    @Test func aacLC() {
        let track = Self.read([0x12, 0x08, 0x56, 0xE5, 0x00])
        #expect(track.profile == "LC")
        #expect(track.channels == 1)
    }

    /// An escaped object type whose 6 more bits are missing: no profile, nothing read past it.
    @Test func aTruncatedEscapeIsNotRead() {
        let track = Self.read([0xF8])
        #expect(track.profile == nil)
        #expect(track.channels == nil)
    }
}
