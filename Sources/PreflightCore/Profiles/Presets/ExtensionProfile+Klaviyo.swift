extension ExtensionProfile {
    /// klaviyo-swift-sdk 5.3.1 (67a8b4c4) `Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift`:
    /// `handleRichMedia` reads `rich-media` (a string) and `rich-media-type`, falling back to
    /// `fallbackMediaType` (`"jpg"` by default; the comment above it says `.png`, the code `jpg`);
    /// `downloadMedia(for:)` uses `URLSession.shared.downloadTask`; `createAttachment` moves the
    /// file to `path + "." + type` (`declared-suffix-default`). No key gates the media (`_k` gates
    /// only the action buttons).
    public static let klaviyo: ExtensionProfile = {
        var profile = ExtensionProfile(
            name: "klaviyo", mediaKeys: pointers(["/rich-media"]), naming: .declaredSuffixDefault,
            typeKey: pointers(["/rich-media-type"]).first, download: .disk,
            source: Source(
                models: "klaviyo-swift-sdk 5.3.1 (67a8b4c4)",
                citation:
                    "klaviyo-swift-sdk `Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift`, `handleRichMedia` (`rich-media`, `rich-media-type` else `fallbackMediaType` `\"jpg\"`), `downloadMedia(for:completion:)`, `createAttachment(localFileURL:localFilePathWithTypeString:)`",
                unverified:
                    "the campaign or API field behind `rich-media-type`: not read; an app passing another `fallbackMediaType` is a configured profile with `default_type`"
            ))
        profile.defaultType = "jpg"
        return profile
    }()
}
