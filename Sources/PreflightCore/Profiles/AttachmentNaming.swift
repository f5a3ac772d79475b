/// The file an extension writes, as its profile names it, and the type iOS will give it.
public struct NamedFile: Sendable, Equatable {
    /// The file name the extension writes (its random or hashed part shown as `attachment`).
    public var fileName: String
    /// The name's extension as iOS reads it (`NSString.pathExtension`), nil when there is none.
    public var pathExtension: String? {
        didSet { uti = Self.uti(pathExtension: pathExtension, typeHint: typeHint) }
    }
    /// The UTI the extension passes as `UNNotificationAttachmentOptionsTypeHintKey`, if any.
    public var typeHint: String? {
        didSet { uti = Self.uti(pathExtension: pathExtension, typeHint: typeHint) }
    }

    /// The attachment type iOS gives the file: the hint, else the type its extension names;
    /// nil when neither names an attachment type (the attachment is refused). Found when the
    /// extension or the hint is set, not when it is read: the media rules and the report read
    /// it five times a medium, each a lookup.
    public private(set) var uti: String?

    public init(fileName: String, pathExtension: String?, typeHint: String?) {
        self.fileName = fileName
        self.pathExtension = pathExtension
        self.typeHint = typeHint
        self.uti = Self.uti(pathExtension: pathExtension, typeHint: typeHint)
    }

    private static func uti(pathExtension: String?, typeHint: String?) -> String? {
        // Apple: the hint is a UTI. One that names no attachment type (a MIME type such as
        // `image/png`) types nothing; the name's extension is then all iOS has.
        if let typeHint, AttachmentNaming.attachableUTIs.contains(typeHint) { return typeHint }
        return pathExtension.flatMap(AttachmentNaming.uti(forExtension:))
    }
}

/// How each `ExtensionProfile.Naming` names the downloaded file.
public enum AttachmentNaming {
    /// File extensions iOS types as an attachment type, with the UTI it gives each. The listed
    /// types are Apple's (`UNNotificationAttachment`, "Supported file types",
    /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment:
    /// kUTTypeAudioInterchangeFileFormat, kUTTypeWaveformAudio, kUTTypeMP3, kUTTypeMPEG4Audio,
    /// kUTTypeJPEG, kUTTypeGIF, kUTTypePNG, kUTTypeMPEG, kUTTypeMPEG2Video, kUTTypeMPEG4,
    /// kUTTypeAVIMovie). `.m4v` is `com.apple.m4v-video` (AVFileType.m4v: "The value of this UTI
    /// is com.apple.m4v-video. Files of this type have an m4v extension"), not a listed type but
    /// a kind of one (`conformingUTIs`). `.aifc` (`public.aifc-audio`) and `.mov`
    /// (`com.apple.quicktime-movie`) are typed as no listed type: `unlistedTypes`.
    public static let utiForExtension: [String: String] = [
        "jpg": "public.jpeg", "jpeg": "public.jpeg", "jpe": "public.jpeg", "png": "public.png",
        "gif": "com.compuserve.gif", "mp3": "public.mp3", "m4a": "public.mpeg-4-audio",
        "wav": "com.microsoft.waveform-audio", "wave": "com.microsoft.waveform-audio", "aif": "public.aiff-audio",
        "aiff": "public.aiff-audio", "mpg": "public.mpeg", "mpeg": "public.mpeg", "mpe": "public.mpeg",
        "m2v": "public.mpeg-2-video", "mp4": "public.mpeg-4", "m4v": "com.apple.m4v-video", "avi": "public.avi",
    ]

    /// Types iOS gives a file that UNNotificationAttachment's table does not name, each with the
    /// listed type it conforms to. Apple, `UTTypeAppleProtectedMPEG4Video`
    /// (https://developer.apple.com/documentation/uniformtypeidentifiers/uttypeappleprotectedmpeg4video):
    /// "conforms to a base type identified by com.apple.m4v-video, which in turn conforms to
    /// UTTypeMPEG4Movie" (`public.mpeg-4`). Whether the attachment check accepts a conforming
    /// type is not documented: attached, with the warning `attachment.type-unlisted`.
    public static let conformingUTIs: [String: String] = ["com.apple.m4v-video": "public.mpeg-4"]

    /// The listed type `uti` is a kind of (`conformingUTIs`), nil for any other: the table's
    /// few keys compared in turn, where a lookup hashed the UTI of every attachment judged.
    static func conformingBase(of uti: String) -> String? {
        for (kind, base) in conformingUTIs where kind == uti { return base }
        return nil
    }

