extension ExtensionProfile {
    /// amplify-swift-utils-notifications (main 8cd960e6, after 1.1.1)
    /// `Sources/AmplifyUtilsNotifications/AUNotificationService.swift`: `getMediaAttachment` reads
    /// `remoteMediaURL` (`data.media-url` in `Payloads/PinpointNotificationPayload.swift`), loads it
    /// with `Data(contentsOf:)` (`loadDataFromURL`: into memory) and names the file
    /// `UUID().uuidString + "." + mediaURLString.split(separator: ".").last` (`url-string`; the
    /// split is over the whole string, so a URL whose last `.` is before a `/` gives a name with a
    /// `/`, which cannot be written: untyped under `url-string` too).
    public static let pinpoint = ExtensionProfile(
        name: "pinpoint", mediaKeys: pointers(["/data/media-url"]), naming: .urlString, download: .memory,
        source: Source(
            models: "amplify-swift-utils-notifications 1.1.1+ (8cd960e6)",
            citation:
                "aws-amplify/amplify-swift-utils-notifications `Sources/AmplifyUtilsNotifications/AUNotificationService.swift`, `getMediaAttachment` (`split(separator: \".\").last`), `loadDataFromURL` (`Data(contentsOf:)`); `Payloads/PinpointNotificationPayload.swift` (`media-url`)",
            unverified:
                "that Pinpoint's `MediaUrl` lands at `data.media-url` is read from Amplify's schema, not from Pinpoint's docs; apps may swap `payloadSchema`"
        ))
}
