/// `hvcC` (ISO/IEC 14496-15 8.3.3.1, HEVCDecoderConfigurationRecord): the profile, tier and
/// level of the stream's first SPS (ITU-T H.265 7.3.3, profile_tier_level), chroma and depth.
///
/// Byte 1 holds general_profile_space (2 bits), general_tier_flag (1) and general_profile_idc
/// (5); bytes 2-5 general_profile_compatibility_flags; bytes 6-11 the 48 constraint indicator
/// flags; byte 12 general_level_idc (30 times the level: 153 is 5.1); bytes 16-18 chroma_format_idc
/// and the luma and chroma bit depths less 8.
enum HEVCConfiguration {
    static func read(_ hvcC: ArraySlice<UInt8>, into track: inout MovieInfo.Track) {
        guard hvcC.count >= 19 else { return }
        let start = hvcC.startIndex
        let idc = Int(hvcC[start + 1] & 0x1F)
        let compatibility = MovieInfo.integer(hvcC, at: 2, bytes: 4) ?? 0
        let constraints = MovieInfo.integer(hvcC, at: 6, bytes: 6) ?? 0
        let profile = effectiveProfile(idc: idc, compatibility: compatibility)
        track.profileIDC = profile
        track.tier = Int(hvcC[start + 1] >> 5) & 1
        track.level = Int(hvcC[start + 12])
        track.chromaFormat = Int(hvcC[start + 16] & 0x03)
        track.bitDepth = max(Int(hvcC[start + 17] & 0x07), Int(hvcC[start + 18] & 0x07)) + 8
        // ffprobe's names (libavcodec `ff_hevc_profiles`), which call every range extension "Rext".
        track.profile =
            switch idc {
            case 1: "Main"
            case 2: "Main 10"
            case 3: "Main Still Picture"
            case 4: "Rext"
            case 9: "SCC"
            default: "profile \(idc)"
            }
        if profile == 4 { track.profileDetail = rangeExtensionName(constraints: constraints) }
    }

    /// general_profile_idc, or where a writer left it 0, the lowest profile its compatibility
    /// flags claim (H.265 7.4.4: flag j set means the stream conforms to profile j).
    static func effectiveProfile(idc: Int, compatibility: Int) -> Int {
        guard idc == 0 else { return idc }
        return (1..<32).first { compatibility >> (31 - $0) & 1 == 1 } ?? 0
    }

    /// The format range extensions profile the constraint flags name (H.265 A.3.5, Table A.2):
    /// after the four source flags come general_max_12bit, max_10bit, max_8bit, max_422chroma,
    /// max_420chroma, max_monochrome, intra and one_picture_only. Main 12 is 12-bit 4:2:0;
    /// Main 4:4:4 10 is 10-bit 4:4:4.
    static func rangeExtensionName(constraints: Int) -> String {
        func flag(_ index: Int) -> Bool { constraints >> (47 - index) & 1 == 1 }
        let depth = flag(6) ? 8 : flag(5) ? 10 : flag(4) ? 12 : 16
        let intra = flag(10) ? " Intra" : ""
        if flag(9) { return (depth == 8 ? "Monochrome" : "Monochrome \(depth)") + intra }
        if flag(8) { return (depth == 8 ? "Main" : "Main \(depth)") + intra }
        if flag(7) { return "Main 4:2:2 \(depth)" + intra }
        return (depth == 8 ? "Main 4:4:4" : "Main 4:4:4 \(depth)") + intra
    }
}
