extension ExtensionProfile {
    /// Expo ships no extension of its own: its push docs ("Send notifications with the Expo Push
    /// Service", `richContent`) point at an example, expo/expo PR #36202 (closed unmerged), file
    /// `apps/notification-tester/targets/notification-service/NotificationService.swift` at
    /// `74af81fc`. `didReceive(_:withContentHandler:)` reads
    /// `userInfo["body"]["_richContent"]["image"]` and nothing else; `downloadAndAttachImage`
    /// uses `URLSession.shared.downloadTask` (disk, no timeout of its own, no status check),
    /// moves the file to `temporaryFileLocation.lastPathComponent + ".jpg"` and attaches it with
    /// `options: nil` (no type hint); on any failure the content is delivered without it.
    public static let expo = ExtensionProfile(
        name: "expo", mediaKeys: pointers(["/body/_richContent/image"]), naming: .fixedJPG, download: .disk,
        source: Source(
            models: "Expo's example extension (expo/expo PR #36202)",
            citation:
                "expo/expo `apps/notification-tester/targets/notification-service/NotificationService.swift` at `74af81fc` (PR #36202, linked from Expo's `richContent` docs): `didReceive(_:withContentHandler:)` reads `body._richContent.image`, `downloadAndAttachImage` uses `URLSession.shared.downloadTask` and names the file `temporaryFileLocation.lastPathComponent + \".jpg\"` with no type hint",
            unverified:
                "the PR is closed unmerged: an app copies it or writes its own. Whether iOS shows PNG or GIF bytes written as `.jpg` is not documented: a warning (`attachment.type-mismatch`), the safe side"
        ))
}

extension AttachmentNaming {
    /// The name Expo's example gives every download: the temporary file's name and `.jpg`.
    static func fixedJPGName() -> NamedFile {
        NamedFile(fileName: "attachment.jpg", pathExtension: "jpg", typeHint: nil)
    }
}
