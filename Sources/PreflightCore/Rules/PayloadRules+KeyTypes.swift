// MARK: - Type checks for the keys Apple defines in aps

extension PayloadRules {
    /// The check of the value of `key`, one of the keys Apple defines in `aps` (at `key.path`).
    static func check(_ key: APSKey, _ value: JSONView, _ findings: inout Findings) {
        let path = key.path
        switch key {
        case .alert: checkAlert(value, &findings)
        case .badge: findings += nonNegativeInteger(value, path, "an integer >= 0, e.g. \"badge\": 3")
        case .sound: checkSound(value, path, &findings)
        case .threadID, .category, .targetContentID, .filterCriteria, .attributesType, .inputPushChannel:
            findings += string(value, path)
        case .contentAvailable: checkContentAvailable(value, path, &findings)
        case .mutableContent: break  // its own rule reports it
        case .interruptionLevel: checkInterruptionLevel(value, path, &findings)
        case .relevanceScore:
            // Only the summary's ordering is lost, the notification still shows (warning).
            if let number = value.double, number >= 0, number <= 1 { return }
            findings.append(ignored(path, value, "a number from 0 to 1", "the summary orders it without a score"))
        case .staleDate, .timestamp, .dismissalDate:
            findings += nonNegativeInteger(value, path, "a UNIX time in seconds")
        case .contentState, .attributes:
            if value.isObject { return }
            findings.append(invalid(path, value, "an object"))
        case .event:
            if value.isString("start") || value.isString("update") || value.isString("end") { return }
            findings.append(invalid(path, value, "one of start, update, end"))
        case .inputPushToken:
            if value.isNumber(written: "1") { return }
            findings.append(invalid(path, value, "the number 1"))
        }
    }

    private static func checkContentAvailable(_ value: JSONView, _ path: String, _ findings: inout Findings) {
        if value.isNumber(written: "1") { return }
        if value.isNumber(written: "0") {
            return findings.append(
                .contentAvailableZero, path: path,
                message:
                    "content-available 0 does nothing (only 1 is defined); it stops neither the alert nor the media",
                fix: "leave content-available out unless the app should also wake in the background")
        }
        // The alert and its media still show; only the background wake is lost (warning).
        findings.append(
            ignored(path, value, "the number 1 (leave the key out otherwise)", "no background wake is asked for"))
    }

    private static func checkInterruptionLevel(_ value: JSONView, _ path: String, _ findings: inout Findings) {
        if value.isString("critical") {
            // Apple, UNNotificationInterruptionLevel.critical: needs the critical-alerts
            // entitlement (com.apple.developer.usernotifications.critical-alerts).
            return findings.append(
                .interruptionCritical, path: path,
                message:
                    "critical alerts need Apple's com.apple.developer.usernotifications.critical-alerts entitlement; without it the alert is not critical",
                fix: "use time-sensitive unless Apple granted the app the critical-alerts entitlement")
        }
        if value.isString("passive") || value.isString("active") || value.isString("time-sensitive") { return }
        findings.append(invalid(path, value, "one of passive, active, time-sensitive, critical"))
    }

    /// The alert's type checks: a string, or a dictionary whose keys are dispatched on their
    /// bytes (`AlertKey`); a path is built only for an unknown key's finding that is kept.
    static func checkAlert(_ value: JSONView, _ findings: inout Findings) {
        if value.isString { return }
        guard value.isObject else {
            return findings.append(
                invalid(APSKey.alert.path, value, "a string, or an object with title, subtitle and body"))
        }
        for (keyNode, valueNode) in value.memberIndices {
            let member = value.view(valueNode)
            guard let key = value.withStringBytes(node: keyNode, { AlertKey($0) }) else {
                findings.append(.apsKeyUnknown) {
                    let name = value.string(node: keyNode)
                    return unknown("aps.alert." + Quoting.bounded(name), name, within: "aps.alert")
                }
                continue
            }
            check(key, member, &findings)
        }
    }

    /// The check of the value of `key`, one of the keys Apple defines in the alert dictionary.
    private static func check(_ key: AlertKey, _ value: JSONView, _ findings: inout Findings) {
        switch key.shape {
        case .string: findings += string(value, key.path)
        case .localizationKey: if !value.isNull { findings += string(value, key.path) }
        case .arguments: findings += stringArray(value, key.path)
        case .count: findings += nonNegativeInteger(value, key.path, "an integer >= 0")
        }
    }

