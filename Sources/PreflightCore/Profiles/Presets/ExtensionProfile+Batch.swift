extension ExtensionProfile {
    /// Batch-iOS-SDK-Extension 4.0.0 (ded33972) `Sources/Swift/Rich Notifications/RichNotificationHelper.swift`:
    /// `attachment(forPayload:)` needs both `com.batch.at.u` and `com.batch.at.t` (strings);
    /// `download(attachment:)` sets `timeoutIntervalForResource = Consts.timeoutIntervalSecs` (20,
    /// `Sources/Swift/Consts.swift`) and `allowsConstrainedNetworkAccess = allowInLowDataMode`
    /// (false by default), and hands on the temporary file as is; `appendRichData(toContent:)`
    /// passes `t` as `UNNotificationAttachmentOptionsTypeHintKey` (`type-hint`).
    public static let batch: ExtensionProfile = {
        var device = Device()
        device.timeBudgetSeconds = 20
        var profile = ExtensionProfile(
            name: "batch", mediaKeys: pointers(["/com.batch/at/u"]), requiredKeys: pointers(["/com.batch/at/t"]),
            naming: .typeHint, typeKey: pointers(["/com.batch/at/t"]).first, download: .disk, device: device,
            source: Source(
                models: "Batch-iOS-SDK-Extension 4.0.0 (ded33972)",
                citation:
                    "Batch-iOS-SDK-Extension `Sources/Swift/Rich Notifications/RichNotificationHelper.swift`, `attachment(forPayload:)`, `download(attachment:completionHandler:)` (`timeoutIntervalForResource = 20`, `allowsConstrainedNetworkAccess = allowInLowDataMode`), `appendRichData(toContent:completionHandler:)` (`t` as the type hint)",
                unverified:
                    "whether Batch's server writes a UTI or a MIME type in `com.batch.at.t` (the extension's tests use `image/png`), and what iOS does with a MIME type as the hint: Apple documents a UTI, so a hint that is no attachment UTI types nothing (the safe side)"
            ))
        profile.downloadsInLowDataMode = false
        return profile
    }()
}
