extension ExtensionProfile {
    /// CleverTap CTNotificationService `CTNotificationService/CTNotificationServiceExtension.m`:
    /// `didReceiveNotificationRequest:withContentHandler:` needs both `ct_mediaUrl` and
    /// `ct_mediaType`; `fileExtensionForMediaType:mimeType:` maps image to .jpg, video to .mp4,
    /// audio to .mp3, and any other value by the response's MIME type (image/jpeg .jpeg,
    /// image/png .png, image/gif .gif, else no extension); `loadAttachmentForUrlString:withType:completionHandler:`
    /// uses a download task.
    public static let clevertap = ExtensionProfile(
        name: "clevertap", mediaKeys: pointers(["/ct_mediaUrl"]), requiredKeys: pointers(["/ct_mediaType"]),
        naming: .declared, typeKey: pointers(["/ct_mediaType"]).first, download: .disk,
        source: Source(
            models: "CleverTap CTNotificationService 0.1.7 (commit 9fb05bd2)",
            citation:
                "CleverTap CTNotificationService `CTNotificationService/CTNotificationServiceExtension.m`, `didReceiveNotificationRequest:withContentHandler:`, `fileExtensionForMediaType:mimeType:`, `loadAttachmentForUrlString:withType:completionHandler:`",
            unverified:
                "the app may rename both keys (`mediaUrlKey`, `mediaTypeKey`): the preset takes the defaults; `MIMEType` is compared lowercased without parameters"
        ))
}
