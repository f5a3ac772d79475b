// MARK: - The namings of Klaviyo, Batch, Notifee and WebEngage

extension AttachmentNaming {
    /// Klaviyo klaviyo-swift-sdk `Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift`,
    /// `handleRichMedia` (5.3.1, 67a8b4c4): `userInfo["rich-media-type"] as? String ??
    /// fallbackMediaType` (default `"jpg"`), then `"\(localFileURL.path).\(mediaTypeString)"`: the
    /// value as written (`image` gives `.image`, which types nothing), the default when the key is
    /// absent or not a string.
    static func declaredSuffixDefault(_ profile: ExtensionProfile, _ root: JSONView?) -> NamedFile {
        let ext = declaredType(profile, root) ?? profile.defaultType ?? "jpg"
        return ext.isEmpty
            ? NamedFile(fileName: "attachment.", pathExtension: nil, typeHint: nil) : file("attachment", ext: ext)
    }

    /// Batch Batch-iOS-SDK-Extension `Sources/Swift/Rich Notifications/RichNotificationHelper.swift`
    /// (4.0.0, ded33972): `download(attachment:)` hands on the download task's temporary location
    /// as is (no extension), and `appendRichData(toContent:)` passes `com.batch.at.t` as
    /// `UNNotificationAttachmentOptionsTypeHintKey`. Apple documents that value as a UTI; a MIME
    /// type there (`image/png`, as the extension's own tests send) is taken as no usable hint
    /// (`NamedFile.uti`), so the file is untyped: the safe side.
    static func typeHinted(_ profile: ExtensionProfile, _ root: JSONView?) -> NamedFile {
        NamedFile(fileName: "attachment", pathExtension: nil, typeHint: declaredType(profile, root))
    }

    /// MoEngage's `MORichNotification` is a closed binary; its changelog
    /// (moengage/MoEngage-iOS-SDK `ChangeLogs/MoEngageRichNotification.md`, 8.01.10) says it
    /// resolves "the server's Content-Type, falling back to the URL extension when unavailable".
    /// How it maps a type to an extension is not read: only a Content-Type of an attachment type
    /// counts here (the safe side), else the URL path's extension.
    static func contentTypeElseURL(url: MediaURL, download: DownloadOutcome?) -> NamedFile {
        let typed = download?.contentType.flatMap(MediaFormat.forContentType).flatMap { format in
            format.extensions.first.flatMap { utiForExtension[$0] == nil ? nil : $0 }
        }
        return file("attachment", ext: typed ?? url.pathExtension)
    }

    /// WebEngage WEServiceExtension `Sources/WEServiceExtension/Network.swift`,
    /// `fetchAttachment(for:at:completionHandler:)` (1.1.2, 5ad712df): `"." + (urlString as
    /// NSString).pathExtension`, replaced by `.jpg` when it is `"."` or 5 characters or more. The
    /// whole string is read, so `a.png?v=2` is `.png?v=2` (8 characters): `.jpg`.
    static func urlExtShortElseJPG(url: MediaURL) -> NamedFile {
        let text = url.text
        let segment =
            text.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(text[text.utf8.index(after: $0)...]) } ?? text
        let ext = afterLastDot(segment).flatMap { ("." + $0).count < 5 ? $0 : nil } ?? "jpg"
        return file("attachment", ext: ext)
    }
}
