// MARK: - The presets as the profiles table of the docs

extension ExtensionProfile {
    /// The built-in profiles in the order the docs list them.
    public static let presetOrder: [ExtensionProfile] = [generic, firebase, onesignal, airship, clevertap, braze]

    /// Where each preset's behaviour comes from: the extension code (or documentation) it copies,
    /// shown in the table's source column.
    public static let presetSources: [String: String] = [
        "generic":
            "the five hand-written extensions in `shared/seeds/`: 000-002 take the extension from the URL string (`componentsSeparatedByString:@\".\"`, `(absoluteString as NSString).pathExtension`), 001-003 download with `dataTask`",
        "firebase":
            "firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`, `populateNotificationContent:withContentHandler:` and `loadAttachmentForURL:completionHandler:` (`response.suggestedFilename.pathExtension`)",
        "onesignal":
            "OneSignal-iOS-SDK `iOS_SDK/OneSignalSDK/OneSignalExtension/OneSignalAttachmentHandler.m`, `addAttachments:toNotificationContent:`, `downloadMediaAndSaveInBundle:`, `getSupportedFileExtensionFromURL:mimeType:`",
        "airship":
            "Airship ios-library `UANotificationServiceExtension.swift`, `didReceive`, `load(attachment:)`, `correctFileExtension`, `hintMimeType`",
        "clevertap":
            "CleverTap CTNotificationService `CTNotificationService/CTNotificationServiceExtension.m`, `didReceiveNotificationRequest:`, `fileExtensionForMediaType:`",
        "braze":
            "Braze docs, \"Rich notifications\" for iOS (braze-docs, `AppboyAPNSDictionaryAttachmentURLKey`, `AppboyAPNSDictionaryAttachmentTypeKey`; the sample extension stops without either, uses `downloadTask` and names the file `\".\\(attachmentType)\"`)",
    ]

    /// The presets as a Markdown table (preset, where the URL is read, the keys needed, the
    /// naming, the download, the source), one row per preset in `presetOrder`, ending with a
    /// line end. `defaultProfile` is marked "(default)".
    ///
    /// ```swift
    /// let table = ExtensionProfile.markdownTable()  // what `make generate` writes into the docs
    /// ```
    public static func markdownTable(
        _ profiles: [ExtensionProfile] = presetOrder, sources: [String: String] = presetSources,
        defaultProfile: String = PreflightConfiguration().defaultProfile
    ) -> String {
        var lines = [
            "| preset | reads the URL at | needs | names the file | download | source |", "|---|---|---|---|---|---|",
        ]
        for profile in profiles {
            let cells = [
                "`\(profile.name)`" + (profile.name == defaultProfile ? " (default)" : ""),
                mediaKeysCell(profile),
                profile.requiredKeys.map { "`\($0.text)`" }.joined(separator: ", "),
                "`\(profile.naming.rawValue)`" + (profile.typeKey.map { " (type key `\($0.text)`)" } ?? ""),
                profile.download.rawValue,
                sources[profile.name] ?? "",
            ]
            // An empty cell is written `| |`, as a person writes it.
            lines.append("|" + cells.map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|") + "|")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The keys in order, and how the extension picks among them: the first found, or every
    /// member of the object under a `*`.
    private static func mediaKeysCell(_ profile: ExtensionProfile) -> String {
        let keys = profile.mediaKeys.map { "`\($0.text)`" }.joined(separator: ", ")
        if profile.attachesEvery, let key = profile.mediaKeys.first?.text, key.hasSuffix("/*") {
            return keys + " (every key of `\(key.dropFirst().dropLast(2))`)"
        }
        return profile.mediaKeys.count > 1 ? keys + " (first found)" : keys
    }
}
