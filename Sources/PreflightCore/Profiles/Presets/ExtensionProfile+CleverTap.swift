extension ExtensionProfile {
    /// CleverTap CTNotificationService `CTNotificationService/CTNotificationServiceExtension.m`:
    /// `didReceiveNotificationRequest:` needs both `ct_mediaUrl` and `ct_mediaType`;
    /// `fileExtensionForMediaType:` maps image to .jpg, video to .mp4, audio to .mp3 and any other
    /// value to itself (gif to .gif); `loadAttachmentForUrlString:` uses a download task.
    public static let clevertap = ExtensionProfile(
        name: "clevertap", mediaKeys: pointers(["/ct_mediaUrl"]), requiredKeys: pointers(["/ct_mediaType"]),
        naming: .declared, typeKey: pointers(["/ct_mediaType"]).first, download: .disk,
        source: Source(
            models: "CleverTap CTNotificationService",
            citation:
                "CleverTap CTNotificationService `CTNotificationService/CTNotificationServiceExtension.m`, `didReceiveNotificationRequest:`, `fileExtensionForMediaType:`"
        ))
}
