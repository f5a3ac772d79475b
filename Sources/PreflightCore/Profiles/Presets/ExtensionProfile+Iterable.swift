extension ExtensionProfile {
    /// iterable-swift-sdk 6.7.3 (25cd00e1; the file last changed in 33d88c95)
    /// `notification-extension/ITBNotificationServiceExtension.swift`: `retrieveAttachment(from:)`
    /// reads `userInfo["itbl"]["attachment-url"]` (`JsonKey.Payload.metadata`, `attachmentUrl` in
    /// `NotificationExtensionConstants.swift`), so nothing is attached without `itbl`;
    /// `createAttachmentDownloadTask(url:)` uses `URLSession.shared.downloadTask` and names the
    /// file `UUID().uuidString + suggestedFilename` (`getAttachmentIdSuffix`: `response`).
    public static let iterable = ExtensionProfile(
        name: "iterable", mediaKeys: pointers(["/itbl/attachment-url"]), requiredKeys: pointers(["/itbl"]),
        naming: .response, download: .disk,
        source: Source(
            models: "iterable-swift-sdk 6.7.3 (25cd00e1)",
            citation:
                "iterable-swift-sdk `notification-extension/ITBNotificationServiceExtension.swift`, `retrieveAttachment(from:)`, `createAttachmentDownloadTask(url:)`, `getAttachmentIdSuffix(response:responseUrl:)`; keys in `NotificationExtensionConstants.swift`",
            unverified:
                "the Iterable template or API field that fills `itbl.attachment-url`: not read. An app that sets `itblNotificationDelegate` handles a push without `itbl` itself: not modelled"
        ))
}
