extension ExtensionProfile {
    /// firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`:
    /// `populateNotificationContent:withContentHandler:` reads only
    /// `userInfo[@"fcm_options"][@"image"]`, and delivers without an attachment when `fcm_options`
    /// is not a dictionary or `image` not a string (`ShapeRules.Check.firebase`);
    /// `loadAttachmentForURL:completionHandler:` uses a download task and appends
    /// `fileExtensionForResponse:` (`suggestedFilename`'s extension, else the `image/` subtype).
    public static let firebase: ExtensionProfile = {
        var profile = ExtensionProfile(
            name: "firebase", mediaKeys: pointers(["/fcm_options/image"]), naming: .responseImageSubtype,
            download: .disk,
            source: Source(
                models: "firebase-ios-sdk 12.19.0 (commit eed63a35)",
                citation:
                    "firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`, `populateNotificationContent:withContentHandler:`, `fileExtensionForResponse:`, `loadAttachmentForURL:completionHandler:`"
            ))
        profile.shapeCheck = .firebase
        return profile
    }()
}
