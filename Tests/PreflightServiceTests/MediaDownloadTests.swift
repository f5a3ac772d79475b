import Foundation
import Glibc
import PreflightCore
import PreflightFetch
import PreflightService
import Testing

/// Downloads from real origins on loopback: nginx over http and https, and a misbehaving origin.
@Suite(.serialized) struct MediaDownloadTests {
    let origins: Origins
    let service: PreflightService

    init() throws {
        origins = try Origins.load()
        var configuration = origins.configuration()
        configuration.fetch.slowMs = 1000
        service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        try service.start()
    }

    func run(_ url: String) throws -> MediaCheckResult {
        try checkMedia(service, url: url)
    }

    @Test func aGoodJPEGOverHTTPSPassesWithItsAttachment() throws {
        defer { service.shutdown() }
        let result = try run(origins.https + "/media/image.jpg")
        #expect(result.status == 200)
        #expect(result.codes == [])
        #expect(result.report["verdict"]?.string == "pass")
        let media = try #require(result.media)
        let file = try Data(contentsOf: URL(fileURLWithPath: origins.media + "/image.jpg"))
        let sha = SHA256Digest.hex(Array(file))
        #expect(media["url"]?.string == origins.https + "/media/image.jpg")
        #expect(media["final_url"]?.string == origins.https + "/media/image.jpg")
        #expect(media["http_status"]?.integer == 200)
        #expect(media["redirects"]?.integer == 0)
        #expect(media["content_type"]?.string == "image/jpeg")
        #expect(media["sniffed_type"]?.string == "image/jpeg")
        #expect(media["bytes"]?.integer == Int64(file.count))
        #expect(media["sha256"]?.string == sha)
        #expect(media["cached"] == .bool(false))
        #expect(media["primary_ip"]?.string == "127.0.0.1")
        #expect(media["image"]?["width"]?.integer == 640)
        #expect(media["image"]?["height"]?.integer == 480)
        #expect(media["image"]?["frames"]?.integer == 1)
        let timing = try #require(media["timing_ms"])
        #expect((timing["tls"]?.double ?? 0) > 0)
        #expect((timing["total"]?.double ?? 0) >= (timing["first_byte"]?.double ?? 1))
        let attachment = try #require(result.attachment)
        #expect(attachment["identifier"]?.string == "/image")
        #expect(attachment["kind"]?.string == "image")
        #expect(attachment["uti"]?.string == "public.jpeg")
        // The test profile (sniffed naming) keeps the URL's last path component.
        #expect(attachment["file_name"]?.string == "attachment-image.jpg")
        #expect(attachment["type_hint"] == .null)
        #expect(attachment["bytes"]?.integer == Int64(file.count))
        #expect(attachment["limit"]?.integer == 10_000_000)
    }

    @Test(arguments: [
        ("image.png", "image", "public.png"), ("image.gif", "image", "com.compuserve.gif"),
        ("sound.wav", "audio", "com.microsoft.waveform-audio"), ("sound.aiff", "audio", "public.aiff-audio"),
        ("sound.mp3", "audio", "public.mp3"), ("raw-frames.mp3", "audio", "public.mp3"),
        ("sound.m4a", "audio", "public.mpeg-4-audio"), ("video.mp4", "video", "public.mpeg-4"),
        ("video.mpg", "video", "public.mpeg"),
        // Airship's sniffed naming hints video/mpeg's type (public.mpeg) for a name not in its list.
        ("video.m2v", "video", "public.mpeg"), ("video.avi", "video", "public.avi"),
    ])
    func everySupportedFormatPasses(file: String, kind: String, uti: String) throws {
        defer { service.shutdown() }
        let result = try run(origins.http + "/media/" + file)
        // The hint public.mpeg over MPEG-2 bytes (public.mpeg-2-video): typed as another type
        // than the bytes, which Apple does not document, so the warning (the safe side).
        #expect(result.codes == (file == "video.m2v" ? ["attachment.type-mismatch"] : []), "\(file)")
        #expect(result.attachment?["kind"]?.string == kind, "\(file)")
        #expect(result.attachment?["uti"]?.string == uti, "\(file)")
    }

    @Test(arguments: [
        ("image.webp", "image/webp"), ("image.heic", "image/heic"), ("image.avif", "image/avif"),
        ("image.bmp", "image/bmp"), ("image.tiff", "image/tiff"), ("image.svg", "image/svg+xml"),
        ("error.html", "text/html"), ("sound.ogg", "audio/ogg"), ("sound.flac", "audio/flac"),
        ("video.webm", "video/webm"), ("video.mkv", "video/x-matroska"),
    ])
    func unsupportedFormatsAreNamed(file: String, sniffed: String) throws {
        defer { service.shutdown() }
        let result = try run(origins.http + "/media/" + file)
        #expect(result.status == 422)
        #expect(result.codes == ["media.type.unsupported"], "\(file)")
        #expect(result.media?["sniffed_type"]?.string == sniffed, "\(file)")
        #expect(result.attachment == nil)
    }

