extension ExtensionProfile {
    /// customerio-ios 4.7.5 (8b9ee362): `Sources/MessagingPush/Type/PushNotification.swift` reads
    /// `cioImage` at `data["CIO"]["push"]["image"]` and `cioDelivery` from `CIO-Delivery-ID` and
    /// `CIO-Delivery-Token`; `NSEPushCoordinator.prepareNotification` passes a push without both
    /// through untouched. `Sources/Common/Service/HttpRequestRunner.swift`,
    /// `UrlRequestHttpRequestRunner.downloadFile`, uses a download task and names the file
    /// `UUID().uuidString + "_" + suggestedFileName` (`response`). `RichPushHttpClient.getBasicSession()`
    /// sets `timeoutIntervalForResource = 30`: the whole download may take 30 s, longer than the
    /// extension's own budget, so the default 25 s budget is the one that binds.
    public static let customerio = ExtensionProfile(
        name: "customerio", mediaKeys: pointers(["/CIO/push/image"]),
        requiredKeys: pointers(["/CIO-Delivery-ID", "/CIO-Delivery-Token"]), naming: .response, download: .disk,
        source: Source(
            models: "customerio-ios 4.7.5 (8b9ee362)",
            citation:
                "customerio-ios `Sources/MessagingPush/Type/PushNotification.swift` (`cioImage`, `cioDelivery`), `Sources/MessagingPush/PushHandling/NSEPushCoordinator.swift` (`prepareNotification`), `Sources/Common/Service/HttpRequestRunner.swift` (`downloadFile`: `UUID + \"_\" + suggestedFilename`), `Sources/MessagingPush/RichPush/RichPushHttpClient.swift` (`getBasicSession`: `timeoutIntervalForResource = 30`)",
            unverified:
                "the request field of Customer.io's API that fills `CIO.push.image`, and whether its server adds `mutable-content`: not read; the payload is judged as sent"
        ))
}
