extension ExtensionProfile {
    /// Notifee (invertase/notifee, @notifee/react-native 9.1.8, b73c76d7)
    /// `ios/NotifeeCore/NotifeeCoreExtensionHelper.m`: `populateNotificationContent:withContent:withContentHandler:`
    /// delivers the push untouched without `notifee_options`; `handleAttachmentsAndDeliverNotificaiton:`
    /// takes `notifee_options.ios.attachments[0]`, else `notifee_options.image` (longer than one
    /// character); `loadAttachment:completionHandler:` uses a download task on a default session,
    /// names the file from `fileExtensionForResponse:` and passes the attachment's `typeHint`
    /// (`NotifeeCoreUtil.m`, `attachmentOptionsFromDictionary:`).
    public static let notifee = ExtensionProfile(
        name: "notifee", mediaKeys: pointers(["/notifee_options/ios/attachments/0/url", "/notifee_options/image"]),
        requiredKeys: pointers(["/notifee_options"]), naming: .responseImageSubtype,
        typeKey: pointers(["/notifee_options/ios/attachments/0/typeHint"]).first, download: .disk,
        source: Source(
            models: "Notifee @notifee/react-native 9.1.8 (b73c76d7)",
            citation:
                "invertase/notifee `ios/NotifeeCore/NotifeeCoreExtensionHelper.m`, `populateNotificationContent:withContent:withContentHandler:`, `handleAttachmentsAndDeliverNotificaiton:`, `fileExtensionForResponse:`, `loadAttachment:completionHandler:`; `ios/NotifeeCore/NotifeeCoreUtil.m`, `attachmentOptionsFromDictionary:`",
            unverified:
                "an attachment object without `url` ends the attachment (no fallback to `image`); Preflight then reads `image`: not modelled"
        ))
}