    /// Apple, UNNotificationSound ("Prepare sound resources"): the audio is packaged in an
    /// aiff, wav or caf file; any other file plays the default sound.
    static let playableSoundExtensions: Set<String> = ["aiff", "aif", "wav", "caf"]

    static func soundFile(_ name: String, _ path: String) -> [Finding] {
        if name == "default" { return [] }
        let ext = name.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last.map {
            $0.lowercased()
        }
        if let ext, playableSoundExtensions.contains(ext) { return [] }
        return [
            Finding(
                .soundUnplayable, path: path,
                message:
                    "the sound \"\(Quoting.bounded(name))\" is not an .aiff, .wav or .caf file, so iOS plays the default sound instead",
                fix: "convert it (afconvert -f caff -d ima4) and name the .caf file, or use \"default\"")
        ]
    }

    static func checkSound(_ value: JSONView, _ path: String, _ findings: inout Findings) {
        if let name = value.string { return findings += soundFile(name, path) }
        if let members = value.members {
            for member in members {
                let childPath = path + "." + Quoting.bounded(member.key)
                switch member.key {
                case "critical":
                    if member.value.isNumber(written: "0") || member.value.isNumber(written: "1") { continue }
                    findings.append(invalid(childPath, member.value, "0 or 1"))
                case "name":
                    if let name = member.value.string {
                        findings += soundFile(name, childPath)
                    } else {
                        findings += string(member.value, childPath)
                    }
                case "volume": findings += unitInterval(member.value, childPath)
                default: findings.append(.apsKeyUnknown) { unknown(childPath, member.key, within: "aps.sound") }
                }
            }
            // A critical sound without a name plays the default critical sound (Apple,
            // "Generating a remote notification", sound dictionary: name, "default" for the system sound).
            let critical = value["critical"]?.isNumber(written: "1") == true
            if value["name"] == nil, !critical {
                findings.append(
                    Finding(
                        .soundNameMissing, path: path + ".name",
                        message:
                            "a sound dictionary needs a name; without one no sound plays (the alert and media still show)",
                        fix: "add \"name\": \"default\" (or a sound file in the app bundle)"))
            }
            return
        }
        findings.append(invalid(path, value, "a string (\"default\") or an object with critical, name and volume"))
    }

    // MARK: - Shapes

    private static func string(_ value: JSONView, _ path: String) -> [Finding] {
        value.isString ? [] : [invalid(path, value, "a string")]
    }

    private static func stringArray(_ value: JSONView, _ path: String) -> [Finding] {
        if let elements = value.elements, elements.allSatisfy(\.isString) { return [] }
        return [invalid(path, value, "an array of strings")]
    }

    private static func nonNegativeInteger(_ value: JSONView, _ path: String, _ expected: String) -> [Finding] {
        if let integer = value.integer, integer >= 0 { return [] }
        return [invalid(path, value, expected)]
    }

    private static func unitInterval(_ value: JSONView, _ path: String) -> [Finding] {
        if let number = value.double, number >= 0, number <= 1 { return [] }
        return [invalid(path, value, "a number from 0 to 1")]
    }

    private static func invalid(_ path: String, _ value: JSONView, _ expected: String) -> Finding {
        Finding(
            .apsKeyInvalidType, path: path,
            message: "\(path) is \(value.shortDescription); it must be \(expected)",
            fix: "set \(path) to \(expected)")
    }

    /// A known key whose value iOS cannot read: it ignores the key, and the push still shows.
    private static func ignored(_ path: String, _ value: JSONView, _ expected: String, _ lost: String) -> Finding {
        Finding(
            .apsKeyValueIgnored, path: path,
            message: "\(path) is \(value.shortDescription); iOS ignores it (\(lost)), the notification still shows",
            fix: "set \(path) to \(expected)")
    }

    private static func unknown(_ path: String, _ key: String, within parent: String) -> Finding {
        Finding(
            .apsKeyUnknown, path: path,
            message: "\(path) is not a key Apple defines in \(parent); iOS ignores it",
            fix:
                "remove \"\(Quoting.bounded(key))\" from \(parent), or move custom data to the top level of the payload"
        )
    }
}
