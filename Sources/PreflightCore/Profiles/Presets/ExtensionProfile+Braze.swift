extension ExtensionProfile {
    /// Braze's documented extension (Braze docs, "Rich notifications" for iOS, the sample
    /// `NotificationService`): reads `ab.att.url` and `ab.att.type`, stops without either,
    /// downloads with a download task and names the file `.<type>` (`fileSuffix`).
    public static let braze = ExtensionProfile(
        name: "braze", mediaKeys: pointers(["/ab/att/url"]), requiredKeys: pointers(["/ab/att/type"]),
        naming: .declaredSuffix, typeKey: pointers(["/ab/att/type"]).first, download: .disk,
        source: Source(
            models: "Braze docs sample",
            citation:
                "Braze docs, \"Rich notifications\" for iOS (braze-docs, `AppboyAPNSDictionaryAttachmentURLKey`, `AppboyAPNSDictionaryAttachmentTypeKey`; the sample extension stops without either, uses `downloadTask` and names the file `\".\\(attachmentType)\"`)"
        ))
}