    /// The type iOS gives a file of extension `ext`, in any case (`utiForExtension`), nil for
    /// one it gives no listed type. An ASCII extension of up to eight bytes is packed into a word,
    /// its letters lowercased, and found among the table's keys packed the same way: the
    /// dictionary's lookup hashed the extension, some 450 instructions for every push with a
    /// media URL. Any other is lowercased and looked up.
    static func uti(forExtension ext: String) -> String? {
        guard let word = ext.withUTF8InPlace(packed) else { return utiForExtension[ext.lowercased()] }
        return packedTable.extensions.firstIndex(of: word).map { packedTable.types[$0] }
    }

    /// ASCII bytes, at most eight, in one word, letters lowercased; nil for any other bytes.
    /// Inlined: a call of it cost a lookup some fifty instructions more.
    @inline(__always)
    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count <= 8 else { return nil }
        var word: UInt64 = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            word |= UInt64(ByteScan.lowercased(byte)) << (index * 8)
        }
        return word
    }

    /// `utiForExtension`'s keys packed as an extension is (`packed`; every key is lowercase ASCII
    /// of at most eight bytes: a test checks), with their types at the same places.
    private static let packedTable: (extensions: [UInt64], types: [String]) = {
        let entries = utiForExtension.compactMap { ext, uti in ext.withUTF8InPlace(packed).map { ($0, uti) } }
        return (entries.map(\.0), entries.map(\.1))
    }()

    /// Extensions iOS types as a type that neither is nor conforms to a listed one, for the
    /// messages of `attachment.untyped`. Apple, `UTTypeAIFF`
    /// (https://developer.apple.com/documentation/uniformtypeidentifiers/uttypeaiff):
    /// `public.aiff-audio` "conforms to a base type identified by public.aifc-audio", and
    /// AVFileType.aifc: `public.aifc-audio` has "an .aifc or .cdda extension": AIFF-C is AIFF's
    /// parent, so an `.aifc` file is not the listed AIFF type. `UTType.quickTimeMovie`: the
    /// identifier is `com.apple.quicktime-movie`, which "conforms to UTTypeMovie" (not listed).
    public static let unlistedTypes: [String: String] = [
        "aifc": "public.aifc-audio", "cdda": "public.aifc-audio", "mov": "com.apple.quicktime-movie",
        "qt": "com.apple.quicktime-movie",
    ]

    /// The UTIs iOS attaches: the listed types, and the ones that conform to one (`conformingUTIs`).
    static let attachableUTIs = Set(utiForExtension.values)

    /// The string the payload declares at the profile's `type_key`, if any.
    static func declaredType(_ profile: ExtensionProfile, _ root: JSONView?) -> String? {
        profile.typeKey.flatMap { root.map($0.resolve) }?.first?.value.string
    }

    /// Whether the name is known from the URL alone (so it can be judged without a download).
    public static func isURLNamed(_ naming: ExtensionProfile.Naming) -> Bool {
        naming == .urlString || naming == .urlPath || naming == .fixedJPG || naming == .urlExtShortElseJPG
    }

    /// The file the profile's extension writes for this URL and download. `download` is nil
    /// when nothing was downloaded (URL-named profiles only). `root` is the payload (for a
    /// declared type).
    public static func name(
        _ profile: ExtensionProfile, url: MediaURL, download: DownloadOutcome?, root: JSONView?
    ) -> NamedFile {
        switch profile.naming {
        case .urlString:
            // The seeds split the whole absolute string: `jpg?w=600&v=2` is the extension. Read
            // on the URL's bytes: only the extension is made a `String`.
            let ext = url.source.withUTF8 { bytes in
                let segment = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[($0 + 1)...] } ?? bytes[...]
                return afterLastDot(segment)
            }
            return file("attachment", ext: ext)
        case .urlPath:
            let component = percentDecoded(lastPathComponent(url.path))
            return NamedFile(fileName: component, pathExtension: afterLastDot(component), typeHint: nil)
        case .response:
            return suggestedFilename(url: url, download: download)
        case .responseImageSubtype:
            var named = firebaseNamed(suggestedFilename(url: url, download: download), download: download)
            named.typeHint = declaredType(profile, root)
            return named
        case .mime:
            return oneSignalNamed(url: url, download: download)
        case .sniffed:
            return airshipNamed(url: url, download: download)
        case .declared:
            return cleverTapNamed(declared: declaredType(profile, root), download: download)
        case .declaredSuffix:
            return file("attachment", ext: declaredType(profile, root))
        case .reencodeJPEG:
            // Written as JPEG only if it decodes as an image; audio and video never do.
            let decodes = download?.analyzed().sniffed.map { $0.kind == .image || decodableImages.contains($0) } ?? true
            return decodes
                ? NamedFile(fileName: "attachment.jpg", pathExtension: "jpg", typeHint: nil)
                : NamedFile(fileName: "attachment", pathExtension: nil, typeHint: nil)
        case .fixedJPG: return fixedJPGName()
        case .declaredSuffixDefault: return declaredSuffixDefault(profile, root)
        case .typeHint: return typeHinted(profile, root)
        case .urlExtShortElseJPG: return urlExtShortElseJPG(url: url)
        case .contentTypeElseURL: return contentTypeElseURL(url: url, download: download)
        }
    }

    /// Image formats ImageIO decodes that UNNotificationAttachment would not take as they are.
    static let decodableImages: [MediaFormat] = [.webp, .heic, .bmp, .tiff]

    static func file(_ base: String, ext: String?) -> NamedFile {
        guard let ext else { return NamedFile(fileName: base, pathExtension: nil, typeHint: nil) }
        // Spelled into the string's storage at once: `base + "." + ext` appended twice (some
        // 400 instructions for the `attachment.jpg` of every push whose URL names its type).
        let count = base.utf8.count + 1 + ext.utf8.count
        let name = String(unsafeUninitializedCapacity: count) { target in
            var written = 0
            func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
                for byte in bytes {
                    target[written] = byte
                    written += 1
                }
            }
            base.withUTF8InPlace(copy)
            target[written] = UInt8(ascii: ".")
            written += 1
            ext.withUTF8InPlace(copy)
            return written
        }
        return NamedFile(fileName: name, pathExtension: ext, typeHint: nil)
    }

    /// `URLResponse.suggestedFilename`: the Content-Disposition file name, else the last path
    /// component; the MIME type's extension added when the name has none.
    static func suggestedFilename(url: MediaURL, download: DownloadOutcome?) -> NamedFile {
        var name =
            download?.contentDisposition.flatMap(dispositionFilename) ?? percentDecoded(lastPathComponent(url.path))
        if name.isEmpty || name == "/" { name = url.host }
        if afterLastDot(name) == nil, let format = download?.contentType.flatMap(MediaFormat.forContentType) {
            name += "." + format.extensions[0]
        }
        return NamedFile(fileName: name, pathExtension: afterLastDot(name), typeHint: nil)
    }

    /// `afterLastDot` of the UTF-8 text `name`.
    static func afterLastDot(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return nil }
        let ext = name[(dot + 1)...]
        return ext.isEmpty ? nil : String(decoding: ext, as: UTF8.self)
    }

    static func afterLastDot(_ name: String) -> String? {
        // On the bytes (`afterLastDot` of the buffer): per request, and a dot is one byte.
        var name = name
        return name.withUTF8 { afterLastDot($0[...]) }
    }

    /// `lastPathComponent` of a URL's path: what follows the last `/`, one trailing `/` dropped
    /// (`/a/b/` names `b`; `/` names nothing). Read on the path's bytes: it runs for every push a
    /// URL-path profile names, and splitting the `String` cost some 9,000 instructions.
    static func lastPathComponent(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            var end = bytes.count
            if end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }

    /// `filename="a.jpg"` (or `filename*=UTF-8''a.jpg`) of a Content-Disposition value.
    static func dispositionFilename(_ value: String) -> String? {
        for part in value.split(separator: ";") {
            let item = String(part).trimmed
            let lower = item.lowercased()
            if lower.hasPrefix("filename*=") {
                // charset'language'value (RFC 6266 / 5987): the value follows the second quote.
                let raw = item.dropFirst("filename*=".count).split(separator: "'", omittingEmptySubsequences: false)
                if raw.count == 3 { return percentDecoded(String(raw[2])) }
            } else if lower.hasPrefix("filename=") {
                var name = String(item.dropFirst("filename=".count))
                if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 {
                    name = String(name.dropFirst().dropLast())
                }
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }

    static func queryItems(_ text: String) -> [(String, String)] {
        guard let question = text.firstIndex(of: "?") else { return [] }
        let query = text[text.index(after: question)...].split(separator: "#", maxSplits: 1).first ?? ""
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (percentDecoded(String(parts[0])), parts.count > 1 ? percentDecoded(String(parts[1])) : "")
        }
    }

    /// `text` with each `%` and two hex digits made the byte they name; any other `%` kept as
    /// it is. A text without `%` is given back as it is, without a copy.
    static func percentDecoded(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard var next = bytes.firstIndex(of: UInt8(ascii: "%")) else { return nil }
            var decoded = Array(bytes[..<next])
            decoded.reserveCapacity(bytes.count)
            while next < bytes.count {
                let byte = bytes[next]
                if byte == UInt8(ascii: "%"), next + 2 < bytes.count,
                    let high = ByteScan.hexValue(bytes[next + 1]), let low = ByteScan.hexValue(bytes[next + 2])
                {
                    decoded.append(high << 4 | low)
                    next += 3
                } else {
                    decoded.append(byte)
                    next += 1
                }
            }
            return String(decoding: decoded, as: UTF8.self)
        } ?? text
    }
}
