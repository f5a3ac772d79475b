import Testing

@testable import PreflightCore

/// The SDK helpers' namings as their current source names the file.
@Suite struct AttachmentNamingTests {
    func download(_ contentType: String?, prefix: [UInt8] = []) -> DownloadOutcome {
        var download = DownloadOutcome(url: "https://cdn.example.com/x")
        download.httpStatus = 200
        download.contentType = contentType
        download.prefix = prefix
        download.bytes = prefix.count
        return download
    }

    func named(
        _ profile: ExtensionProfile, _ url: String, _ contentType: String?, prefix: [UInt8] = [], root: String? = nil
    )
        throws -> NamedFile
    {
        let document = try root.map { try JSONDocument.parse(Array($0.utf8)) }
        return AttachmentNaming.name(
            profile, url: try MediaURL.parse(url), download: download(contentType, prefix: prefix),
            root: document?.root)
    }

    /// OneSignal's own list and MIME map, not Apple's: `m4v` is typed; `aifc`, `jpe`, `wave`
    /// are not in its list, and `audio/wav`, `audio/mp4`, `video/quicktime` map to nothing, so
    /// the media is skipped (no extension).
    @Test(
        arguments: [
            ("https://c.test/a.m4v", "application/octet-stream", "m4v"),
            ("https://c.test/a.aifc", "application/octet-stream", nil),
            ("https://c.test/a.jpe", "application/octet-stream", nil),
            ("https://c.test/a.wave", "application/octet-stream", nil),
            ("https://c.test/a.mpe", "application/octet-stream", nil),
            ("https://c.test/a", "audio/wav", nil),
            ("https://c.test/a", "audio/mp4", nil),
            ("https://c.test/a", "video/quicktime", nil),
            ("https://c.test/a", "audio/x-wav", "wav"),
            ("https://c.test/a", "image/jpeg; charset=x", "jpeg"),
            ("https://c.test/a.JPG", "application/octet-stream", nil),
            ("https://c.test/a.gif", "image/png", "png"),
            ("https://c.test/a?filename=b.mp3", "image/png", "mp3"),
            ("https://c.test/a?x=b.mp4", nil, "mp4"),
        ] as [(String, String?, String?)])
    func oneSignalUsesItsOwnLists(url: String, contentType: String?, ext: String?) throws {
        let file = try named(.onesignal, url, contentType)
        #expect(file.pathExtension == ext)
        #expect(file.fileName == (ext.map { "attachment." + $0 } ?? "attachment"))
    }

    /// `.m4v` is Apple's `com.apple.m4v-video` (a kind of `public.mpeg-4`); `.aifc` is
    /// `public.aifc-audio`, AIFF's parent and no listed type: untyped.
    @Test func m4vAndAIFCAreTypedAsAppleTypesThem() throws {
        #expect(try named(.onesignal, "https://c.test/a.m4v", nil).uti == "com.apple.m4v-video")
        #expect(try named(.generic, "https://c.test/a.m4v", nil).uti == "com.apple.m4v-video")
        #expect(try named(.generic, "https://c.test/a.M4V", nil).uti == "com.apple.m4v-video")
        #expect(try named(.generic, "https://c.test/a.aifc", nil).uti == nil)
        #expect(try named(.generic, "https://c.test/a.aif", nil).uti == "public.aiff-audio")
        #expect(try named(.generic, "https://c.test/a.mov", nil).uti == nil)
        #expect(AttachmentNaming.conformingUTIs == ["com.apple.m4v-video": "public.mpeg-4"])
    }

