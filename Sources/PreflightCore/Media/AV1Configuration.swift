/// `av1C` (AV1 Codec ISO Media File Format Binding, 2.3.3, AV1CodecConfigurationRecord): the
/// sequence header's profile, level, tier, depth and chroma subsampling.
///
/// Byte 1 holds seq_profile (3 bits) and seq_level_idx_0 (5: level X.Y is (X - 2) * 4 + Y, so 18 is
/// 6.2); byte 2 seq_tier_0, high_bitdepth, twelve_bit, monochrome, chroma_subsampling_x and _y.
enum AV1Configuration {
    static func read(_ av1C: ArraySlice<UInt8>, into track: inout MovieInfo.Track) {
        guard av1C.count >= 4 else { return }
        let start = av1C.startIndex
        let profile = Int(av1C[start + 1] >> 5)
        let flags = av1C[start + 2]
        track.profileIDC = profile
        track.level = Int(av1C[start + 1] & 0x1F)
        track.tier = Int(flags >> 7)
        let high = flags & 0x40 != 0
        track.bitDepth = high ? (flags & 0x20 != 0 ? 12 : 10) : 8
        let subsampled = (flags & 0x08 != 0, flags & 0x04 != 0)
        track.chromaFormat =
            flags & 0x10 != 0 ? 0 : subsampled == (true, true) ? 1 : subsampled == (true, false) ? 2 : 3
        // ffprobe's names (libavcodec `ff_av1_profiles`).
        track.profile =
            switch profile {
            case 0: "Main"
            case 1: "High"
            case 2: "Professional"
            default: "profile \(profile)"
            }
    }

    /// "6.2" for 18: the level a seq_level_idx stands for (AV1 Annex A.3); 31 is "no level limit".
    static func levelName(_ index: Int) -> String {
        index == 31 ? "unconstrained" : "\(2 + index / 4).\(index % 4)"
    }
}
