/// What iOS's players make of an MP4/MOV/M4A's tracks, from its `moov` box.
///
/// What Apple documents, and what was chosen where it documents nothing:
/// - video: H.264 Baseline, Main and High (8-bit 4:2:0) and HEVC; MPEG-4 Part 2 Simple Profile
///   and Motion JPEG are listed by Apple's iPhone OS Technology Overview (Media Player, "MPEG-4
///   video ... Simple Profile"). ProRes is documented only for Pro iPhones: unsupported here,
///   the safe side for a push that goes to every device. VP8, VP9 and AV1 (hardware only on the
///   newest devices) and anything else: unsupported.
/// - H.264: Apple's decoders take 4:2:0 at 8 bits; High 10, High 4:2:2, High 4:4:4, Extended
///   and CAVLC 4:4:4 do not play.
/// - HEVC tagged `hev1` (parameter sets in the samples) is not played by Apple's players, which
///   want `hvc1`.
/// - audio: AAC (LC, HE-AAC, HE-AAC v2), MP3, Apple Lossless, AC-3, E-AC-3 and PCM; Opus,
///   FLAC and Vorbis inside MP4, and anything else: unsupported.
public enum MovieRules {
    static let supportedVideo: Set<String> = ["h264", "hevc", "mpeg4", "mjpeg"]
    static let supportedAudio: Set<String> = ["aac", "mp3", "alac", "ac3", "eac3", "pcm"]

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
        if track.codec == "h264", !(h264ProfileOK(track) && h264ChromaOK(track) && h264DepthOK(track)) {
            return .mediaVideoProfileUnsupported
        }
        if track.fourcc == "hev1" || track.fourcc == "dvhe" { return .mediaVideoHEVCTag }
        return nil
    }

    static func h264ProfileOK(_ track: MovieInfo.Track) -> Bool { [66, 77, 100].contains(track.profileIDC ?? 100) }
    static func h264ChromaOK(_ track: MovieInfo.Track) -> Bool { (track.chromaFormat ?? 1) == 1 }
    static func h264DepthOK(_ track: MovieInfo.Track) -> Bool { (track.bitDepth ?? 8) <= 8 }

    /// The finding of `code` (from `videoCode`) for a video track.
    static func video(_ track: MovieInfo.Track, code: FindingCode, key: String) -> Finding {
        switch code {
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
                    "the HEVC track is tagged \(track.fourcc) (parameter sets in the samples); Apple's players want hvc1 and may not play it",
                fix: "remux with the hvc1 tag (no re-encoding): ffmpeg -i in.mp4 -c copy -tag:v hvc1 out.mp4")
        default:
            return Finding(
                .mediaVideoCodecUnsupported, path: key,
                message:
                    "the video track is \(describe(track)) (\(track.fourcc)); iOS plays H.264 and HEVC video, not this",
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
                "the audio track is \(track.codec) (\(track.fourcc)) inside an MPEG-4 file; iOS plays AAC, MP3, ALAC, AC-3 and E-AC-3 there",
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
