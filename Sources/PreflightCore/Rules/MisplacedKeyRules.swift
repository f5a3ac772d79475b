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
    /// How FCM's legacy API passes a notification block key it does not map (the Firebase iOS SDK
    /// reads its own `gcm.notification.*` keys from the top level of the payload).
    static let legacyPrefix: StaticString = "gcm.notification."

    /// The code for a key outside `aps` that names an `aps` flag, nil for any other key.
    static func code(forKey key: String) -> FindingCode? {
        key.withUTF8InPlace { code(forKey: $0) }
    }

    /// The same from the key's UTF-8 (escapes undone): `mutable-content` or `content-available`
    /// spelled with `-`, `_` or in camel case, alone or after `legacyPrefix`. Dispatched on the
    /// first byte, then compared: every top-level key of every push comes here, and this makes
    /// no `String` and hashes nothing.
    static func code(forKey bytes: UnsafeBufferPointer<UInt8>) -> FindingCode? {
        var name = bytes
        if startsWith(bytes, at: 0, legacyPrefix) {
            name = UnsafeBufferPointer(rebasing: bytes[legacyPrefix.utf8CodeUnitCount...])
        }
        switch name.first {
        case UInt8(ascii: "m"): return isSpelling(name, "mutable", "content") ? .mutableContentMisplaced : nil
        case UInt8(ascii: "c"): return isSpelling(name, "content", "available") ? .contentAvailableMisplaced : nil
        default: return nil
        }
    }

    /// Whether `name` is the lower-case words `first` and `second` joined by `-` or `_`, or
    /// written `firstSecond`: the three spellings senders use for an `aps` flag.
    static func isSpelling(_ name: UnsafeBufferPointer<UInt8>, _ first: StaticString, _ second: StaticString) -> Bool {
        let head = first.utf8CodeUnitCount
        let tail = second.utf8CodeUnitCount
        guard name.count == head + tail || name.count == head + 1 + tail, startsWith(name, at: 0, first) else {
            return false
        }
        if name.count == head + 1 + tail {
            let joint = name[head]
            return (joint == UInt8(ascii: "-") || joint == UInt8(ascii: "_")) && startsWith(name, at: head + 1, second)
        }
        // Camel case: the second word's first letter upper case (ASCII: 0x20 below), the rest as written.
        let capital = second.withUTF8Buffer { $0[0] } &- 0x20
        return name[head] == capital
            && second.withUTF8Buffer { word in name[(head + 1)...].elementsEqual(word.dropFirst()) }
    }

    /// Whether `bytes` hold `literal` from `offset` on.
    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ literal: StaticString)
        -> Bool
    {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        return literal.withUTF8Buffer { bytes[offset..<(offset + count)].elementsEqual($0) }
    }

    /// The findings for the members of `object` (other than `aps`) that name an `aps` flag, at
    /// `pathPrefix + key`; `apsPath` says where the flag belongs, in the sender's terms. A
    /// misplaced `mutable-content` gets `mutableSeverity` (see `severity`; an envelope's are made
    /// warnings and graded by `grade` once the derived payload's media is known).
    static func findings<Tree: JSONTree>(
        in object: Tree, pathPrefix: String, apsPath: String, mutableSeverity: Severity = .warning
    ) -> [Finding] {
        // Uncapped, as the array always was: the reading's own bound applies.
        var findings = Findings(perCode: .max)
        append(in: object, pathPrefix: pathPrefix, apsPath: apsPath, mutableSeverity: mutableSeverity, &findings)
        return Array(findings)
    }

    /// `findings(in:pathPrefix:apsPath:mutableSeverity:)` appended to `findings` (an envelope's).
    static func append<Tree: JSONTree>(
        in object: Tree, pathPrefix: String, apsPath: String, mutableSeverity: Severity = .warning,
        _ findings: inout Findings
    ) {
        var made = 0
        // A repeated key could make one per copy: the report keeps `Report.findingsPerCode` of a
        // code, so reading stops once both codes could have had theirs.
        object.forEachChild { key, _, _ in
            guard let key, key != "aps", let code = code(forKey: key) else { return true }
            made += 1
            findings.append(code) {
                finding(code, path: pathPrefix + key, apsPath: apsPath, mutableSeverity: mutableSeverity)
            }
            return made < 2 * Report.findingsPerCode
        }
    }

    /// The finding for the flag `code` names, misplaced at `path`.
    private static func finding(_ code: FindingCode, path: String, apsPath: String, mutableSeverity: Severity)
        -> Finding
    {
        if code == .mutableContentMisplaced {
            return Finding(
                code, mutableSeverity, path: path,
                message:
                    "\(path) is outside aps: iOS reads mutable-content only inside aps, so this key runs no Notification Service Extension",
                fix: "set \"mutable-content\": 1 (the number) in \(apsPath), and remove \(path)")
        }
        return Finding(
            code, path: path,
            message: "\(path) is outside aps: iOS reads content-available only inside aps, so this key wakes no app",
            fix: "set \"content-available\": 1 (the number) in \(apsPath) for a background update, and remove \(path)")
    }

    /// The members at the top level of an APNs payload, graded, appended to `findings`: each
    /// key read as its bytes, a `String` made only for a key that names a flag.
    static func check(_ root: JSONView, hasMedia: Bool, aps: JSONView?, _ findings: inout Findings) {
        let severity = severity(hasMedia: hasMedia, aps: aps)
        var made = 0
        // As `findings(in:)`: reading stops once both codes could have had their kept ones.
        for (keyNode, _) in root.memberIndices where made < 2 * Report.findingsPerCode {
            // `aps` names no flag: it never gets past here.
            guard let code = root.withStringBytes(node: keyNode, { code(forKey: $0) }) else { continue }
            made += 1
            findings.append(code) {
                finding(code, path: root.string(node: keyNode), apsPath: "aps", mutableSeverity: severity)
            }
        }
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
