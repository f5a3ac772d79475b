import Foundation
import PreflightCore
import PreflightService
import Testing

/// MP4/MOV/M4A files made by ffmpeg when the tests start (`Tests/Origins/make-fixtures.sh`),
/// downloaded from the loopback nginx, their tracks read from the `moov` box as the body streams.
@Suite(.serialized) struct MovieTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// Each file under `media/codecs/` and the codes its report has (header codes left out).
    static let files: [(String, [String])] = [
        ("h264-main.mp4", []),
        ("h264-high-faststart.mp4", []),
        ("h264-high444.mp4", ["media.video.profile-unsupported"]),
        ("h264-high10.mp4", ["media.video.profile-unsupported"]),
        ("h264-high422.mp4", ["media.video.profile-unsupported"]),
        ("hevc-hev1.mp4", ["media.video.hevc-tag"]),
        ("hevc-hvc1.mp4", []),
        ("vp9.mp4", ["media.video.codec-unsupported"]),
        ("av1.mp4", ["media.video.codec-limited"]),
        ("mpeg4-part2.mp4", []),
        ("h264-opus.mp4", ["media.audio.codec-unsupported"]),
        ("aac-m4a-brand.m4a", []),
        ("aac-isom-brand.m4a", []),
        ("alac.m4a", []),
        ("opus.m4a", ["media.audio.codec-unsupported"]),
        ("flac.m4a", []),
        ("vorbis.m4a", ["media.audio.codec-unsupported"]),
        // The rows of Apple's HLS Authoring Specification (1.3b, 1.6b, 1.10, 2.2, 2.5, and its iOS amendment).
        ("h264-high-l52.mp4", []),
        ("h264-high-l60.mp4", ["media.video.level-high"]),
        ("h264-high-l62.mp4", ["media.video.level-unsupported"]),
        ("h264-avc3.mp4", ["media.video.avc-tag"]),
        ("hevc-main.mp4", []),
        ("hevc-main10.mp4", []),
        ("hevc-main12.mp4", ["media.video.profile-unsupported"]),
        ("hevc-rext444.mp4", ["media.video.profile-unsupported"]),
        ("hevc-l62.mp4", ["media.video.level-unsupported"]),
        ("xhe-aac.m4a", []),
        ("no-moov.mp4", ["media.container.no-moov"]),
        ("moov-9mib.mp4", ["media.container.moov-too-large"]),
    ]

    @Test(arguments: files)
    func eachFileGetsItsCodes(file: String, expected: [String]) throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/media/codecs/" + file)
            #expect(result.codes == expected, "\(file): \(result.report["findings"]?.shortDescription ?? "")")
            // Attached unless a code is an error (warnings: a tag, a level over the general rule, AV1).
            #expect(
                (result.attachment != nil)
                    == expected.allSatisfy { FindingCatalog.severity(of: FindingCode(rawValue: $0)) != .error })
        }
    }

    /// Kind by track: an AAC file is audio whatever its ftyp brand (`M4A ` or `isom`).
    @Test(arguments: ["aac-m4a-brand.m4a", "aac-isom-brand.m4a", "alac.m4a"])
    func soundOnlyIsAudio(file: String) throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/media/codecs/" + file)
            #expect(result.media?["sniffed_type"]?.string == "audio/mp4")
            #expect(result.attachment?["kind"]?.string == "audio")
            #expect(result.attachment?["uti"]?.string == "public.mpeg-4-audio")
            #expect(result.attachment?["limit"]?.integer == 5_000_000)
            #expect(result.media?["video"] == nil)
        }
    }

    /// Preflight's codec, tag, profile, level, size, duration and audio format equal ffprobe's,
    /// file by file. ffprobe 5.1 refuses the xHE-AAC file ("Audio object type 42 is not
    /// implemented"): `xHEAACIsReadFromItsAudioSpecificConfig` checks it against the bytes written.
    @Test(arguments: files.map(\.0).filter { !["no-moov.mp4", "moov-9mib.mp4", "xhe-aac.m4a"].contains($0) })
    func tracksMatchFFprobe(file: String) throws {
        let path = origins.media + "/codecs/" + file
        let probed = try runProcess("/usr/bin/ffprobe", ["-v", "error", "-show_streams", "-of", "json", path])
        let streams = try #require(try JSONParser.parse(Array(probed.output.utf8)).value["streams"])
        guard case .array(let list) = streams else { throw TestConnection.Failure(description: "no streams") }
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/media/codecs/" + file)
            for kind in ["video", "audio"] {
                let expected = list.first { $0["codec_type"]?.string == kind }
                let ours = result.media?[kind]
                #expect((expected == nil) == (ours == nil), "\(file) \(kind): \(ours?.shortDescription ?? "none")")
                guard let expected, let ours else { continue }
                #expect(ours["codec"]?.string == expected["codec_name"]?.string, "\(file) \(kind) codec")
                #expect(ours["fourcc"]?.string == expected["codec_tag_string"]?.string, "\(file) \(kind) tag")
                let codec = ours["codec"]?.string ?? ""
                if ["h264", "hevc", "av1", "aac"].contains(codec) {
                    #expect(ours["profile"]?.string == expected["profile"]?.string, "\(file) profile")
                }
                if ["h264", "hevc", "av1"].contains(codec) {
                    #expect(ours["level"]?.integer == expected["level"]?.integer, "\(file) level")
                }
                if kind == "video" {
                    #expect(ours["width"]?.integer == expected["width"]?.integer, "\(file) width")
                    #expect(ours["height"]?.integer == expected["height"]?.integer, "\(file) height")
                } else {
                    #expect(ours["channels"]?.integer == expected["channels"]?.integer, "\(file) channels")
                    #expect(ours["sample_rate"]?.integer == expected["sample_rate"]?.string.flatMap { Int64($0) })
                }
                let duration = try #require(ours["duration_s"]?.double, "\(file) \(kind) duration")
                let theirs = try #require(expected["duration"]?.string.flatMap(Double.init))
                #expect(abs(duration - theirs) <= 0.05, "\(file) \(kind) duration \(duration) vs \(theirs)")
            }
        }
    }

    /// Apple's "10 MB": a JPEG of 10,000,001 bytes is over it in decimal megabytes, under it in binary ones.
    @Test func aFileBetweenTheDecimalAndBinaryLimitsIsAWarning() throws {
        try withService(origins.configuration()) { service in
            let near = try checkMedia(service, url: origins.https + "/media/near.jpg")
            #expect(near.codes == ["media.size.near-limit"])
            #expect(near.attachment?["limit"]?.integer == 10_000_000)
            let over = try checkMedia(service, url: origins.https + "/media/big.jpg")
            #expect(over.codes == ["media.too-large"])
        }
    }
}

