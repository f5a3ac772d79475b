// MARK: - Types iOS gives a file that UNNotificationAttachment's table does not name

extension MediaURLRules {
    /// `attachment.type-unlisted` for a file typed as a kind of a listed type (`.m4v`:
    /// `com.apple.m4v-video`, a kind of `public.mpeg-4`, `AttachmentNaming.conformingUTIs`).
    static func conformingType(_ named: NamedFile, uti: String, _ profile: ExtensionProfile, key: String) -> Finding? {
        guard let base = AttachmentNaming.conformingUTIs[uti] else { return nil }
        let how =
            named.typeHint == uti
            ? "passes the type hint \(uti)"
            : "writes the file as \"\(named.fileName)\", which iOS types \(uti)"
        return typeUnlisted("the \(profile.name) extension \(how)", uti: uti, base: base, key: key)
    }

    /// The same, from the URL's extension alone (no download, a profile that names the file from the response).
    static func conformingType(url reference: MediaReference, ext: String, uti: String) -> Finding? {
        guard let base = AttachmentNaming.conformingUTIs[uti] else { return nil }
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
}
