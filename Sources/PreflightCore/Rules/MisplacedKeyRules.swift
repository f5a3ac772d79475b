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
    /// misplaced `mutable-content` gets `mutableSeverity` (see `severity`; an envelope's are made
    /// warnings and graded by `grade` once the derived payload's media is known).
    static func findings<Tree: JSONTree>(
        in object: Tree, pathPrefix: String, apsPath: String, mutableSeverity: Severity = .warning
    ) -> [Finding] {
        var findings: [Finding] = []
        // A repeated key could make one per copy: the report keeps `Report.findingsPerCode` of a
        // code, so reading stops once both codes could have had theirs.
        object.forEachChild { key, _, _ in
            guard let key, key != "aps", let code = code(forKey: key) else { return true }
            let path = pathPrefix + key
            if code == .mutableContentMisplaced {
                findings.append(
                    Finding(
                        code, mutableSeverity, path: path,
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
            return findings.count < 2 * Report.findingsPerCode
        }
        return findings
    }

    /// The members at the top level of an APNs payload, graded.
    static func check(_ root: JSONView, hasMedia: Bool, aps: JSONView?) -> [Finding] {
        findings(in: root, pathPrefix: "", apsPath: "aps", mutableSeverity: severity(hasMedia: hasMedia, aps: aps))
    }

    /// A misplaced `mutable-content` is an error when the push has media (a URL under the
    /// profile's keys, or `expect=media`) that only the extension would attach and `aps` does not
    /// ask for the extension itself; otherwise nothing the user sees is lost, and it is a warning.
    static func severity(hasMedia: Bool, aps: JSONView?) -> Severity {
        let apsMutable = aps?["mutable-content"]?.isNumber(written: "1") ?? false
        return hasMedia && !apsMutable ? .error : .warning
    }

    /// Grades the misplaced `mutable-content` findings already collected (an envelope's).
    static func grade(_ findings: inout Findings, hasMedia: Bool, aps: JSONView?) {
        findings.setSeverity(severity(hasMedia: hasMedia, aps: aps), of: .mutableContentMisplaced)
    }
}
