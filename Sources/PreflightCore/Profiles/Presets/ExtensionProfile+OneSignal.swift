extension ExtensionProfile {
    /// OneSignal-iOS-SDK 5.6.1. Keys: `OneSignalCore/Source/OSNotification.m`,
    /// `initWithRawMessage:`: when `os_data` is a dictionary, `parseOSDataPayload` reads
    /// `os_data.att` and never the top-level `att`; else `parseOriginalPayload` reads `att`, or, in
    /// the minified form (`m` present, no `aps.alert`), `parseRemoteSlient:` reads `at` (a
    /// dictionary like `att`: `addAttachments:` enumerates its keys). Download and naming:
    /// `OneSignalExtension/OneSignalAttachmentHandler.m`, `addAttachments:toNotificationContent:`
    /// loops over every key, downloads each http(s) value one after another
    /// (`downloadMediaAndSaveInBundle:`, a data task streaming to a file), `continue`s past one
    /// that fails, and names it by `getSupportedFileExtensionFromURL:mimeType:` (`mime` naming);
    /// `DirectDownloadDelegate` cancels past `MAX_NOTIFICATION_MEDIA_SIZE_BYTES` (50,000,000,
    /// `OneSignalCommonDefines.h`).
    public static let onesignal: ExtensionProfile = {
        var profile = ExtensionProfile(
            name: "onesignal", mediaKeys: pointers(["/os_data/att/*", "/at/*", "/att/*"]), naming: .mime,
            download: .disk, attachments: .every(order: .sequential, onFailure: .dropsThatOne),
            source: Source(
                models:
                    "OneSignal-iOS-SDK 5.6.1 (`OneSignalCommonDefines.h` at commit 005eb841, `OneSignalAttachmentHandler.m` at 0540578, `OSNotification.m` at 1698ece5, `NSString+OneSignal.m` at 4fc6a973)",
                citation:
                    "OneSignal-iOS-SDK `iOS_SDK/OneSignalSDK/OneSignalCore/Source/OSNotification.m`, `initWithRawMessage:`, `parseOSDataPayload`, `parseOriginalPayload`, `parseRemoteSlient:`; `OneSignalExtension/OneSignalAttachmentHandler.m`, `addAttachments:toNotificationContent:`, `downloadMediaAndSaveInBundle:`, `getSupportedFileExtensionFromURL:mimeType:`, `DirectDownloadDelegate`; `OneSignalCommonDefines.h`, `ONESIGNAL_SUPPORTED_ATTACHMENT_TYPES`, `MAX_NOTIFICATION_MEDIA_SIZE_BYTES`; `Categories/NSString+OneSignal.m`, `MIME_MAP`",
                unverified:
                    "whether these file versions are the newest; `NSURL+OneSignal.m` (`valueFromQueryParameter:`, `supportedFileExtensionFromQueryItems`) was not found: the `filename` and query steps take the text after a value's last dot; `MIMEType` is taken lowercased without parameters; `att` keys are judged in document order (the SDK enumerates an NSDictionary, in no set order)"
            ))
        profile.keyRules = [
            KeyRule(when: [.object(pointer("/os_data"))], keys: pointers(["/os_data/att/*"])),
            KeyRule(when: [.present(pointer("/m")), .absent(pointer("/aps/alert"))], keys: pointers(["/at/*"])),
            KeyRule(keys: pointers(["/att/*"])),
        ]
        profile.maxContentLength = 50_000_000
        return profile
    }()
}
