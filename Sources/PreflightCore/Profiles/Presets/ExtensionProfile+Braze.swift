extension ExtensionProfile {
    /// Braze's documented extension (Braze docs, "Rich notifications" for iOS, the sample
    /// `NotificationService`): reads `ab.att.url` and `ab.att.type`, stops without either,
    /// downloads with a download task and names the file `.<type>` (`fileSuffix`). The current
    /// helper, braze-swift-sdk's `BrazeNotificationService`, ships as a binary: `Package.swift`
    /// declares it a `binaryTarget` (a zip of an xcframework), `BrazeNotificationService.podspec`
    /// a `vendored_framework` under a "Commercial" license, and the Examples only subclass it.
    public static let braze = ExtensionProfile(
        name: "braze", mediaKeys: pointers(["/ab/att/url"]), requiredKeys: pointers(["/ab/att/type"]),
        naming: .declaredSuffix, typeKey: pointers(["/ab/att/type"]).first, download: .disk,
        source: Source(
            models:
                "Braze docs sample (the last published source; braze-swift-sdk 18.2.0, commit f866739a, ships the helper as a binary)",
            citation:
                "Braze docs, \"Rich notifications\" for iOS, legacy AppboyKit page (braze.com/docs/developer_guide/platforms/legacy_sdks/ios/push_notifications/customization/rich_notifications; `AppboyAPNSDictionaryAttachmentURLKey`, `AppboyAPNSDictionaryAttachmentTypeKey`; the sample extension stops without either, uses `downloadTask` and names the file `\".\\(attachmentType)\"`); braze-swift-sdk `Package.swift` (`binaryTarget` `BrazeNotificationService`), `BrazeNotificationService.podspec`",
            unverified:
                "the current `BrazeNotificationService` is a closed binary: its keys are the documented ones, and its naming and download are those of the last published sample, not read from the helper itself"
        ))
}
