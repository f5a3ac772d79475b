/// The profile, level and tag limits of Apple's HLS Authoring Specification for Apple devices
/// (https://developer.apple.com/documentation/http-live-streaming/hls-authoring-specification-for-apple-devices),
/// rule by rule, for the H.264, HEVC and AV1 tracks `MovieRules.videoCode` did not refuse by codec.
extension MovieRules {
    /// 1.3b: "Profile and Level for H.264 MUST be less than or equal to High Profile, Level 5.2."
    static let h264GeneralLevel = 52
    /// The spec's "Amended requirements for iOS" raise it: "Profile and Level for H.264 MUST be
    /// less than or equal to High Profile, Level 6.0" (numbered 1.6b there, the number of the
    /// HEVC rule, so the amendment is ambiguous). Past 6.0 no reading allows it: an error.
    /// Between 5.2 and 6.0 an iPhone may play it and other devices may not: a warning.
    static let h264IOSLevel = 60
    /// 1.6b: "Profile, Level, and Tier for HEVC MUST be less than or equal to Main 10 Profile,
    /// Level 5.1, High Tier." general_level_idc is 30 times the level.
    static let hevcLevel = 153
    /// 1.37: "Level for AV1 MUST be less than or equal to Level 6.2" (seq_level_idx 18).
    static let av1Level = 18

    static func h264Code(_ track: MovieInfo.Track) -> FindingCode? {
        guard h264ProfileOK(track) && h264ChromaOK(track) && h264DepthOK(track) else {
            return .mediaVideoProfileUnsupported
        }
        let level = track.level ?? 0
        if level > h264IOSLevel { return .mediaVideoLevelUnsupported }
        if level > h264GeneralLevel { return .mediaVideoLevelHigh }
        // 1.10: "use 'avc1', 'hvc1', or 'dvh1' rather than 'avc3', 'hev1', or 'dvhe'" (SHOULD).
        return track.fourcc == "avc3" ? .mediaVideoAVCTag : nil
    }

    static func hevcCode(_ track: MovieInfo.Track) -> FindingCode? {
        guard hevcProfileOK(track) else { return .mediaVideoProfileUnsupported }
        if (track.level ?? 0) > hevcLevel { return .mediaVideoLevelUnsupported }
        return track.fourcc == "hev1" || track.fourcc == "dvhe" ? .mediaVideoHEVCTag : nil
    }

    static func av1Code(_ track: MovieInfo.Track) -> FindingCode? {
        (track.level ?? 0) > av1Level ? .mediaVideoLevelUnsupported : .mediaVideoCodecLimited
    }

    /// Main (1), Main 10 (2) or Main Still Picture (3), at 4:2:0 and at most 10 bits: "at most
    /// Main 10". Range extensions (4: Main 12, 4:2:2, 4:4:4), SCC and the rest are over it.
    static func hevcProfileOK(_ track: MovieInfo.Track) -> Bool {
        [1, 2, 3].contains(track.profileIDC ?? 1) && (track.chromaFormat ?? 1) == 1 && (track.bitDepth ?? 8) <= 10
    }

    static let hlsSpec = "Apple's HLS Authoring Specification"

    /// The finding of a code `h264Code`, `hevcCode` or `av1Code` made.
    static func limitFinding(_ track: MovieInfo.Track, code: FindingCode, key: String) -> Finding {
        let what = "\(describe(track)) \(track.profileDetail ?? track.profile ?? "?") Level \(levelName(track))"
        switch code {
        case .mediaVideoProfileUnsupported:
            let format = "\(chromaName(track.chromaFormat)), \(track.bitDepth ?? 0)-bit"
            return Finding(
                code, path: key,
                message:
                    "the video is HEVC \(track.profileDetail ?? track.profile ?? "?") (\(format)); Apple's devices decode HEVC up to Main 10 Profile, Level 5.1, High Tier (\(hlsSpec), 1.6b)",
                fix:
                    "re-encode as 4:2:0 Main 10 or Main: ffmpeg -i in.mp4 -c:v libx265 -pix_fmt yuv420p10le -tag:v hvc1 -c:a aac out.mp4"
            )
        case .mediaVideoLevelUnsupported:
            return Finding(
                code, path: key, message: "the video is \(what); \(levelLimit(track))",
                fix: "re-encode at the level its size and frame rate need: \(levelFix(track))")
        case .mediaVideoLevelHigh:
            return Finding(
                code, path: key,
                message:
                    "the video is \(what), over the general limit, High Profile Level 5.2 (\(hlsSpec), 1.3b); the spec's amendment for iOS allows Level 6.0, so an iPhone may play it and other devices may not",
                fix: "re-encode at Level 5.2 or below: \(levelFix(track))")
        case .mediaVideoAVCTag:
            return Finding(
                code, path: key,
                message:
                    "the H.264 track is tagged avc3 (parameter sets in the samples); \(hlsSpec) (1.10) says to use avc1, with them in the sample description",
                fix: "remux with the avc1 tag (no re-encoding): ffmpeg -i in.mp4 -c copy -tag:v avc1 out.mp4")
        default:
            return Finding(
                code, path: key,
                message:
                    "the video is \(what); \(hlsSpec) lists AV1 (1.1) but names no devices, and Apple documents hardware AV1 decoding only for the A17 Pro chip (iPhone 15 Pro): an iPhone without it may not play it",
                fix: "send H.264 (or HEVC), which every iPhone decodes: \(reencodeVideo)")
        }
    }

    /// "5.2" for H.264 level_idc 52, "5.1" for HEVC general_level_idc 153, "6.2" for AV1 index 18.
    static func levelName(_ track: MovieInfo.Track) -> String {
        guard let level = track.level else { return "unknown" }
        switch track.codec {
        case "hevc": return "\(level / 30).\(level % 30 / 3)"
        case "av1": return AV1Configuration.levelName(level)
        default: return level == 9 ? "1b" : "\(level / 10).\(level % 10)"
        }
    }

    static func levelLimit(_ track: MovieInfo.Track) -> String {
        switch track.codec {
        case "hevc": "Apple's devices decode HEVC up to Main 10 Profile, Level 5.1, High Tier (\(hlsSpec), 1.6b)"
        case "av1": "Apple's devices decode AV1 up to Level 6.2 (\(hlsSpec), 1.37)"
        default:
            "Apple's devices decode H.264 up to High Profile Level 5.2 (\(hlsSpec), 1.3b), Level 6.0 on iOS (its amendment)"
        }
    }

    static func levelFix(_ track: MovieInfo.Track) -> String {
        switch track.codec {
        case "hevc": "ffmpeg -i in.mp4 -c:v libx265 -x265-params level-idc=5.1 -tag:v hvc1 -c:a aac out.mp4"
        case "av1": "ffmpeg -i in.mp4 -c:v libx264 -profile:v high -level:v 5.2 -pix_fmt yuv420p -c:a aac out.mp4"
        default: "ffmpeg -i in.mp4 -c:v libx264 -profile:v high -level:v 5.2 -pix_fmt yuv420p -c:a aac out.mp4"
        }
    }
}
