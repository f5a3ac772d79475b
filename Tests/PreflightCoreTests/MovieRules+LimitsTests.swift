import Testing

@testable import PreflightCore

/// The HLS Authoring Specification's limits, track by track: the code each gets and the figure
/// its message names.
@Suite struct MovieRulesLimitsTests {
    static func video(
        _ codec: String, fourcc: String, profile: Int, level: Int, chroma: Int = 1, depth: Int = 8,
        name: String? = nil, detail: String? = nil
    ) -> MovieInfo.Track {
        var track = MovieInfo.Track(handler: "vide", fourcc: fourcc, codec: codec)
        track.profileIDC = profile
        track.level = level
        track.chromaFormat = chroma
        track.bitDepth = depth
        track.profile = name
        track.profileDetail = detail
        return track
    }

    /// H.264: 5.2 passes, 5.2 < level <= 6.0 warns (the iOS amendment), past 6.0 fails;
    /// `avc3` warns; High 10 is still a profile error before its level is looked at.
    @Test(
        arguments: [
            (100, 52, 8, "avc1", nil), (100, 51, 8, "avc1", nil), (77, 40, 8, "avc1", nil),
            (100, 60, 8, "avc1", FindingCode.mediaVideoLevelHigh), (100, 53, 8, "avc1", .mediaVideoLevelHigh),
            (100, 61, 8, "avc1", .mediaVideoLevelUnsupported), (100, 62, 8, "avc1", .mediaVideoLevelUnsupported),
            (100, 31, 8, "avc3", .mediaVideoAVCTag), (110, 62, 10, "avc1", .mediaVideoProfileUnsupported),
        ] as [(Int, Int, Int, String, FindingCode?)])
    func h264(profile: Int, level: Int, depth: Int, fourcc: String, expected: FindingCode?) {
        let track = Self.video("h264", fourcc: fourcc, profile: profile, level: level, depth: depth)
        #expect(MovieRules.videoCode(track) == expected)
    }

    /// HEVC: Main and Main 10 up to Level 5.1 (153) pass at either tier; Main 12, 4:2:2, 4:4:4
    /// and a range extension at 8-bit 4:2:0 (profile 4: Main Intra) and SCC fail; Level 5.2
    /// (156) fails; `hev1` warns.
    @Test(
        arguments: [
            (1, 153, 1, 8, "hvc1", nil), (2, 153, 1, 10, "hvc1", nil), (2, 120, 1, 10, "hvc1", nil),
            (3, 93, 1, 8, "hvc1", nil), (2, 156, 1, 10, "hvc1", FindingCode.mediaVideoLevelUnsupported),
            (1, 186, 1, 8, "hvc1", .mediaVideoLevelUnsupported), (4, 93, 1, 12, "hvc1", .mediaVideoProfileUnsupported),
            (4, 93, 3, 8, "hvc1", .mediaVideoProfileUnsupported), (4, 93, 1, 8, "hvc1", .mediaVideoProfileUnsupported),
            (4, 93, 2, 10, "hvc1", .mediaVideoProfileUnsupported),
            (9, 93, 1, 8, "hvc1", .mediaVideoProfileUnsupported), (2, 93, 1, 12, "hvc1", .mediaVideoProfileUnsupported),
            (1, 93, 1, 8, "hev1", .mediaVideoHEVCTag),
        ] as [(Int, Int, Int, Int, String, FindingCode?)])
    func hevc(profile: Int, level: Int, chroma: Int, depth: Int, fourcc: String, expected: FindingCode?) {
        let track = Self.video("hevc", fourcc: fourcc, profile: profile, level: level, chroma: chroma, depth: depth)
        #expect(MovieRules.videoCode(track) == expected)
    }

    /// AV1: up to Level 6.2 (index 18) a warning that it plays on some devices only; past it an error.
    @Test(
        arguments: [
            (0, FindingCode.mediaVideoCodecLimited), (18, .mediaVideoCodecLimited), (19, .mediaVideoLevelUnsupported),
            (31, .mediaVideoLevelUnsupported),
        ] as [(Int, FindingCode)])
    func av1(level: Int, expected: FindingCode) {
        #expect(MovieRules.videoCode(Self.video("av1", fourcc: "av01", profile: 0, level: level)) == expected)
    }

    /// The findings name what the track is and the limit it passed, with its severity in the catalog.
    @Test func messagesNameTheFigure() throws {
        let cases: [(MovieInfo.Track, FindingCode, String, Severity)] = [
            (
                Self.video("h264", fourcc: "avc1", profile: 100, level: 62, name: "High"), .mediaVideoLevelUnsupported,
                "the video is H.264 High Level 6.2; Apple's devices decode H.264 up to High Profile Level 5.2", .error
            ),
            (
                Self.video("h264", fourcc: "avc1", profile: 100, level: 60, name: "High"), .mediaVideoLevelHigh,
                "the video is H.264 High Level 6.0, over the general limit, High Profile Level 5.2", .warning
            ),
            (
                Self.video("hevc", fourcc: "hvc1", profile: 2, level: 156, depth: 10, name: "Main 10"),
                .mediaVideoLevelUnsupported,
                "the video is HEVC Main 10 Level 5.2; Apple's devices decode HEVC up to Main 10",
                .error
            ),
            (
                Self.video("hevc", fourcc: "hvc1", profile: 4, level: 93, depth: 12, name: "Rext", detail: "Main 12"),
                .mediaVideoProfileUnsupported, "the video is HEVC Main 12 (4:2:0, 12-bit)", .error
            ),
            (
                Self.video("av1", fourcc: "av01", profile: 0, level: 8, name: "Main"), .mediaVideoCodecLimited,
                "the video is AV1 Main Level 4.0; Apple's HLS Authoring Specification lists AV1 (1.1)", .warning
            ),
            (
                Self.video("h264", fourcc: "avc3", profile: 100, level: 31, name: "High"), .mediaVideoAVCTag,
                "the H.264 track is tagged avc3", .warning
            ),
        ]
        for (track, code, message, severity) in cases {
            let findings = MovieRules.findings(MovieInfo(duration: 1, tracks: [track]), key: "image")
            let finding = try #require(findings.first)
            #expect(findings.count == 1)
            #expect(finding.code == code)
            #expect(finding.message.hasPrefix(message), "\(finding.message)")
            #expect(FindingCatalog.severity(of: code) == severity)
            // An error attaches nothing (the extension's attachment would not play); a warning attaches.
            #expect(MediaRules.unplayableCodes.contains(code) == (severity == .error))
        }
    }

    /// FLAC and xHE-AAC (AAC's codec name) inside MP4 pass; Opus and Vorbis still fail.
    @Test(
        arguments: [("flac", nil), ("alac", nil), ("aac", nil), ("opus", FindingCode.mediaAudioCodecUnsupported)]
            as [(String, FindingCode?)])
    func audio(codec: String, expected: FindingCode?) {
        #expect(MovieRules.audioCode(MovieInfo.Track(handler: "soun", fourcc: "x", codec: codec)) == expected)
    }
}
