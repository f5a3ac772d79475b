extension ExtensionProfile {
    /// Braze's documented extension (Braze docs, "Rich notifications" for iOS, the sample
    /// `NotificationService`): reads `ab.att.url` and `ab.att.type`, stops without either,
    /// downloads with a download task and names the file `.<type>` (`fileSuffix`). The current
    /// helper is a closed binary, so `Source.unverified` says the naming is the sample's.
    public static let braze = ExtensionProfile(
        name: "braze", mediaKeys: pointers(["/ab/att/url"]), requiredKeys: pointers(["/ab/att/type"]),
        naming: .declaredSuffix, typeKey: pointers(["/ab/att/type"]).first, download: .disk,
        source: Source(
            models: "Braze docs sample",
            citation:
                "Braze docs, \"Rich notifications\" for iOS (braze-docs, `AppboyAPNSDictionaryAttachmentURLKey`, `AppboyAPNSDictionaryAttachmentTypeKey`; the sample extension stops without either, uses `downloadTask` and names the file `\".\\(attachmentType)\"`)",
            // braze-inc/braze-swift-sdk 18.2.0 (f866739a): `Package.swift` declares
            // `BrazeNotificationService` a `.binaryTarget` and its podspec's license is "Commercial";
            // the Examples' `NotificationService.swift` only subclasses it. Its code cannot be read.
            unverified:
                "the current helper (braze-swift-sdk 18.2.0 `BrazeNotificationService`) is a closed binary: the keys, naming and download are the last published sample's; the stricter reading is kept (no type, no attachment; the type as written becomes the extension)"
        ))
}
