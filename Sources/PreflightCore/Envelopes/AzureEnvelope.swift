/// Azure Notification Hubs native APNs send (Microsoft, "Send an APNS native notification":
/// https://learn.microsoft.com/en-us/rest/api/notificationhubs/send-apns-native-notification):
/// - the body is the APNs payload as Apple specifies it, sent as it is;
/// - `ServiceBusNotification-Format` is "Set to apple" (another value sends the body to another
///   platform's devices);
/// - `ServiceBusNotification-Apns-Expiry` is the "Apns expiry in W3C DTF, YYYY-MM-DDThh:mmTZD
///   (for example, 1997-07-16T19:20+01:00)": the hub sends it as `apns-expiration`, UNIX seconds;
/// - `apns-push-type` goes as a request header of the send, and the hub infers it when it is
///   missing (Microsoft, "Azure Notification Hubs updates for iOS 13":
///   https://learn.microsoft.com/en-us/azure/notification-hubs/push-notification-updates-ios-13).
///   Other `apns-*` request headers are judged as given; whether the hub forwards them is not
///   documented on the pages read.
enum AzureEnvelope {
    static let formatHeader = "ServiceBusNotification-Format"
    static let expiryHeader = "ServiceBusNotification-Apns-Expiry"

    static func derive(_ root: JSONValue, into derivation: inout Derivation) {
        derivation.payload = root
        derivation.exactPayload = derivation.body
        switch derivation.headers.serviceBusFormat {
        case "apple"?: break
        case nil:
            derivation.add(
                .envelopeAzureFormatInvalid, path: formatHeader,
                message: "the send has no \(formatHeader) header; the hub needs it to know the body is APNs JSON",
                fix: "send \(formatHeader): apple")
        case let other?:
            derivation.add(
                .envelopeAzureFormatInvalid, path: formatHeader,
                message:
                    "\(formatHeader) is \"\(Quoting.bounded(other))\": the hub sends this body to that platform's devices, not to iOS",
                fix: "send \(formatHeader): apple for a native APNs send")
            derivation.usable = false
            return
        }
        if let expiry = derivation.headers.serviceBusAPNsExpiry {
            if let seconds = W3CDate.unixSeconds(expiry) {
                derivation.setHeader("apns-expiration", String(seconds))
            } else {
                derivation.add(
                    .envelopeHeaderInvalid, path: expiryHeader,
                    message:
                        "\(expiryHeader) is \"\(Quoting.bounded(expiry))\", not a W3C date and time (YYYY-MM-DDThh:mmTZD)",
                    fix: "send the expiry as, for example, 2030-07-16T19:20+01:00")
            }
        }
        Contradiction.check(
            pushType: derivation.headers.pushType, priority: derivation.headers.priority,
            pushTypePath: "apns-push-type", priorityPath: "apns-priority", into: &derivation)
    }
}
