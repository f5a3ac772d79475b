// MARK: - The presets as the profiles table of the docs

extension ExtensionProfile {
    /// The built-in profiles in the order the docs list them.
    public static let presetOrder: [ExtensionProfile] = [
        generic, firebase, onesignal, airship, clevertap, braze, customerio, klaviyo, iterable, pushwoosh, batch,
        notifee, webengage, pinpoint, moengage, expo,
    ]

    /// The presets as a Markdown table (preset, what it models, where the URL is read, the keys
    /// needed, the naming, the download, how many it attaches, the source read, what could not be
    /// read), one row per preset in `presetOrder`, ending with a line end. `defaultProfile` is
    /// marked "(default)".
    ///
    /// ```swift
    /// let table = ExtensionProfile.markdownTable()  // what `make generate` writes into the docs
    /// ```
    public static func markdownTable(
        _ profiles: [ExtensionProfile] = presetOrder, defaultProfile: String = PreflightConfiguration().defaultProfile
    ) -> String {
        var lines = [
            "| preset | models | reads the URL at | needs | names the file | download | attaches | source | not read from source |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for profile in profiles {
            let cells = [
                "`\(profile.name)`" + (profile.name == defaultProfile ? " (default)" : ""),
                profile.source?.models ?? "",
                mediaKeysCell(profile),
                (profile.requiredKeys.map { "`\($0.text)`" }
                    + profile.requiredValues.map { "`\($0.pointer.text)` = `\($0.value)`" }).joined(separator: ", "),
                "`\(profile.naming.rawValue)`" + (profile.typeKey.map { " (type key `\($0.text)`)" } ?? ""),
                profile.download.rawValue,
                attachmentsCell(profile.attachments),
                profile.source?.citation ?? "",
                profile.source?.unverified ?? "",
            ]
            // An empty cell is written `| |`, as a person writes it.
            lines.append("|" + cells.map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|") + "|")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The keys in order, and how the extension picks among them: the first found, or every
    /// member of the object under a `*`.
    private static func mediaKeysCell(_ profile: ExtensionProfile) -> String {
        if !profile.keyRules.isEmpty {
            let rules = profile.keyRules.map(\.description).joined(separator: "; ")
            return rules + (profile.attachesEvery ? " (every value a `*` reaches)" : "")
        }
        let keys = profile.mediaKeys.map { "`\($0.text)`" }.joined(separator: ", ")
        if profile.attachesEvery, profile.mediaKeys.count == 1, let key = profile.mediaKeys.first?.text,
            key.hasSuffix("/*")
        {
            return keys + " (every key of `\(key.dropFirst().dropLast(2))`)"
        }
        if profile.attachesEvery { return keys + " (every value found)" }
        return profile.mediaKeys.count > 1 ? keys + " (first found)" : keys
    }

    /// `first`, or `every` with the order and the failure rule.
    static func attachmentsCell(_ attachments: Attachments) -> String {
        switch attachments {
        case .first: "first"
        case .every(let order, let onFailure): "every, \(order.rawValue), one failure \(onFailure.rawValue)"
        }
    }
}
