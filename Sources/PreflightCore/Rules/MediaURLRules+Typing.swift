// MARK: - Types iOS gives a file that UNNotificationAttachment's table does not name

extension MediaURLRules {
    /// `attachment.type-unlisted` for a file typed as a kind of a listed type (`.m4v`:
    /// `com.apple.m4v-video`, a kind of `public.mpeg-4`, `AttachmentNaming.conformingUTIs`).
    static func conformingType(_ named: NamedFile, uti: String, _ profile: ExtensionProfile, key: String) -> Finding? {
        guard let base = AttachmentNaming.conformingBase(of: uti) else { return nil }
        let how =
            named.typeHint == uti
            ? "passes the type hint \(uti)"
            : "writes the file as \"\(named.fileName)\", which iOS types \(uti)"
        return typeUnlisted("the \(profile.name) extension \(how)", uti: uti, base: base, key: key)
    }

    /// The same, from the URL's extension alone (no download, a profile that names the file from the response).
    static func conformingType(url reference: MediaReference, ext: String, uti: String) -> Finding? {
        guard let base = AttachmentNaming.conformingBase(of: uti) else { return nil }
        return typeUnlisted("the URL's extension .\(ext) is typed \(uti)", uti: uti, base: base, key: reference.key)
    }

    private static func typeUnlisted(_ subject: String, uti: String, base: String, key: String) -> Finding {
        Finding(
            .attachmentTypeUnlisted, path: key,
            message:
                "\(subject): UNNotificationAttachment's supported types do not name it, but Apple declares it a kind of \(base), which they do; whether iOS attaches a kind of a listed type is not documented",
            fix: "name MPEG-4 video .mp4 (or pass \(base) as the type hint) to use the listed type")
    }

    /// Whether the bytes are AIFF-C and the file is typed AIFF (`aifcBytes` says it).
    static func isAIFFCUnderAIFF(_ attached: MediaJudgement.Attached) -> Bool {
        attached.format == .aifc && attached.named.uti == MediaFormat.aiff.uti
    }

    /// `attachment.type-unlisted` for AIFF-C bytes attached as AIFF: Apple lists
    /// `public.aiff-audio`, whose parent `public.aifc-audio` is (`UTTypeAIFF`,
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttypeaiff: "conforms
    /// to a base type identified by public.aifc-audio"); no page says whether iOS checks the
    /// bytes against the name's type. The file is still attached (the warning, not an error).
    static func aifcBytes(_ attached: MediaJudgement.Attached, key: String) -> [Finding] {
        guard isAIFFCUnderAIFF(attached) else { return [] }
        let how =
            attached.named.typeHint == MediaFormat.aiff.uti
            ? "passes the type hint public.aiff-audio" : "names the file \"\(attached.named.fileName)\" (AIFF)"
        return [
            Finding(
                .attachmentTypeUnlisted, path: key,
                message:
                    "the bytes are AIFF-C (FORM type AIFC, public.aifc-audio) and the extension \(how): UNNotificationAttachment lists AIFF (public.aiff-audio), a kind of AIFF-C, not AIFF-C itself; whether iOS attaches AIFF-C bytes under an AIFF type is not documented",
                fix: "write plain AIFF (`sox in.aifc out.aiff`), WAV or M4A")
        ]
    }

    /// Why a file name is untyped: the type iOS gives its extension when it is known but not listed.
    static func untypedReason(_ ext: String?) -> String {
        guard let ext, let uti = AttachmentNaming.unlistedTypes[ext.lowercased()] else {
            return "iOS cannot type it and attaches nothing"
        }
        return
            "iOS types it \(uti), which is not among UNNotificationAttachment's supported types, and attaches nothing"
    }

    /// The fix for a known unlisted extension: the file must become a listed type.
    static func unlistedFix(_ ext: String) -> String? {
        switch AttachmentNaming.unlistedTypes[ext.lowercased()] {
        case "public.aifc-audio"?:
            "serve AIFF audio as .aif or .aiff (convert AIFF-C with `sox in.aifc out.aiff`), or WAV or M4A"
        case "com.apple.quicktime-movie"?:
            "serve the video as MP4 named .mp4 (`ffmpeg -i in.mov -c copy -movflags +faststart out.mp4`)"
        default: nil
        }
    }

    // MARK: - Types from the URL

    /// `attachment.untyped` when the file the extension writes has no type iOS attaches.
    /// `attachment.type-unlisted` when it is typed as a kind of a listed type (`.m4v`).
    public static func untyped(_ named: NamedFile, _ profile: ExtensionProfile, key: String) -> [Finding] {
        untypedFinding(named, profile, key: key).map { [$0] } ?? []
    }

