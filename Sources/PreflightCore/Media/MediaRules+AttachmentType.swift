// MARK: - The type the extension gives the file, against the bytes

extension MediaRules {
    /// `attachment.type-mismatch` when the file's name or type hint types it as another
    /// attachment type than the bytes are (WebEngage names a PNG at `a.png?v=2` `.jpg`). Left
    /// out when the URL's own extension names that same type: `media.url.extension-mismatch`
    /// says it then. An extension that re-encodes the image writes what it names.
    static func typeMismatch(
        _ attached: MediaJudgement.Attached, _ profile: ExtensionProfile, reference: MediaReference
    ) -> [Finding] {
        guard !profile.decodesImages, let namedUTI = attached.named.uti, let bytesUTI = attached.format.uti,
            AttachmentNaming.conformingUTIs[namedUTI, default: namedUTI] != bytesUTI,
            !MediaURLRules.isAIFFCUnderAIFF(attached)
        else { return [] }
        if let ext = reference.url.pathExtension, MediaFormat.forExtension(ext)?.uti == namedUTI { return [] }
        let how =
            attached.named.typeHint != namedUTI
            ? "names the file \"\(attached.named.fileName)\"" : "passes the type hint"
        let bytes = attached.format.name
        return [
            Finding(
                .attachmentTypeMismatch, path: reference.key,
                message:
                    "the \(profile.name) extension \(how) (\(namedUTI)) but the bytes are \(bytes) (\(bytesUTI)); Apple does not document what iOS shows for a file typed as another type",
                fix: "serve the file as the type the extension gives it, or a URL the extension names as \(bytes)")
        ]
    }
}
