/// What iOS's players make of an MP4/MOV/M4A's tracks, from its `moov` box.
///
/// Apple documents nothing about which codecs play in a notification attachment. Its statement
/// of what its devices decode is the HLS Authoring Specification for Apple devices
/// (https://developer.apple.com/documentation/http-live-streaming/hls-authoring-specification-for-apple-devices,
/// "Video" 1 and "Audio" 2, with the "Amended requirements for iOS"); the rules follow it, and
/// take the safe side where it says nothing:
/// - video (1.1): H.264, HEVC, Dolby Vision or AV1. MPEG-4 Part 2 Simple Profile and Motion JPEG
///   are not in it, but AVFoundation plays them in MPEG-4: they pass. ProRes is documented
///   only for Pro iPhones, VP8 and VP9 not at all: unsupported, the safe side for a push that
///   goes to every device.
/// - H.264 (1.3b): at most High Profile (4:2:0, 8 bits), Level 5.2; the iOS amendment allows
///   Level 6.0 (see `MovieRules+Limits.swift`). HEVC (1.6b): at most Main 10, Level 5.1, High
///   Tier. AV1 (1.37): at most Level 6.2, and a warning: Apple names no device list.
/// - 1.10: `avc1`, `hvc1` and `dvh1` (parameter sets in the sample description) SHOULD be used
///   rather than `avc3`, `hev1` and `dvhe`: a SHOULD, so a warning.
/// - audio (2.2, 2.5): AAC-LC, HE-AAC v1 and v2, xHE-AAC, Apple Lossless, FLAC, AC-3, E-AC-3;
///   MP3 and PCM are not listed, but AVFoundation plays them in MPEG-4: they pass. 2.25 says xHE-AAC, Apple Lossless and FLAC MUST be in fMP4: that is
///   HLS's segment format, as 1.2 and 1.5 are for H.264 and HEVC, and a notification attachment is
///   a whole file, not a segment, so a non-fragmented MP4 with them passes as one with H.264 does.
///   Opus and Vorbis inside MP4, and anything else: unsupported.
public enum MovieRules {
    static let supportedVideo: Set<String> = ["h264", "hevc", "av1", "mpeg4", "mjpeg"]
    static let supportedAudio: Set<String> = ["aac", "mp3", "alac", "flac", "ac3", "eac3", "pcm"]

    /// The findings for every track, with `key` as their path: at most `Report.findingsPerCode`
    /// of a code are made, the tracks past that are only counted in `omitted` (a file of 256
    /// Opus tracks makes 10 findings, not 256 dropped later).
    public static func findings(_ movie: MovieInfo, key: String, omitted: inout [FindingCode: Int]) -> [Finding] {
        var findings: [Finding] = []
        var made: [FindingCode: Int] = [:]
        // Once per file: asked per audio track, it made the rules quadratic in the tracks.
        let videoToo = movie.hasVideo
        for track in movie.tracks {
            let code = track.isVideo ? videoCode(track) : track.isAudio ? audioCode(track) : nil
            guard let code else { continue }
            guard made[code, default: 0] < Report.findingsPerCode else {
                omitted[code, default: 0] += 1
                continue
            }
            made[code, default: 0] += 1
            findings.append(
                track.isVideo ? video(track, code: code, key: key) : audio(track, key: key, videoToo: videoToo))
        }
        if movie.tracksOverLimit {
            findings.append(
                Finding(
                    .mediaContainerTooManyTracks, path: key,
                    message:
                        "the file has more than \(MovieInfo.trackLimit) tracks; only the first \(MovieInfo.trackLimit) were checked, so Preflight cannot say the rest play (a phone's recording has under 10)",
                    fix:
                        "send a file with only the tracks it needs: ffmpeg -i in.mp4 -map 0:v:0 -map 0:a:0? -c copy out.mp4"
                ))
        }
        return findings
    }

    /// The findings for every track, those past the cap dropped uncounted (the fuzzer, tests).
    public static func findings(_ movie: MovieInfo, key: String) -> [Finding] {
        var omitted: [FindingCode: Int] = [:]
        return findings(movie, key: key, omitted: &omitted)
    }

    static let reencodeVideo = "ffmpeg -i in.mp4 -c:v libx264 -profile:v high -pix_fmt yuv420p -c:a aac out.mp4"

