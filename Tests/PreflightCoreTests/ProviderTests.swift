import Testing

@testable import PreflightCore

/// One value per envelope format's provider, read by the format's properties.
@Suite struct ProviderTests {
    @Test(arguments: [
        (EnvelopeFormat.apns, "APNs", "an APNs payload", "aps", "generic", 0, false),
        (.fcm, "FCM", "an FCM HTTP v1 message", "message", "firebase", FCMEnvelope.allowance, false),
        (.onesignal, "OneSignal", "a OneSignal create-notification body", "app_id", "onesignal", 596, true),
        (.airship, "Airship", "an Airship push object", "notification", "airship", 256, false),
        (.braze, "Braze", "a Braze messages/send body", "messages", "braze", 256, false),
    ])
    func eachFormatsProvider(
        format: EnvelopeFormat, name: String, request: String, topKey: String, profile: String, allowance: Int,
        mutable: Bool
    ) {
        let provider = format.provider
        #expect(format.providerName == name)
        #expect(format.requestName == request)
        #expect(format.topKey == topKey)
        #expect(format.presetProfile == profile)
        #expect(provider.allowance == allowance)
        #expect(provider.mutableOnEveryPush == mutable)
        #expect((provider.derive == nil) == (format == .apns))
    }
}
