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
        ("av1.mp4", ["media.video.codec-unsupported"]),
        ("mpeg4-part2.mp4", []),
        ("h264-opus.mp4", ["media.audio.codec-unsupported"]),
        ("aac-m4a-brand.m4a", []),
        ("aac-isom-brand.m4a", []),
        ("alac.m4a", []),
        ("opus.m4a", ["media.audio.codec-unsupported"]),
        ("flac.m4a", ["media.audio.codec-unsupported"]),
        ("vorbis.m4a", ["media.audio.codec-unsupported"]),
        ("no-moov.mp4", ["media.container.no-moov"]),
        ("moov-9mib.mp4", ["media.container.moov-too-large"]),
    ]

    @Test(arguments: files)
    func eachFileGetsItsCodes(file: String, expected: [String]) throws {
        try withService(origins.configuration()) { service in
            let result = try checkMedia(service, url: origins.https + "/media/codecs/" + file)
            #expect(result.codes == expected, "\(file): \(result.report["findings"]?.shortDescription ?? "")")
            #expect(
                (result.attachment != nil)
                    == expected.allSatisfy { $0 == "media.video.hevc-tag" || $0 == "media.container.moov-too-large" })
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

    /// Preflight's codec, profile, size, duration and audio format equal ffprobe's, file by file.
    @Test(arguments: files.map(\.0).filter { !["no-moov.mp4", "moov-9mib.mp4"].contains($0) })
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
                let codec = ours["codec"]?.string ?? ""
                if ["h264", "hevc", "aac"].contains(codec) {
                    #expect(ours["profile"]?.string == expected["profile"]?.string, "\(file) profile")
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
