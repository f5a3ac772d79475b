/// Recognises a file format from its first bytes, the way a careful client would rather
/// than trusting the URL or the `Content-Type`.
///
/// ```swift
/// MediaSniffer.sniff([0xFF, 0xD8, 0xFF, 0xE0])  // .jpeg
/// ```
public enum MediaSniffer {
    /// The format of the bytes, nil when nothing known matches.
    public static func sniff(_ bytes: [UInt8]) -> MediaFormat? {
        let head = Bytes(bytes)
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: "GIF87a") || head.starts(with: "GIF89a") { return .gif }
        if head.starts(with: "RIFF"), head.count >= 12 {
            switch head.text(8, 4) {
            case "WAVE": return .wav
            case "AVI ": return .avi
            case "WEBP": return .webp
            default: return nil
            }
        }
        if head.starts(with: "FORM"), head.count >= 12 {
            switch head.text(8, 4) {
            case "AIFF": return .aiff
            case "AIFC": return .aifc
            default: return nil
            }
        }
        if head.count >= 12, head.text(4, 4) == "ftyp" { return isoMediaFormat(head) }
        if head.starts(with: "ID3") { return .mp3 }
        if head.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return .mpeg }
        if head.starts(with: [0x00, 0x00, 0x01, 0xB3]) { return .mpeg2Video }
        if head.starts(with: "OggS") { return .ogg }
        if head.starts(with: "fLaC") { return .flac }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return ebmlFormat(head) }
        if head.starts(with: "BM"), head.count >= 14 { return .bmp }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if head.starts(with: [0x1F, 0x8B]) { return .gzip }
        if isMP3FrameSync(head) { return .mp3 }
        return textFormat(head)
    }

    /// ISO base media files (MP4, M4A, MOV, HEIC, AVIF) by their `ftyp` brands.
    private static func isoMediaFormat(_ head: Bytes) -> MediaFormat {
        let boxSize = head.uint32BE(0)
        var brands = [head.text(8, 4)]
        var offset = 16
        while offset + 4 <= min(Int(boxSize), head.count) {
            brands.append(head.text(offset, 4))
            offset += 4
        }
        let major = brands[0]
        if ["M4A ", "M4B ", "M4P "].contains(major) { return .mpeg4Audio }
        if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(major) {
            return major == "mif1" && brands.contains("avif") ? .avif : .heic
        }
        if ["avif", "avis"].contains(major) { return .avif }
        return .mpeg4
    }

    /// Matroska and WebM share EBML; the DocType names which.
    private static func ebmlFormat(_ head: Bytes) -> MediaFormat {
        head.contains("webm", within: 64) ? .webm : .matroska
    }

    /// An MPEG audio Layer III frame header (not ADTS AAC, whose layer bits are 00).
    private static func isMP3FrameSync(_ head: Bytes) -> Bool {
        guard head.count >= 4, head[0] == 0xFF, head[1] & 0xE0 == 0xE0 else { return false }
        let version = (head[1] >> 3) & 0x03
        let layer = (head[1] >> 1) & 0x03
        let bitrate = head[2] >> 4
        let sampleRate = (head[2] >> 2) & 0x03
        return version != 0x01 && layer == 0x01 && bitrate != 0x0F && sampleRate != 0x03
    }

    /// Text answers: an HTML error page, SVG, JSON, plain text.
    private static func textFormat(_ head: Bytes) -> MediaFormat? {
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[start]) { start += 1 }
        guard start < head.count else { return nil }
        let lead = head.lowercasedText(start, 256)
        if lead.hasPrefix("<svg") || (lead.hasPrefix("<?xml") && head.lowercasedText(start, 1024).contains("<svg")) {
            return .svg
        }
        for tag in ["<!doctype html", "<html", "<head", "<body", "<!--", "<title", "<h1", "<p>", "<div"]
        where lead.hasPrefix(tag) {
            return .html
        }
        if lead.hasPrefix("{") || lead.hasPrefix("[") { return .json }
        let sample = head.prefixBytes(512)
        if !sample.isEmpty, sample.allSatisfy({ $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return .text
        }
        return nil
    }
}

/// Bounds-checked reads over the first bytes of a file.
struct Bytes {
    let storage: [UInt8]

    init(_ storage: [UInt8]) {
        self.storage = storage
    }

    var count: Int { storage.count }

    subscript(index: Int) -> UInt8 { index >= 0 && index < storage.count ? storage[index] : 0 }

    func starts(with prefix: [UInt8]) -> Bool {
        storage.count >= prefix.count && storage[0..<prefix.count].elementsEqual(prefix)
    }

    func starts(with prefix: String) -> Bool { starts(with: Array(prefix.utf8)) }

    /// `length` bytes at `offset` as Latin-1 text (FourCCs), empty past the end.
    func text(_ offset: Int, _ length: Int) -> String {
        guard offset >= 0, offset + length <= storage.count else { return "" }
        return String(storage[offset..<offset + length].map { Character(Unicode.Scalar($0)) })
    }

    func lowercasedText(_ offset: Int, _ length: Int) -> String {
        let end = min(storage.count, offset + length)
        guard offset < end else { return "" }
        return String(decoding: storage[offset..<end].map(ByteScan.lowercased), as: UTF8.self)
    }

    func prefixBytes(_ length: Int) -> ArraySlice<UInt8> { storage.prefix(length) }

    func contains(_ needle: String, within limit: Int) -> Bool {
        let pattern = Array(needle.utf8)
        let end = min(storage.count, limit)
        guard end >= pattern.count else { return false }
        for start in 0...(end - pattern.count) where storage[start..<start + pattern.count].elementsEqual(pattern) {
            return true
        }
        return false
    }

    func uint16BE(_ offset: Int) -> Int { Int(self[offset]) << 8 | Int(self[offset + 1]) }
    func uint16LE(_ offset: Int) -> Int { Int(self[offset + 1]) << 8 | Int(self[offset]) }

    func uint32BE(_ offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
            | UInt32(self[offset + 3])
    }
}
