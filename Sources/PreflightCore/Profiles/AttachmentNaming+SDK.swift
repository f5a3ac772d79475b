// MARK: - The namings of the SDK helpers, as their current source names the file

extension AttachmentNaming {
    /// OneSignal-iOS-SDK `OneSignalCommonDefines.h`, `ONESIGNAL_SUPPORTED_ATTACHMENT_TYPES`: the
    /// only extensions `getSupportedFileExtensionFromURL:mimeType:` returns (compared as written,
    /// so `JPG` is not one). Not Apple's list: `m4v` is in it, `aif`, `aifc`, `jpe`, `wave`,
    /// `m2v` and `mpe` are not.
    static let oneSignalExtensions: Set<String> = [
        "aiff", "wav", "mp3", "mp4", "jpg", "jpeg", "png", "gif", "mpeg", "mpg", "avi", "m4a", "m4v",
    ]

    /// OneSignal-iOS-SDK `OneSignalCore/Source/Categories/NSString+OneSignal.m`, `MIME_MAP`
    /// (`fileExtensionForMimeType`): a MIME type missing here (`audio/wav`, `audio/mp4`,
    /// `audio/x-aiff`, `video/quicktime`) gives no extension.
    static let oneSignalMIMEMap: [String: String] = [
        "audio/aiff": "aiff", "audio/x-wav": "wav", "audio/mpeg": "mp3", "video/mp4": "mp4", "image/jpeg": "jpeg",
        "image/jpg": "jpg", "image/png": "png", "image/gif": "gif", "video/mpeg": "mpeg", "video/mpg": "mpg",
        "video/avi": "avi", "sound/m4a": "m4a", "video/m4v": "m4v",
    ]

    /// OneSignal-iOS-SDK `OneSignalAttachmentHandler.m`, `getSupportedFileExtensionFromURL:mimeType:`:
    /// the `filename` query parameter's extension, the MIME type's (`MIME_MAP`), the URL's
    /// `pathExtension`, any query parameter's; each only when OneSignal accepts it. No extension:
    /// `downloadMediaAndSaveInBundle:` returns nil and the media is skipped (a file without an
    /// extension, which `attachment.untyped` reports).
    static func oneSignalNamed(url: MediaURL, download: DownloadOutcome?) -> NamedFile {
        let query = queryItems(url.text)
        var candidates: [String?] = [query.first(where: { $0.0 == "filename" }).flatMap { afterLastDot($0.1) }]
        candidates.append(download.flatMap(mimeType).flatMap { oneSignalMIMEMap[$0] })
        candidates.append(afterLastDot(percentDecoded(lastPathComponent(url.path))))
        candidates += query.map { afterLastDot($0.1) }
        let ext = candidates.compactMap { $0 }.first { oneSignalExtensions.contains($0) }
        return NamedFile(fileName: ext.map { "attachment." + $0 } ?? "attachment", pathExtension: ext, typeHint: nil)
    }

    /// `URLResponse.mimeType` as Foundation gives it: the media type without parameters, lowercased.
    static func mimeType(_ download: DownloadOutcome) -> String? {
        guard let contentType = download.contentType else { return nil }
        let mime = contentType.split(separator: ";", maxSplits: 1).first.map { String($0).trimmed.lowercased() }
        return mime?.isEmpty == false ? mime : nil
    }

    /// Airship ios-library `AirshipNotificationMutationProvider.swift`, `supportedExtensions`.
    static let airshipExtensions = [
        "jpg", "jpeg", "png", "gif", "aif", "aiff", "mp3", "mpg", "mpeg", "mp4", "m4a", "wav", "avi",
    ]

    /// Airship `AirshipNotificationMutationProvider.swift`: `correctFileExtension` names the file
    /// `<temp path>-<URL lastPathComponent>`; `makeAttachement` adds a type hint only when no
    /// supported extension is a *suffix* of the lowercased name (`hasSuffix`, so `photojpg`
    /// counts and gets no hint, though iOS reads no extension in it); `hintMimeType` takes the
    /// Content-Type's UTI when its preferred extension is in the list, else the bytes' header.
    static func airshipNamed(url: MediaURL, download: DownloadOutcome?) -> NamedFile {
        let component = percentDecoded(lastPathComponent(url.path))
        var named = NamedFile(
            fileName: "attachment-" + component, pathExtension: afterLastDot(component), typeHint: nil)
        let lowered = named.fileName.lowercased()
        if !airshipExtensions.contains(where: { lowered.hasSuffix($0) }) {
            named.typeHint = download.flatMap(airshipHint)
        }
        return named
    }

