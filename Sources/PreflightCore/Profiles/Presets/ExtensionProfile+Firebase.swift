extension ExtensionProfile {
    /// firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`:
    /// `populateNotificationContent:withContentHandler:` reads only
    /// `userInfo[@"fcm_options"][@"image"]`; `loadAttachmentForURL:completionHandler:` uses a
    /// download task and appends `response.suggestedFilename.pathExtension` to the file.
    public static let firebase = ExtensionProfile(
        name: "firebase", mediaKeys: pointers(["/fcm_options/image"]), naming: .response, download: .disk,
        source: Source(
            models: "firebase-ios-sdk",
            citation:
                "firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`, `populateNotificationContent:withContentHandler:` and `loadAttachmentForURL:completionHandler:` (`response.suggestedFilename.pathExtension`)"
        ))
}
