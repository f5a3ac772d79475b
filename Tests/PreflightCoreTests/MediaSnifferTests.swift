import Foundation
import PreflightCore
import Testing

@Suite struct MediaSnifferTests {
    static func bytes(_ parts: [UInt8]..., text: String = "") -> [UInt8] {
        parts.flatMap { $0 } + Array(text.utf8)
    }

    static func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
        let brands = ([major, "\0\0\0\0"] + compatible).flatMap { Array($0.utf8) }
        let size = UInt32(8 + brands.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array("ftyp".utf8) + brands
    }

    static let signatures: [([UInt8], String)] = [
        ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "jpeg"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], "png"),
        (Array("GIF89a\u{1}\0".utf8), "gif"),
        (Array("GIF87a\u{1}\0".utf8), "gif"),
        (Array("RIFF\0\0\0\0WAVEfmt ".utf8), "wav"),
        (Array("RIFF\0\0\0\0AVI LIST".utf8), "avi"),
        (Array("RIFF\0\0\0\0WEBPVP8 ".utf8), "webp"),
        (Array("FORM\0\0\0\0AIFFCOMM".utf8), "aiff"),
        (Array("FORM\0\0\0\0AIFCFVER".utf8), "aifc"),
        (Array("ID3\u{4}\0\0\0\0\0\0".utf8), "mp3"),
        ([0xFF, 0xFB, 0x90, 0x64], "mp3"),
        ([0xFF, 0xF3, 0x48, 0xC4], "mp3"),
        ([0x00, 0x00, 0x01, 0xBA, 0x44], "mpeg"),
        ([0x00, 0x00, 0x01, 0xB3, 0x0A], "mpeg2-video"),
        (Array("OggS\0\u{2}".utf8), "ogg"),
        (Array("fLaC\0\0\0\"".utf8), "flac"),
        ([0x1A, 0x45, 0xDF, 0xA3, 0x42, 0x82, 0x84] + Array("webm".utf8), "webm"),
        ([0x1A, 0x45, 0xDF, 0xA3, 0x42, 0x82, 0x88] + Array("matroska".utf8), "matroska"),
        (Array("BM".utf8) + [UInt8](repeating: 0, count: 20), "bmp"),
        ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "tiff"),
        ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], "tiff"),
        ([0x1F, 0x8B, 0x08, 0x00], "gzip"),
        (Array("<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8), "svg"),
        (Array("<?xml version=\"1.0\"?>\n<svg>".utf8), "svg"),
        (Array("  <!DOCTYPE html><html>".utf8), "html"),
        (Array("\u{FEFF}<HTML><BODY>".utf8), "html"),
        (Array("{\"error\": 404}".utf8), "json"),
        (Array("Not Found\n".utf8), "text"),
    ]

    @Test(arguments: signatures)
    func recognisesSignatures(bytes: [UInt8], name: String) {
        #expect(MediaSniffer.sniff(bytes)?.name == name)
    }

    static let brands: [([UInt8], String)] = [
        (Self.ftyp("M4A ", ["M4A ", "mp42", "isom"]), "mpeg4-audio"),
        (Self.ftyp("M4B "), "mpeg4-audio"),
        (Self.ftyp("M4P "), "mpeg4-audio"),
        (Self.ftyp("isom", ["isom", "iso2", "avc1", "mp41"]), "mpeg4"),
        (Self.ftyp("mp42"), "mpeg4"),
        (Self.ftyp("M4V "), "mpeg4"),
        (Self.ftyp("qt  "), "mpeg4"),
        (Self.ftyp("avc1"), "mpeg4"),
        (Self.ftyp("heic", ["mif1", "heic"]), "heic"),
        (Self.ftyp("mif1", ["mif1", "heic"]), "heic"),
        (Self.ftyp("mif1", ["avif", "mif1"]), "avif"),
        (Self.ftyp("avif", ["avif", "mif1", "miaf"]), "avif"),
    ]

    @Test(arguments: brands)
    func tellsISOMediaApartByBrand(bytes: [UInt8], name: String) {
        #expect(MediaSniffer.sniff(bytes)?.name == name)
    }

    @Test func unknownBytesAreNil() {
        #expect(MediaSniffer.sniff([]) == nil)
        #expect(MediaSniffer.sniff([0x00, 0x01, 0x02, 0x03, 0xFE]) == nil)
        // ADTS AAC has the MPEG sync word but layer bits 00: not MP3.
        #expect(MediaSniffer.sniff([0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC]) == nil)
    }

    /// The fixtures `make test` generates with ImageMagick, ffmpeg and sox.
    @Test(arguments: [
        ("image.jpg", "jpeg"), ("image.png", "png"), ("image.gif", "gif"), ("animated.png", "png"),
        ("image.webp", "webp"), ("image.heic", "heic"), ("image.avif", "avif"), ("image.bmp", "bmp"),
        ("image.tiff", "tiff"), ("image.svg", "svg"), ("error.html", "html"), ("sound.wav", "wav"),
        ("sound.aiff", "aiff"), ("sound.mp3", "mp3"), ("raw-frames.mp3", "mp3"), ("sound.m4a", "mpeg4-audio"),
        ("sound.ogg", "ogg"), ("sound.flac", "flac"), ("video.mp4", "mpeg4"), ("video.mov", "mpeg4"),
        ("video.mpg", "mpeg"), ("video.m2v", "mpeg2-video"), ("video.avi", "avi"), ("video.webm", "webm"),
        ("video.mkv", "matroska"), ("sound.aifc", "aifc"), ("sound-aifc.aiff", "aifc"), ("clip.m4v", "mpeg4"),
    ])
    func recognisesGeneratedFixtures(file: String, name: String) throws {
        let directory = try #require(fixtureDirectory(), "run the tests with `make test` to have fixtures")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
        #expect(MediaSniffer.sniff(Array(data.prefix(65536)))?.name == name)
    }
}

/// The media fixtures directory of the running test origins, if any.
func fixtureDirectory() -> String? {
    guard let path = ProcessInfo.processInfo.environment["PREFLIGHT_ORIGINS"],
        let text = try? String(contentsOfFile: path, encoding: .utf8)
    else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("MEDIA=") {
        return String(line.dropFirst(6))
    }
    return nil
}
