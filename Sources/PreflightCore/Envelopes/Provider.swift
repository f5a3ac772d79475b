/// What Preflight knows of one envelope format's provider, in one value: how messages name it
/// and its request, where a finding about the whole envelope points, the profile of its SDK's
/// extension, and how it builds the APNs payload. A new provider is one more case here.
struct Provider {
    /// The provider, as messages name it (`FCM`).
    var name: String
    /// The request, as messages name it (`an FCM HTTP v1 message`).
    var requestName: String
    /// The key a finding about the envelope as a whole points at.
    var topKey: String
    /// The profile the provider's own SDK extension gives (`ExtensionProfile.presets`).
    var presetProfile: String
    /// Builds the APNs payload and headers from the body; nil for `apns` (the body is the payload).
    var derive: ((JSONValue, inout Derivation) -> Void)?
    /// Bytes the provider adds to the payload that the body does not show (ids, analytics keys).
    var allowance = 0
    /// Whether the provider sets `mutable-content` on every push, media or not.
    var mutableOnEveryPush = false
}

extension EnvelopeFormat {
    /// This format's provider.
    var provider: Provider {
        switch self {
        case .apns:
            Provider(name: "APNs", requestName: "an APNs payload", topKey: "aps", presetProfile: "generic")
        case .fcm:
            Provider(
                name: "FCM", requestName: "an FCM HTTP v1 message", topKey: "message", presetProfile: "firebase",
                derive: { FCMEnvelope.derive($0, into: &$1) }, allowance: FCMEnvelope.allowance)
        case .onesignal:
            Provider(
                name: "OneSignal", requestName: "a OneSignal create-notification body", topKey: "app_id",
                presetProfile: "onesignal", derive: { OneSignalEnvelope.derive($0, into: &$1) },
                allowance: OneSignalEnvelope.allowance, mutableOnEveryPush: true)
        case .airship:
            Provider(
                name: "Airship", requestName: "an Airship push object", topKey: "notification",
                presetProfile: "airship", derive: { AirshipEnvelope.derive($0, into: &$1) },
                allowance: AirshipEnvelope.allowance)
        case .braze:
            Provider(
                name: "Braze", requestName: "a Braze messages/send body", topKey: "messages", presetProfile: "braze",
                derive: { BrazeEnvelope.derive($0, into: &$1) }, allowance: BrazeEnvelope.allowance)
        case .expo:
            Provider(
                name: "Expo", requestName: "an Expo push message", topKey: "to", presetProfile: "expo",
                derive: { ExpoEnvelope.derive($0, into: &$1) }, allowance: ExpoEnvelope.allowance)
        case .sns:
            // No SDK helper: the app's own extension (the request's profile, else generic) reads the payload.
            Provider(
                name: "SNS", requestName: "an SNS Publish request", topKey: "Message", presetProfile: "generic",
                derive: { SNSEnvelope.derive($0, into: &$1) })
        case .azure:
            Provider(
                name: "Azure Notification Hubs", requestName: "an Azure Notification Hubs native APNs send",
                topKey: "aps", presetProfile: "generic", derive: { AzureEnvelope.derive($0, into: &$1) })
        }
    }
}
