/// The three kinds of `UNNotificationAttachment`, each with its own size limit.
public enum AttachmentKind: String, Sendable, CaseIterable {
    case image
    case audio
    case video

    /// The configured byte limit for this kind (decimal megabytes by default).
    public func limit(_ limits: PreflightConfiguration.Limits) -> Int {
        switch self {
        case .image: limits.imageBytes
        case .audio: limits.audioBytes
        case .video: limits.videoBytes
        }
    }

    /// The limit read as binary megabytes (x 1.048576): over it is `media.too-large`, between
    /// the two `media.size.near-limit`.
    public func binaryLimit(_ limits: PreflightConfiguration.Limits) -> Int {
        Self.binary(limit(limits))
    }

    static func binary(_ decimal: Int) -> Int {
        decimal / 1_000_000 * 1_048_576 + (decimal % 1_000_000) * 1_048_576 / 1_000_000
    }
}

/// A file format: what it is called, whether an attachment may carry it, and how it is named.
public struct MediaFormat: Sendable, Hashable {
    /// Short name: `jpeg`, `webp`, `mpeg4-audio`.
    public var name: String
    /// The MIME type a server should send.
    public var mimeType: String
    /// The attachment kind, nil when iOS does not accept it as an attachment.
    public var kind: AttachmentKind?
    /// The format's UTI, to give as `UNNotificationAttachmentOptionsTypeHintKey` (all but AIFF-C's,
    /// which is no listed type: `aifc`); nil when unsupported.
    public var uti: String?
    /// File extensions, the preferred one first.
    public var extensions: [String]

    public var isSupported: Bool { kind != nil }
}

extension MediaFormat {
    // Supported by UNNotificationAttachment
    public static let jpeg = MediaFormat(
        name: "jpeg", mimeType: "image/jpeg", kind: .image, uti: "public.jpeg", extensions: ["jpg", "jpeg", "jpe"])
    public static let png = MediaFormat(
        name: "png", mimeType: "image/png", kind: .image, uti: "public.png", extensions: ["png", "apng"])
    public static let gif = MediaFormat(
        name: "gif", mimeType: "image/gif", kind: .image, uti: "com.compuserve.gif", extensions: ["gif"])
    public static let mp3 = MediaFormat(
        name: "mp3", mimeType: "audio/mpeg", kind: .audio, uti: "public.mp3", extensions: ["mp3"])
    public static let mpeg4Audio = MediaFormat(
        name: "mpeg4-audio", mimeType: "audio/mp4", kind: .audio, uti: "public.mpeg-4-audio",
        extensions: ["m4a", "m4b", "m4p"])
    public static let wav = MediaFormat(
        name: "wav", mimeType: "audio/wav", kind: .audio, uti: "com.microsoft.waveform-audio",
        extensions: ["wav", "wave"])
    public static let aiff = MediaFormat(
        name: "aiff", mimeType: "audio/aiff", kind: .audio, uti: "public.aiff-audio", extensions: ["aiff", "aif"])
    /// AIFF-C (FORM type `AIFC`): `public.aifc-audio`, which Apple declares the parent of
    /// `public.aiff-audio` (`UTTypeAIFF`: "conforms to a base type identified by
    /// public.aifc-audio"), so not the listed AIFF type. Whether iOS attaches AIFF-C bytes under
    /// an AIFF name is not documented: they are attached with `attachment.type-unlisted`.
    public static let aifc = MediaFormat(
        name: "aifc", mimeType: "audio/aiff", kind: .audio, uti: "public.aifc-audio", extensions: ["aifc", "cdda"])
    public static let mpeg = MediaFormat(
        name: "mpeg", mimeType: "video/mpeg", kind: .video, uti: "public.mpeg",
        extensions: ["mpg", "mpeg", "mpe", "m1v"])
    public static let mpeg2Video = MediaFormat(
        name: "mpeg2-video", mimeType: "video/mpeg", kind: .video, uti: "public.mpeg-2-video",
        extensions: ["m2v", "mp2v"])
    public static let mpeg4 = MediaFormat(
        name: "mpeg4", mimeType: "video/mp4", kind: .video, uti: "public.mpeg-4",
        extensions: ["mp4", "m4v", "mp4v", "mov", "qt"])
    public static let avi = MediaFormat(
        name: "avi", mimeType: "video/x-msvideo", kind: .video, uti: "public.avi", extensions: ["avi"])

