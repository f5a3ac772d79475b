extension ExtensionProfile {
    /// Airship ios-library `UANotificationServiceExtension.swift`: `didReceive` decodes
    /// `com.urbanairship.media_attachment` (its `url` is an array); `load(attachment:)` downloads to
    /// a file named after the remote last path component (`correctFileExtension`), and
    /// `makeAttachement` adds a type hint from the MIME type or the file header when the name
    /// has no supported extension (`hintMimeType`).
    public static let airship = ExtensionProfile(
        name: "airship", mediaKeys: pointers(["/com.urbanairship.media_attachment/url/0"]), naming: .sniffed,
        download: .disk,
        source: Source(
            models: "Airship ios-library",
            citation:
                "Airship ios-library `UANotificationServiceExtension.swift`, `didReceive`, `load(attachment:)`, `correctFileExtension`, `hintMimeType`"
        ))
}