extension MovieTests {
    /// The xHE-AAC entry (audioObjectType 42, written by make-fixtures.sh) is AAC, profile xHE-AAC,
    /// mono at 44.1 kHz, and attached as audio.
    @Test func xHEAACIsReadFromItsAudioSpecificConfig() throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/media/codecs/xhe-aac.m4a")
            #expect(result.codes == [])
            #expect(result.media?["audio"]?["codec"]?.string == "aac")
            #expect(result.media?["audio"]?["fourcc"]?.string == "mp4a")
            #expect(result.media?["audio"]?["profile"]?.string == "xHE-AAC")
            #expect(result.media?["audio"]?["channels"]?.integer == 1)
            #expect(result.media?["audio"]?["sample_rate"]?.integer == 44_100)
            #expect(result.attachment?["kind"]?.string == "audio")
        }
    }

    /// The level-limit messages name the figure: H.264 6.2 over 6.0, HEVC 6.2 over 5.1.
    @Test(arguments: [
        ("h264-high-l62.mp4", "H.264 High Level 6.2"), ("h264-high-l60.mp4", "H.264 High Level 6.0"),
        ("hevc-l62.mp4", "HEVC Main Level 6.2"), ("hevc-main12.mp4", "HEVC Main 12 (4:2:0, 12-bit)"),
        ("hevc-rext444.mp4", "HEVC Main 4:4:4 (4:4:4, 8-bit)"),
    ])
    func theMessageNamesTheProfileAndLevel(file: String, named: String) throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/media/codecs/" + file)
            guard case .array(let findings)? = result.report["findings"] else {
                Issue.record("\(file): no findings")
                return
            }
            let message = findings.compactMap { $0["message"]?.string }.joined(separator: " | ")
            #expect(message.contains(named), "\(file): \(message)")
        }
    }

    /// Where the extension names the file from the URL, the limit is that name's type: a video
    /// MP4 under an `.m4a` name is attached as audio, with audio's 5 MB limit.
    @Test func theLimitFollowsTheNameTheExtensionGives() throws {
        try withService(origins.configuration()) { service in
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?profile=generic", headers: [("apns-push-type", "alert")],
                body: Array(
                    #"{"aps":{"alert":"Clip","mutable-content":1},"image":"\#(origins.https)/renamed/clip.m4a"}"#.utf8))
            let report = try #require(response.json)
            #expect(report["media"]?["video"]?["codec"]?.string == "h264")
            #expect(report["attachment"]?["kind"]?.string == "audio")
            #expect(report["attachment"]?["uti"]?.string == "public.mpeg-4-audio")
            #expect(report["attachment"]?["limit"]?.integer == 5_000_000)
        }
    }
}
