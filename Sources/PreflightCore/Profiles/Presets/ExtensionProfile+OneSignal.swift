extension ExtensionProfile {
    /// OneSignal-iOS-SDK `iOS_SDK/OneSignalSDK/OneSignalExtension/OneSignalAttachmentHandler.m`:
    /// `addAttachments:toNotificationContent:` loops `for(NSString* key in notification.attachments)`
    /// and downloads and attaches each http(s) value under its key, so every key of `att` is
    /// judged; `downloadMediaAndSaveInBundle:` streams the body to a file (a data task writing to
    /// disk) and names it from `getSupportedFileExtensionFromURL:mimeType:` (the `filename` query
    /// parameter, then the MIME type, then the URL's extension).
    public static let onesignal = ExtensionProfile(
        name: "onesignal", mediaKeys: pointers(["/att/*"]), naming: .mime, download: .disk,
        attachments: .every(order: .sequential, onFailure: .dropsThatOne),
        source: Source(
            models: "OneSignal-iOS-SDK",
            citation:
                "OneSignal-iOS-SDK `iOS_SDK/OneSignalSDK/OneSignalExtension/OneSignalAttachmentHandler.m`, `addAttachments:toNotificationContent:`, `downloadMediaAndSaveInBundle:`, `getSupportedFileExtensionFromURL:mimeType:`"
        ))
}