    /// MIME types Preflight reads as a supported format but `UTType(mimeType:)` gives another
    /// type, whose preferred extension (`mov`, `m4v`) is not in Airship's list: no hint.
    static let airshipUnhintedMIMETypes: Set<String> = ["video/quicktime", "video/x-m4v"]

    private static func airshipHint(_ download: DownloadOutcome) -> String? {
        if let mime = mimeType(download), !airshipUnhintedMIMETypes.contains(mime),
            let format = MediaFormat.forContentType(mime), let uti = format.uti,
            let ext = format.extensions.first, airshipExtensions.contains(ext)
        {
            return uti
        }
        return airshipHeaders.first { header in
            header.signatures.contains { matches(download.prefix, $0, header.offset) }
        }?
        .uti
    }

    /// Airship's `FileHeader.supportedHeaders`: JPEG only as `FF D8 FF E0/E2/E3` (not `E1`, the
    /// Exif JPEG most cameras write, nor `DB`), MP3 only with an `ID3` tag, MP4 only with the
    /// brands `mp41`, `mp42`, `mmp4`, `isom`.
    static let airshipHeaders: [(uti: String, offset: Int, signatures: [[UInt8]])] = [
        ("public.jpeg", 0, [[0xFF, 0xD8, 0xFF, 0xE0], [0xFF, 0xD8, 0xFF, 0xE2], [0xFF, 0xD8, 0xFF, 0xE3]]),
        ("public.png", 0, [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]]),
        ("com.compuserve.gif", 0, [[0x47, 0x49, 0x46, 0x38]]),
        ("public.aiff-audio", 0, [[0x46, 0x4F, 0x52, 0x4D, 0x00]]),
        ("com.microsoft.waveform-audio", 8, [[0x57, 0x41, 0x56, 0x45]]),
        ("public.avi", 8, [[0x41, 0x56, 0x49, 0x20]]),
        ("public.mp3", 0, [[0x49, 0x44, 0x33]]),
        (
            "public.mpeg-4", 4,
            [
                Array("ftypmp41".utf8), Array("ftypmp42".utf8), Array("ftypmmp4".utf8), Array("ftypisom".utf8),
            ]
        ),
        ("public.mpeg-4-audio", 4, [Array("ftypM4A ".utf8)]),
        ("public.mpeg", 0, [[0x00, 0x00, 0x01, 0xBA], [0x00, 0x00, 0x01, 0xB3]]),
    ]

    private static func matches(_ bytes: [UInt8], _ signature: [UInt8], _ offset: Int) -> Bool {
        bytes.count >= offset + signature.count && bytes[offset..<(offset + signature.count)].elementsEqual(signature)
    }

    /// CleverTap CTNotificationService `CTNotificationServiceExtension.m`,
    /// `fileExtensionForMediaType:mimeType:`: `image` `.jpg`, `video` `.mp4`, `audio` `.mp3`; any
    /// other value takes the response's MIME type: `image/jpeg` `.jpeg`, `image/png` `.png`,
    /// `image/gif` `.gif`, anything else `.` alone (no extension).
    static func cleverTapNamed(declared: String?, download: DownloadOutcome?) -> NamedFile {
        let ext: String? =
            switch declared {
            case "image": "jpg"
            case "video": "mp4"
            case "audio": "mp3"
            case nil: nil
            default:
                switch download.flatMap(mimeType) {
                case "image/jpeg": "jpeg"
                case "image/png": "png"
                case "image/gif": "gif"
                default: nil
                }
            }
        return NamedFile(fileName: ext.map { "attachment." + $0 } ?? "attachment.", pathExtension: ext, typeHint: nil)
    }

    /// firebase-ios-sdk `FIRMessagingExtensionHelper.m`, `fileExtensionForResponse:`: the
    /// `suggestedFilename`'s extension; when it has none and the MIME type contains `image/`,
    /// that replaced by `.` (`image/webp` `.webp`, `image/svg+xml` `.svg+xml`), unless the result
    /// still holds a `/`; else no extension.
    static func firebaseNamed(_ suggested: NamedFile, download: DownloadOutcome?) -> NamedFile {
        guard suggested.pathExtension == nil, let mime = download.flatMap(mimeType), mime.contains("image/") else {
            return suggested
        }
        let ext = mime.replacing("image/", with: ".")
        guard !ext.contains("/") else { return suggested }
        let name = suggested.fileName + ext
        return NamedFile(fileName: name, pathExtension: afterLastDot(name), typeHint: nil)
    }
}
