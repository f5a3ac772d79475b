extension ExtensionProfile {
    /// MoEngage's rich-push helper `MORichNotification` ships as a closed binary
    /// (moengage/MoEngage-iOS-SDK, `Frameworks/MORichNotification.xcframework`, headers only). What
    /// can be cited: the delivered payload in moengage/iOS-PluginBase
    /// `Tests/MoEngagePluginBaseTests/PushClickPayloadTest.swift` (7d51df30: `moengage.media-attachment`,
    /// `moengage.media-type` `"image"`, `aps.mutable-content` 1), and the naming in
    /// `ChangeLogs/MoEngageRichNotification.md` 8.01.10 (0428ff9a): the server's Content-Type,
    /// else the URL's extension. The download is not read: memory is modelled, the stricter side.
    public static let moengage = ExtensionProfile(
        name: "moengage", mediaKeys: pointers(["/moengage/media-attachment"]), requiredKeys: pointers(["/moengage"]),
        naming: .contentTypeElseURL, download: .memory,
        source: Source(
            models: "MoEngageRichNotification 8.01.10 (closed binary: changelog and a delivered payload)",
            citation:
                "moengage/iOS-PluginBase `Tests/MoEngagePluginBaseTests/PushClickPayloadTest.swift` (7d51df30, the delivered payload: `moengage.media-attachment`); moengage/MoEngage-iOS-SDK `ChangeLogs/MoEngageRichNotification.md` 8.01.10 (0428ff9a: \"resolving the server's Content-Type, falling back to the URL extension\")",
            unverified:
                "the helper is a closed binary: its code is not read. Its key checks (`/moengage` assumed needed), how it maps a Content-Type to an extension (only attachment types counted), its download (memory assumed, the stricter side), timeout, type hint and `moeFeatures` templates: not read"
        ))
}
