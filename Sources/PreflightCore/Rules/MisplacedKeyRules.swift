/// `mutable-content` and `content-available` written outside `aps`, where iOS never reads them.
///
/// Apple, "Generating a remote notification": the flags are keys of the `aps` dictionary; "Custom
/// keys" outside it are handed to the app as they are, and iOS acts on none of them. So a flag
/// at the top level, beside `aps` in FCM's `apns.payload`, or in FCM's `data` (whose keys become
/// top-level keys: FCM HTTP v1 reference, `Message.data`; `ApnsConfig.payload` is the APNs
/// payload itself) runs no Notification Service Extension and wakes no app. Reported cases:
/// - as a FCM data key, the extension never ran: MihaelIsaev/FCM#41 ("mutable_content" among the
///   data keys);
/// - in FCM's legacy `notification` block, whose keys FCM does not map to `aps` reach the device
///   prefixed, `gcm.notification.<key>` (zo0r/react-native-push-notification#806: FCM's title and body
///   keys "are prefixed with `gcm.`"; no thread found reports this key's case by itself);
/// - `content-available` as a data key, nothing delivered: phonegap/phonegap-plugin-push#616;
/// - beside `aps` in `apns.payload` as `mutable_content`: firebase/firebase-ios-sdk#3368 (the
///   extension ran once "mutable_content" became "mutable-content" inside `apns.payload.aps`).
enum MisplacedKeyRules {
    static let mutableContentNames: Set<String> = ["mutable-content", "mutable_content", "mutableContent"]
    static let contentAvailableNames: Set<String> = ["content-available", "content_available", "contentAvailable"]
    /// How FCM's legacy API passes a notification block key it does not map (the Firebase iOS SDK
    /// reads its own `gcm.notification.*` keys from the top level of the payload).
    static let legacyPrefix = "gcm.notification."

    /// The code for a key outside `aps` that names an `aps` flag, nil for any other key.
    static func code(forKey key: String) -> FindingCode? {
        let name = key.hasPrefix(legacyPrefix) ? String(key.dropFirst(legacyPrefix.count)) : key
        if mutableContentNames.contains(name) { return .mutableContentMisplaced }
        if contentAvailableNames.contains(name) { return .contentAvailableMisplaced }
        return nil
    }

    /// The findings for the members of `object` (other than `aps`) that name an `aps` flag, at
    /// `pathPrefix + key`; `apsPath` says where the flag belongs, in the sender's terms. A
    /// misplaced `mutable-content` is made a warning here: `grade` decides once the media is known.
    static func findings<Tree: JSONTree>(in object: Tree, pathPrefix: String, apsPath: String) -> [Finding] {
        var findings: [Finding] = []
        object.forEachChild { key, _, _ in
            guard let key, key != "aps", let code = code(forKey: key) else { return }
            let path = pathPrefix + key
            if code == .mutableContentMisplaced {
                findings.append(
                    Finding(
                        code, .warning, path: path,
                        message:
                            "\(path) is outside aps: iOS reads mutable-content only inside aps, so this key runs no Notification Service Extension",
                        fix: "set \"mutable-content\": 1 (the number) in \(apsPath), and remove \(path)"))
            } else {
                findings.append(
                    Finding(
                        code, path: path,
                        message:
                            "\(path) is outside aps: iOS reads content-available only inside aps, so this key wakes no app",
                        fix:
                            "set \"content-available\": 1 (the number) in \(apsPath) for a background update, and remove \(path)"
                    ))
            }
        }
        return findings
    }

    /// The members at the top level of an APNs payload.
    static func check(_ root: JSONView) -> [Finding] {
        findings(in: root, pathPrefix: "", apsPath: "aps")
    }

    /// A misplaced `mutable-content` is an error when the push has media (a URL under the
    /// profile's keys, or `expect=media`) that only the extension would attach and `aps` does not
    /// ask for the extension itself; otherwise nothing the user sees is lost, and it is a warning.
    static func grade(_ findings: inout [Finding], hasMedia: Bool, aps: JSONView?) {
        let apsMutable = aps?["mutable-content"]?.isNumber(written: "1") ?? false
        let severity: Severity = hasMedia && !apsMutable ? .error : .warning
        for index in findings.indices where findings[index].code == .mutableContentMisplaced {
            findings[index].severity = severity
        }
    }
}