    @Test(arguments: [
        ("/media/huge.png", []),  // decoded by iOS out of the extension: only a decoding profile pays for it
        ("/media/corrupt.png", ["media.corrupt"]),
        ("/media/corrupt.jpg", ["media.corrupt"]),
        ("/media/empty.jpg", ["media.empty"]),
        ("/media/big.jpg", ["media.too-large"]),
        ("/media/big.mp3", ["media.too-large"]),
        ("/media/big.mp4", ["media.too-large", "attachment.device-time"]),
        ("/noext/photo", []),  // the test profile hints the type from the response
        ("/mislabeled/photo.jpg", ["media.type.unsupported"]),
        ("/mislabeled/image.png", ["media.type.mismatch", "media.url.extension-mismatch"]),
        ("/octet/image.jpg", []),
        ("/redirect/one", ["media.fetch.redirected"]),
        ("/missing.jpg", ["media.fetch.http-status"]),
        ("/gone.jpg", ["media.fetch.http-status"]),
    ])
    func nginxScenarios(path: String, expected: [String]) throws {
        defer { service.shutdown() }
        let result = try run(origins.https + path)
        #expect(result.codes == expected, "\(path)")
        #expect(result.status == (result.report["verdict"]?.string == "fail" ? 422 : 200))
    }

    @Test func sizeLimitsStopTheDownloadAtTheKindsLimit() throws {
        defer { service.shutdown() }
        let image = try run(origins.https + "/media/big.jpg")
        #expect(image.media?["bytes"]?.integer == 10_485_761)
        #expect(image.media?["sha256"] == .null)
        let audio = try run(origins.https + "/media/big.mp3")
        #expect(audio.media?["bytes"]?.integer == 5_242_881)
    }

    @Test func typeHintWhenTheURLCannotNameTheType() throws {
        defer { service.shutdown() }
        // The sniffed naming (the test profile, Airship's helper) hints the type when the name cannot.
        let noExtension = try run(origins.https + "/noext/photo")
        #expect(noExtension.attachment?["type_hint"]?.string == "public.jpeg")
        #expect(noExtension.attachment?["file_name"]?.string == "attachment-photo")
        #expect(noExtension.attachment?["uti"]?.string == "public.jpeg")
        // A name with a supported extension gets no hint: iOS types it by the name.
        let wrongExtension = try run(origins.https + "/mislabeled/image.png")
        #expect(wrongExtension.attachment?["type_hint"] == .null)
        #expect(wrongExtension.attachment?["uti"]?.string == "public.png")
        #expect(wrongExtension.media?["content_type"]?.string == "image/png")
    }

    @Test func framesOfAnimatedImages() throws {
        defer { service.shutdown() }
        #expect(try run(origins.http + "/media/image.gif").media?["image"]?["frames"]?.integer == 3)
        let apng = try run(origins.http + "/media/animated.png")
        #expect(apng.media?["image"]?["frames"]?.integer == 4)
        #expect(apng.media?["image"]?["width"]?.integer == 64)
        let huge = try run(origins.http + "/media/huge.png")
        #expect(huge.media?["image"]?["width"]?.integer == 5000)
        #expect(huge.media?["image"]?["height"]?.integer == 4000)
    }

    @Test func redirectsAreFollowedAndCounted() throws {
        defer { service.shutdown() }
        let result = try run(origins.https + "/redirect/two")
        #expect(result.media?["redirects"]?.integer == 2)
        #expect(result.media?["final_url"]?.string == origins.https + "/media/image.jpg")
        #expect(result.finding("media.fetch.redirected")?["severity"]?.string == "info")
        #expect(result.attachment?["uti"]?.string == "public.jpeg")
    }

    @Test(arguments: [
        ("https://selfsigned.test:%HTTPS%/media/image.png", ["media.fetch.tls"]),
        ("https://wrongname.test:%HTTPS%/media/image.png", ["media.fetch.tls"]),
    ])
    func tlsFailures(template: String, expected: [String]) throws {
        defer { service.shutdown() }
        let result = try run(template.replacingOccurrences(of: "%HTTPS%", with: String(origins.httpsPort)))
        #expect(result.codes == expected)
        #expect(result.media?["http_status"] == .null)
    }

    @Test(arguments: [
        ("/drip/a.jpg", ["media.fetch.timeout"]),
        ("/short/a.jpg", ["media.fetch.truncated"]),
        ("/reset/a.jpg", ["media.fetch.truncated"]),
        ("/endless/a.jpg", ["media.too-large"]),
        ("/loop/a.jpg", ["media.fetch.too-many-redirects"]),
        ("/to-metadata/a.jpg", ["media.fetch.redirected", "media.fetch.blocked"]),
        ("/to-private/a.jpg", ["media.fetch.redirected", "media.fetch.blocked"]),
        ("/to-ftp/a.jpg", ["media.fetch.redirected", "media.fetch.blocked"]),
        ("/html200/a.jpg", ["media.type.unsupported"]),
        ("/gzip/a.jpg", ["media.fetch.content-encoding"]),
        ("/status/a.jpg?code=503", ["media.fetch.http-status"]),
        ("/empty/a.jpg", ["media.empty"]),
        ("/jpeg/slow.jpg?ms=1300", ["media.fetch.slow"]),
    ])
    func misbehavingOrigins(path: String, expected: [String]) throws {
        defer { service.shutdown() }
        let result = try run(origins.origin + path)
        #expect(result.codes == expected, "\(path): \(result.report["findings"] ?? .null)")
    }

    @Test func redirectIntoTheMetadataServiceNamesTheAddressAndRule() throws {
        defer { service.shutdown() }
        let result = try run(origins.origin + "/to-metadata/b.jpg")
        let message = try #require(result.finding("media.fetch.blocked")?["message"]?.string)
        #expect(message.contains("169.254.169.254 is link-local (cloud metadata) (169.254.0.0/16)"), "\(message)")
    }
}
