extension ExtensionProfile {
    /// Airship ios-library, `AirshipExtensions/AirshipNotificationServiceExtension/Source/`.
    /// Keys: `MediaAttachmentPayload.swift`, `init(from:)`: `urls` (objects with `url` and an
    /// optional `url_id`) when present, else `url` as an array of strings or a single string; a
    /// member of the wrong type or a bad `options.crop` throws (`ShapeRules.Check.airship`).
    /// Download and naming: `AirshipNotificationMutationProvider.swift`, `mutations(for:)`
    /// downloads every media at once in a `withThrowingTaskGroup` (`try await` on each result:
    /// one failed download throws, and no media is attached); `correctFileExtension` names the
    /// file after the URL's last path component, `makeAttachement` and `hintMimeType` add a type
    /// hint (`sniffed` naming).
    public static let airship: ExtensionProfile = {
        let base = "/com.urbanairship.media_attachment"
        var profile = ExtensionProfile(
            name: "airship", mediaKeys: pointers([base + "/urls/*/url", base + "/url/*", base + "/url"]),
            naming: .sniffed, download: .disk, attachments: .every(order: .parallel, onFailure: .dropsAll),
            source: Source(
                models:
                    "Airship ios-library (`AirshipNotificationMutationProvider.swift` and `MediaAttachmentPayload.swift` at commit 01e28d26)",
                citation:
                    "Airship ios-library `AirshipExtensions/AirshipNotificationServiceExtension/Source/MediaAttachmentPayload.swift`, `init(from:)`, `PayloadOptions.validate()`; `AirshipNotificationMutationProvider.swift`, `mutations(for:)`, `load(attachment:defaultOptions:thumbnailID:)`, `makeAttachement`, `hintMimeType`, `correctFileExtension`, `FileHeader.supportedHeaders`",
                unverified:
                    "whether commit 01e28d26 is the newest version of the provider (the repository is too large to fetch; the stored file version was read); a failed download is taken to drop every media (the task group's throw), the side that reports the loss"
            ))
        profile.keyRules = [
            KeyRule(when: [.present(pointer(base + "/urls"))], keys: pointers([base + "/urls/*/url"])),
            KeyRule(when: [.array(pointer(base + "/url"))], keys: pointers([base + "/url/*"])),
            KeyRule(keys: pointers([base + "/url"])),
        ]
        profile.shapeCheck = .airship
        return profile
    }()
}
