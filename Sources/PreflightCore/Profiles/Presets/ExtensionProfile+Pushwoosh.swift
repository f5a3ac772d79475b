extension ExtensionProfile {
    /// pushwoosh-ios-sdk 7.1.3 (f8c5cc86) `iOS_SDK/Pushwoosh/Pushwoosh/Public/PWNotificationServiceProcessor.m`:
    /// the processor acts only on `[PWMessage isPushwooshMessage:]` (`userInfo[@"pw_msg"] != nil`,
    /// `PushwooshCore/Public/PWMessage.m`); `downloadAttachmentForRequest:content:completion:` reads
    /// `attachment` (a string), downloads with `[NSURLSession sharedSession] downloadTaskWithURL:`
    /// and names the file `UUID + sanitizedFileNameComponent:(suggestedFilename ?: lastPathComponent)`
    /// (`response`; the sanitizing replaces `/` and `..` with `_`).
    public static let pushwoosh = ExtensionProfile(
        name: "pushwoosh", mediaKeys: pointers(["/attachment"]), requiredKeys: pointers(["/pw_msg"]),
        naming: .response, download: .disk,
        source: Source(
            models: "pushwoosh-ios-sdk 7.1.3 (f8c5cc86)",
            citation:
                "pushwoosh-ios-sdk `iOS_SDK/Pushwoosh/Pushwoosh/Public/PWNotificationServiceProcessor.m`, `downloadAttachmentForRequest:content:completion:`, `sanitizedFileNameComponent:`; `iOS_SDK/Pushwoosh/PushwooshCore/Public/PWMessage.m`, `isPushwooshMessage:`",
            unverified:
                "the `createMessage` field that fills `attachment`: not read. `pw_msg: null` passes the SDK's `!= nil` check; Preflight counts null as absent (the safe side)"
        ))
}