    // Common formats iOS will not attach
    public static let webp = unsupported("webp", "image/webp", ["webp"])
    public static let heic = unsupported("heic", "image/heic", ["heic", "heif"])
    public static let avif = unsupported("avif", "image/avif", ["avif"])
    public static let bmp = unsupported("bmp", "image/bmp", ["bmp"])
    public static let tiff = unsupported("tiff", "image/tiff", ["tif", "tiff"])
    public static let svg = unsupported("svg", "image/svg+xml", ["svg"])
    public static let html = unsupported("html", "text/html", ["html", "htm"])
    public static let json = unsupported("json", "application/json", ["json"])
    public static let ogg = unsupported("ogg", "audio/ogg", ["ogg", "oga", "ogv", "opus"])
    public static let flac = unsupported("flac", "audio/flac", ["flac"])
    public static let webm = unsupported("webm", "video/webm", ["webm"])
    public static let matroska = unsupported("matroska", "video/x-matroska", ["mkv", "mka"])
    public static let gzip = unsupported("gzip", "application/gzip", ["gz"])
    public static let text = unsupported("text", "text/plain", ["txt"])

    private static func unsupported(_ name: String, _ mime: String, _ extensions: [String]) -> MediaFormat {
        MediaFormat(name: name, mimeType: mime, kind: nil, uti: nil, extensions: extensions)
    }

    /// Every format Preflight can name.
    public static let all: [MediaFormat] = [
        .jpeg, .png, .gif, .mp3, .mpeg4Audio, .wav, .aiff, .aifc, .mpeg, .mpeg2Video, .mpeg4, .avi,
        .webp, .heic, .avif, .bmp, .tiff, .svg, .html, .json, .ogg, .flac, .webm, .matroska, .gzip, .text,
    ]

    private static let byExtension: [String: MediaFormat] = {
        var table: [String: MediaFormat] = [:]
        for format in all {
            for ext in format.extensions where table[ext] == nil { table[ext] = format }
        }
        return table
    }()

    private static let byMIMEType: [String: MediaFormat] = {
        var table: [String: MediaFormat] = [:]
        for format in all where table[format.mimeType] == nil { table[format.mimeType] = format }
        let aliases: [String: MediaFormat] = [
            "image/jpg": .jpeg, "image/pjpeg": .jpeg, "image/apng": .png, "audio/mp3": .mp3, "audio/mpeg3": .mp3,
            "audio/x-mpeg": .mp3, "audio/x-m4a": .mpeg4Audio, "audio/m4a": .mpeg4Audio, "audio/x-wav": .wav,
            "audio/wave": .wav, "audio/vnd.wave": .wav, "audio/x-aiff": .aiff, "video/quicktime": .mpeg4,
            "video/x-m4v": .mpeg4, "video/avi": .avi, "video/msvideo": .avi, "video/mpeg2": .mpeg2Video,
            "image/heif": .heic, "image/x-ms-bmp": .bmp, "video/x-webm": .webm, "audio/webm": .webm,
            "application/ogg": .ogg, "video/ogg": .ogg, "audio/x-flac": .flac, "application/x-gzip": .gzip,
            "audio/x-matroska": .matroska, "application/xhtml+xml": .html,
        ]
        table.merge(aliases) { current, _ in current }
        return table
    }()

    /// The format a `Content-Type` names (parameters ignored), nil for generic or unknown types.
    ///
    /// Read on the value's bytes, and looked up as it is when it is already a bare lowercase
    /// type (`image/jpeg`): it runs a few times for every downloaded or cached medium, and the
    /// split, trim and lowercasing of the `String` cost some 5,000 instructions each time.
    public static func forContentType(_ contentType: String) -> MediaFormat? {
        var contentType = contentType
        let mime = contentType.withUTF8 { bytes -> String? in
            var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            var start = 0
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            let type = bytes[start..<end]
            if type.count == bytes.count, type.allSatisfy({ ByteScan.lowercased($0) == $0 }) { return nil }
            return ByteScan.lowercased(type)
        }
        return byMIMEType[mime ?? contentType]
    }

    /// The format a file extension names (any case), nil when Preflight does not know it.
    /// Looked up as it is when it has no capital letter: `lowercased()` cost some 400
    /// instructions for every media named by its URL.
    public static func forExtension(_ ext: String) -> MediaFormat? {
        let lower = ext.utf8.allSatisfy { $0 < 0x80 && ByteScan.lowercased($0) == $0 }
        return byExtension[lower ? ext : ext.lowercased()]
    }

    private static let byUTI: [String: MediaFormat] = {
        var table: [String: MediaFormat] = [:]
        for format in all { if let uti = format.uti, table[uti] == nil { table[uti] = format } }
        return table
    }()

    /// The supported format with this UTI (the first of `all` that has it). From a table: a
    /// search of `all` copied each format it passed (its list of extensions retained).
    public static func forUTI(_ uti: String) -> MediaFormat? {
        byUTI[uti]
    }
}