    /// A name spelled from a base and an extension, an extension's type and a UTI's listed
    /// parent found by comparing the tables' keys: the same as the string forms they replace
    /// (the dictionary looked up with the extension lowercased).
    @Test func namesAndTypesReadTheSameAsTheStringForms() {
        for ext in ["jpg", "JPEG", "m4v", "jpé", "a.b", ""] {
            #expect(AttachmentNaming.file("attachment", ext: ext).fileName == "attachment" + "." + ext)
            #expect(AttachmentNaming.file("attachment", ext: ext).pathExtension == ext)
        }
        #expect(AttachmentNaming.file("attachment", ext: nil).fileName == "attachment")
        // The type follows the extension and the hint as they are set: a listed UTI as hint
        // wins, a MIME type as hint types nothing.
        var named = NamedFile(fileName: "a.jpg", pathExtension: "jpg", typeHint: nil)
        #expect(named.uti == "public.jpeg")
        named.typeHint = "public.png"
        #expect(named.uti == "public.png")
        named.typeHint = "image/png"
        #expect(named.uti == "public.jpeg")
        named.pathExtension = "webp"
        #expect(named.uti == nil)
        named.pathExtension = "MP4"
        #expect(named.uti == "public.mpeg-4")
        let keys = AttachmentNaming.utiForExtension.keys
        #expect(keys.allSatisfy { $0.utf8.count <= 8 && $0 == $0.lowercased() && $0.utf8.allSatisfy { $0 < 0x80 } })
        let odd = [
            "", "jp", "jpgg", "mov", "jpg.", "jpgjpgjpg", "ÉPS", "ß", "İ", "mp4?x=Y", "JPE\u{0301}", "M4\u{212A}",
        ]
        for ext in keys.flatMap({ [$0, $0.uppercased(), $0.prefix(1).uppercased() + $0.dropFirst()] }) + odd {
            #expect(
                AttachmentNaming.uti(forExtension: ext) == AttachmentNaming.utiForExtension[ext.lowercased()], "\(ext)")
        }
        #expect(AttachmentNaming.uti(forExtension: "JpG") == "public.jpeg")
        for (kind, base) in AttachmentNaming.conformingUTIs {
            #expect(AttachmentNaming.conformingBase(of: kind) == base)
        }
        for uti in ["public.jpeg", "public.mpeg-4", "com.apple.m4v-videO", ""] {
            #expect(AttachmentNaming.conformingBase(of: uti) == nil, "\(uti)")
        }
    }

    /// The URL's last path component, its percent escapes and a Content-Type's format, read on
    /// bytes: one trailing `/` dropped, a `%` without two hex digits after it kept as it is
    /// (`%+F` was read as 0x0F: `UInt8("+F", radix: 16)` takes a sign), the type's parameters,
    /// spaces and case ignored; an extension's format in any case, a UTI's from its table.
    @Test func pathComponentsEscapesAndTypesAreReadOnBytes() {
        let components = [
            ("/a/b.jpg", "b.jpg"), ("/a/b/", "b"), ("/", ""), ("", ""), ("a//", ""), ("b.jpg", "b.jpg"),
            ("/é/ü.png", "ü.png"),
        ]
        for (path, component) in components {
            #expect(AttachmentNaming.lastPathComponent(path) == component, "\(path)")
        }
        let escapes = [
            ("a%20b.jpg", "a b.jpg"), ("%E2%9C%93.png", "✓.png"), ("%41%4a", "AJ"), ("100%", "100%"), ("a%2", "a%2"),
            ("a%zz", "a%zz"), ("a%+Fb", "a%+Fb"), ("a%-0b", "a%-0b"), ("plain.jpg", "plain.jpg"), ("%%41", "%A"),
        ]
        for (text, decoded) in escapes {
            #expect(AttachmentNaming.percentDecoded(text) == decoded, "\(text)")
        }
        let types: [(String, MediaFormat?)] = [
            ("image/jpeg", .jpeg), ("IMAGE/JPEG; charset=binary", .jpeg), (" image/png\t", .png),
            ("\timage/gif;", .gif),
            ("image/jpg", .jpeg), ("image/x-unknown", nil), ("", nil), (";", nil), ("image/jpeg ;q=1", .jpeg),
            ("İmage/jpeg", nil), ("image/ jpeg", nil),
        ]
        for (contentType, format) in types {
            #expect(MediaFormat.forContentType(contentType) == format, "\(contentType)")
        }
        let extensions: [(String, MediaFormat?)] = [
            ("jpg", .jpeg), ("JPG", .jpeg), ("Jpeg", .jpeg), ("mp4", .mpeg4), ("M4A", .mpeg4Audio), ("ÉPS", nil),
            ("", nil),
        ]
        for (ext, format) in extensions {
            #expect(MediaFormat.forExtension(ext) == format, "\(ext)")
        }
        for format in MediaFormat.all {
            let first = MediaFormat.all.first { $0.uti != nil && $0.uti == format.uti }
            #expect(format.uti.flatMap(MediaFormat.forUTI) == first, "\(format.name)")
        }
        #expect(MediaFormat.forUTI("public.jpeg") == .jpeg && MediaFormat.forUTI("public.JPEG") == nil)
    }

    /// Airship: a supported extension as a suffix of the lowercased name means no hint, even
    /// when iOS reads no extension there (`photojpg`); else the Content-Type's UTI, else its
    /// own header table, which knows no Exif JPEG and no MP3 without ID3.
    typealias SniffCase = (url: String, contentType: String?, prefix: [UInt8], ext: String?, uti: String?)
    static let jpegE0: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
    static let exifJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1]
    static let bareMP3: [UInt8] = [0xFF, 0xFB, 0x90, 0x00]
    static let isom: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8)
    static let m4v: [UInt8] = [0, 0, 0, 0x18] + Array("ftypM4V ".utf8)
    static let sniffCases: [SniffCase] = [
        ("https://c.test/photojpg", "image/jpeg", [], nil, nil),
        ("https://c.test/photo.JPG", "application/octet-stream", [], "JPG", "public.jpeg"),
        ("https://c.test/photo", "image/jpeg", [], nil, "public.jpeg"),
        ("https://c.test/photo", "video/quicktime", [], nil, nil),
        ("https://c.test/photo", "application/octet-stream", jpegE0, nil, "public.jpeg"),
        ("https://c.test/photo", "application/octet-stream", exifJPEG, nil, nil),
        ("https://c.test/song", "application/octet-stream", bareMP3, nil, nil),
        ("https://c.test/song", "application/octet-stream", Array("ID3".utf8), nil, "public.mp3"),
        ("https://c.test/clip", nil, isom, nil, "public.mpeg-4"),
        ("https://c.test/clip", nil, m4v, nil, nil),
    ]

    @Test(arguments: sniffCases)
    func airshipSniffs(sniff: SniffCase) throws {
        let file = try named(.airship, sniff.url, sniff.contentType, prefix: sniff.prefix)
        #expect(file.pathExtension == sniff.ext)
        #expect(file.uti == sniff.uti)
    }

    /// CleverTap: image, video, audio map to their extension; any other value takes the MIME type's.
    @Test(
        arguments: [
            ("image", "application/octet-stream", "jpg"),
            ("video", nil, "mp4"),
            ("audio", nil, "mp3"),
            ("gif", "image/gif", "gif"),
            ("gif", "application/octet-stream", nil),
            ("png", "IMAGE/PNG", "png"),
            ("jpg", "image/jpeg", "jpeg"),
            ("mp4", "video/mp4", nil),
        ] as [(String, String?, String?)])
    func cleverTapTakesTheMIMETypeForOtherValues(type: String, contentType: String?, ext: String?) throws {
        let root = #"{"ct_mediaUrl":"https://c.test/a","ct_mediaType":"\#(type)"}"#
        let file = try named(.clevertap, "https://c.test/a", contentType, root: root)
        #expect(file.pathExtension == ext)
        #expect(file.fileName == "attachment." + (ext ?? ""))
    }

    /// Firebase: the suggested name's extension, else `.` and the `image/` subtype unless it holds a `/`.
    @Test(arguments: [
        ("https://c.test/a.png", "image/jpeg", "a.png"),
        ("https://c.test/a", "image/webp", "a.webp"),
        ("https://c.test/a", "image/x-custom", "a.x-custom"),
        ("https://c.test/a", "image/a/b", "a"),
        ("https://c.test/a", "application/octet-stream", "a"),
        ("https://c.test/a", "image/jpg", "a.jpg"),
    ])
    func firebaseAddsTheImageSubtype(url: String, contentType: String, fileName: String) throws {
        #expect(try named(.firebase, url, contentType).fileName == fileName)
    }

    /// `response` alone (Apple's `suggestedFilename`) adds no subtype Preflight does not know.
    @Test func responseAloneAddsNoUnknownSubtype() throws {
        var profile = ExtensionProfile.firebase
        profile.naming = .response
        #expect(try named(profile, "https://c.test/a", "image/x-custom").fileName == "a")
    }
}