    /// What is wrong with a video track, if anything: decided before a finding is made.
    static func videoCode(_ track: MovieInfo.Track) -> FindingCode? {
        guard supportedVideo.contains(track.codec) else { return .mediaVideoCodecUnsupported }
        switch track.codec {
        case "h264": return h264Code(track)
        case "hevc": return hevcCode(track)
        case "av1": return av1Code(track)
        default: return nil
        }
    }

    static func h264ProfileOK(_ track: MovieInfo.Track) -> Bool { [66, 77, 100].contains(track.profileIDC ?? 100) }
    static func h264ChromaOK(_ track: MovieInfo.Track) -> Bool { (track.chromaFormat ?? 1) == 1 }
    static func h264DepthOK(_ track: MovieInfo.Track) -> Bool { (track.bitDepth ?? 8) <= 8 }

    /// The finding of `code` (from `videoCode`) for a video track.
    static func video(_ track: MovieInfo.Track, code: FindingCode, key: String) -> Finding {
        switch code {
        case .mediaVideoProfileUnsupported where track.codec == "hevc", .mediaVideoLevelUnsupported,
            .mediaVideoLevelHigh, .mediaVideoAVCTag, .mediaVideoCodecLimited:
            return limitFinding(track, code: code, key: key)
        case .mediaVideoProfileUnsupported:
            var what: [String] = []
            if !h264ChromaOK(track) { what.append("chroma \(chromaName(track.chromaFormat))") }
            if !h264DepthOK(track) { what.append("\(track.bitDepth ?? 0)-bit") }
            let detail = what.isEmpty ? "" : " (\(what.joined(separator: ", ")))"
            return Finding(
                .mediaVideoProfileUnsupported, path: key,
                message:
                    "the video is H.264 \(track.profile ?? "?")\(detail); Apple's H.264 decoders take Baseline, Main and High at 8 bits 4:2:0",
                fix: "re-encode as 8-bit 4:2:0 High: \(reencodeVideo)")
        case .mediaVideoHEVCTag:
            return Finding(
                .mediaVideoHEVCTag, path: key,
                message:
                    "the HEVC track is tagged \(track.fourcc) (parameter sets in the samples); Apple's HLS Authoring Specification (1.10) says to use hvc1 or dvh1, and players may not play it",
                fix: "remux with the hvc1 tag (no re-encoding): ffmpeg -i in.mp4 -c copy -tag:v hvc1 out.mp4")
        default:
            return Finding(
                .mediaVideoCodecUnsupported, path: key,
                message:
                    "the video track is \(describe(track)) (\(track.fourcc)); Apple's devices decode H.264, HEVC, Dolby Vision and AV1 (HLS Authoring Specification 1.1), not this",
                fix: "re-encode to H.264: \(reencodeVideo)")
        }
    }

    static func audioCode(_ track: MovieInfo.Track) -> FindingCode? {
        supportedAudio.contains(track.codec) ? nil : .mediaAudioCodecUnsupported
    }

    /// The finding for an audio track `audioCode` refused.
    static func audio(_ track: MovieInfo.Track, key: String, videoToo: Bool) -> Finding {
        let fix =
            videoToo
            ? "re-encode the audio to AAC: ffmpeg -i in.mp4 -c:v copy -c:a aac -b:a 128k out.mp4"
            : "re-encode to AAC: ffmpeg -i in.m4a -c:a aac -b:a 128k out.m4a"
        return Finding(
            .mediaAudioCodecUnsupported, path: key,
            message:
                "the audio track is \(track.codec) (\(track.fourcc)) inside an MPEG-4 file; iOS plays AAC (LC, HE, xHE), MP3, Apple Lossless, FLAC, AC-3 and E-AC-3 there",
            fix: fix)
    }

    static func describe(_ track: MovieInfo.Track) -> String {
        let names = ["av1": "AV1", "vp9": "VP9", "vp8": "VP8", "prores": "ProRes", "h264": "H.264", "hevc": "HEVC"]
        return names[track.codec] ?? track.codec
    }

    static func chromaName(_ format: Int?) -> String {
        switch format {
        case 0: "4:0:0"
        case 1: "4:2:0"
        case 2: "4:2:2"
        case 3: "4:4:4"
        default: "unknown"
        }
    }
}
