extension ExtensionProfile {
    /// WEServiceExtension 1.1.2 (5ad712df): `Sources/WEServiceExtension/WEServiceExtension.swift`,
    /// `didReceive`, acts only when `source` is the string `webengage` and `expandableDetails.style`
    /// is a string; `CAROUSEL_V1` draws every `items[*].image`, `BIG_PICTURE`, `RATING_V1` and
    /// `OVERLAY` the one `expandableDetails.image` (`WERenderer.swift`, `handleContentFor`,
    /// `drawCarouselView`). `drawCarouselView` starts every download at once and attaches the
    /// ones that arrive (a failed one is left out). `Network.swift`, `fetchAttachment(for:at:)`,
    /// sends `Accept: image/webp` with `timeoutInterval = 10` (the idle time per request, not the
    /// whole download, so the budget stays the default) and names the file
    /// `url-ext-short-else-jpg`.
    public static let webengage: ExtensionProfile = {
        var profile = ExtensionProfile(
            name: "webengage", mediaKeys: pointers(["/expandableDetails/image", "/expandableDetails/items/*/image"]),
            requiredKeys: pointers(["/expandableDetails/style"]), naming: .urlExtShortElseJPG, download: .disk,
            attachments: .every(order: .parallel, onFailure: .dropsThatOne),
            source: Source(
                models: "WEServiceExtension 1.1.2 (5ad712df)",
                citation:
                    "WebEngage/WEServiceExtension `Sources/WEServiceExtension/WEServiceExtension.swift` (`didReceive`: `source == \"webengage\"`, `expandableDetails.style`), `WERenderer.swift` (`handleContentFor`, `drawCarouselView`), `Network.swift` (`fetchAttachment(for:at:completionHandler:)`: `Accept: image/webp`, `timeoutInterval = 10`, the `.jpg` rule)",
                unverified:
                    "which style the payload names is not read: both keys are judged (a push carries one). The server fields behind `expandableDetails`: not read. A carousel item without `image` keeps the helper waiting until iOS ends it: not modelled"
            ))
        profile.requiredValues = [RequiredValue(pointers(["/source"])[0], "webengage")]
        profile.accept = "image/webp"
        return profile
    }()
}
