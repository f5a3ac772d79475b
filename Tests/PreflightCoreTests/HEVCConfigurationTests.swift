import Testing

@testable import PreflightCore

/// `hvcC` records as libx265 3.5 writes them (bytes taken from make-fixtures.sh's files), and
/// the profile, tier, level, chroma and depth read from them.
@Suite struct HEVCConfigurationTests {
    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    static func read(_ hex: String) -> MovieInfo.Track {
        var track = MovieInfo.Track(handler: "vide", fourcc: "hvc1", codec: "hevc")
        HEVCConfiguration.read(Self.hex(hex)[...], into: &track)
        return track
    }

    @Test(
        arguments: [
            ("0102200000009000000000001ef000fcfdfafa00000f04", 2, "Main 10", nil, 1, 10),
            ("0104080000009988000000001ef000fcfdfcfc00000f04", 4, "Rext", "Main 12", 1, 12),
            ("0104080000009e08000000001ef000fcfff8f800000f04", 4, "Rext", "Main 4:4:4", 3, 8),
        ] as [(String, Int, String, String?, Int, Int)])
    func libx265Records(hex: String, profile: Int, name: String, detail: String?, chroma: Int, depth: Int) {
        let track = Self.read(hex)
        #expect(track.profileIDC == profile)
        #expect(track.profile == name)
        #expect(track.profileDetail == detail)
        #expect(track.chromaFormat == chroma)
        #expect(track.bitDepth == depth)
        #expect(track.level == 30)
        #expect(track.tier == 0)
    }

    /// The tier bit, and a level of 5.1 (153), read from byte 1 and byte 12.
    @Test func highTierAndLevel() {
        var bytes = Self.hex("0102200000009000000000001ef000fcfdfafa00000f04")
        bytes[1] |= 0x20
        bytes[12] = 153
        var track = MovieInfo.Track(handler: "vide", fourcc: "hvc1", codec: "hevc")
        HEVCConfiguration.read(bytes[...], into: &track)
        #expect(track.tier == 1)
        #expect(track.level == 153)
        #expect(track.profileIDC == 2)
    }

    /// general_profile_idc 0: the profile is the lowest its compatibility flags claim.
    @Test func aZeroProfileTakesTheCompatibilityFlags() {
        #expect(HEVCConfiguration.effectiveProfile(idc: 0, compatibility: 0x2000_0000) == 2)
        #expect(HEVCConfiguration.effectiveProfile(idc: 0, compatibility: 0x6000_0000) == 1)
        #expect(HEVCConfiguration.effectiveProfile(idc: 0, compatibility: 0) == 0)
        #expect(HEVCConfiguration.effectiveProfile(idc: 4, compatibility: 0x2000_0000) == 4)
    }

    /// Table A.2's range extension profiles from the constraint flags (bits 4 to 10 of 48).
    @Test(
        arguments: [
            (0b1000_1001_1000, "Main 12"), (0b1000_1101_0000, "Main 4:2:2 10"), (0b1000_1001_0000, "Main 4:2:2 12"),
            (0b1000_1110_0000, "Main 4:4:4"), (0b1000_1000_0000, "Main 4:4:4 12"),
            (0b1000_1111_1100, "Monochrome"), (0b1000_1001_1010, "Main 12 Intra"), (0b1000_0000_0000, "Main 4:4:4 16"),
        ] as [(Int, String)])
    func rangeExtensionNames(flags: Int, name: String) {
        // `flags` holds bits 0 to 11 of the 48; shift them to the top.
        #expect(HEVCConfiguration.rangeExtensionName(constraints: flags << 36) == name)
    }
}