    /// The one finding of `untyped`, nil when the file is typed as iOS attaches it.
    static func untypedFinding(_ named: NamedFile, _ profile: ExtensionProfile, key: String) -> Finding? {
        if let uti = named.uti {
            return conformingType(named, uti: uti, profile, key: key)
        }
        let ext = named.pathExtension.map { ".\($0)" } ?? "no extension"
        let hint =
            named.typeHint.map { "with the type hint \"\(Quoting.bounded($0))\", which is no attachment UTI" }
            ?? "with no type hint"
        // OneSignal writes no file at all when it finds no extension it accepts.
        let what =
            profile.naming == .mime && named.pathExtension == nil
            ? "the \(profile.name) extension finds no extension it accepts (filename parameter, MIME type, URL, query) and skips the media"
            : "the \(profile.name) extension writes the file as \"\(named.fileName)\" (\(ext)) \(hint): \(untypedReason(named.pathExtension))"
        return Finding(
            .attachmentUntyped, path: key,
            message: what,
            fix: named.pathExtension.flatMap(convertFix) ?? named.pathExtension.flatMap(unlistedFix)
                ?? untypedFix(profile.naming))
    }

    /// Extensions of formats iOS attaches under no name (Apple, UNNotificationAttachment's
    /// supported types): renaming cannot help, the file itself must change.
    static let unattachableExtensions: Set<String> = [
        "webp", "heic", "heif", "avif", "svg", "tif", "tiff", "bmp", "ico", "webm", "mkv", "ogg", "oga", "opus", "flac",
    ]

    private static func convertFix(_ ext: String) -> String? {
        guard unattachableExtensions.contains(ext.lowercased()) else { return nil }
        return
            "convert the file to a type iOS attaches (JPEG, PNG or GIF; MP4; M4A, MP3 or WAV) and serve it under that extension: iOS attaches no .\(Quoting.bounded(ext)) file, whatever its name"
    }

    private static func untypedFix(_ naming: ExtensionProfile.Naming) -> String {
        switch naming {
        case .urlString:
            "end the URL with the extension and nothing after it (no query or fragment): https://cdn.example.com/sale.jpg"
        case .urlPath: "end the URL path with the type's extension (.jpg, .png, .mp4)"
        case .response, .responseImageSubtype:
            "serve a Content-Disposition filename or a last path component with a supported extension, or a Content-Type of an attachment type"
        case .mime:
            "serve the media with a Content-Type OneSignal maps (image/jpeg, image/png, image/gif, audio/mpeg, audio/x-wav, audio/aiff, video/mp4, video/mpeg), or add ?filename=name.jpg"
        case .sniffed: "serve JPEG, PNG, GIF, MP3, M4A, WAV, AIFF, MP4, MPEG or AVI with its Content-Type"
        case .declared:
            "declare image, video or audio in the type key (any other value needs a Content-Type of image/jpeg, image/png or image/gif)"
        case .declaredSuffix: "declare the file's extension in the type key (jpg, png, gif, mp4, m4a, mp3, wav, aif)"
        case .reencodeJPEG: "send an image: this extension re-encodes images as JPEG and attaches nothing else"
        case .fixedJPG: "serve a JPEG: this extension names every file .jpg"
        case .declaredSuffixDefault:
            "declare the file's extension in the type key (jpg, png, gif, mp4, m4a, mp3, wav, aif), or leave it out for the default"
        case .typeHint:
            "put the UTI in the type key (public.jpeg, public.png, com.compuserve.gif, public.mpeg-4), not a MIME type"
        case .urlExtShortElseJPG: "serve a JPEG, or end the URL with .png, .gif or .mp4 and nothing after it"
        case .contentTypeElseURL:
            "serve the media with the Content-Type of an attachment type, or end the URL path with its extension"
        }
    }

    /// The URL's extension judged for an extension that names the file from the response, with
    /// no download to say what it will be: `media.url.no-extension`, `.extension-unsupported`,
    /// `attachment.type-unlisted`.
    static func extensionFindings(_ reference: MediaReference) -> [Finding] {
        var findings = Findings()
        extensionFindings(reference, into: &findings)
        return Array(findings)
    }

    /// The same, appended to the request's findings.
    static func extensionFindings(_ reference: MediaReference, into findings: inout Findings) {
        guard let ext = reference.url.pathExtension else {
            return findings.append(
                Finding(
                    .mediaURLNoExtension, path: reference.key,
                    message:
                        "the URL path has no file extension; an extension that names the file from the URL cannot tell its type",
                    fix:
                        "end the URL path with the type's extension (.jpg, .png, .mp4), or pass UNNotificationAttachmentOptionsTypeHintKey"
                ))
        }
        // Typed as iOS types a file name (`AttachmentNaming.utiForExtension`), not by the formats
        // Preflight sniffs: `.mov` holds MPEG-4 bytes but is `com.apple.quicktime-movie`, no listed type.
        if let uti = AttachmentNaming.uti(forExtension: ext) {
            if let finding = conformingType(url: reference, ext: ext, uti: uti) { findings.append(finding) }
            return
        }
        let typed = AttachmentNaming.unlistedTypes[ext.lowercased()].map { " (iOS types it \($0))" } ?? ""
        findings.append(
            Finding(
                .mediaURLExtensionUnsupported, path: reference.key,
                message:
                    "the URL's extension .\(ext)\(typed) names no type iOS attaches (images: jpg, png, gif; audio: mp3, m4a, wav, aiff; video: mp4, mpg, avi)",
                fix:
                    "serve the media as JPEG, PNG, GIF, MP3, M4A, WAV, AIFF, MP4, MPEG or AVI with a matching extension"
            ))
    }
}
