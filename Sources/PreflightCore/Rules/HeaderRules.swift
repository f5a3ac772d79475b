/// The APNs header rules, one small function each.
public enum HeaderRules {
    /// A rule over the request's headers: it appends what it finds to the request's findings.
    /// Runs every header rule, in this order. Called one by one, not read from a table of
    /// closures: a table retained and released each closure and called it through a thunk, on
    /// every push.
    public static func apply(_ headers: APNsHeaders, _ findings: inout Findings) {
        pushType(headers, &findings)
        priority(headers, &findings)
        collapseID(headers, &findings)
        expiration(headers, &findings)
        topic(headers, &findings)
        topicSuffix(headers, &findings)
        apnsID(headers, &findings)
        channelID(headers, &findings)
        requestID(headers, &findings)
        broadcast(headers, &findings)
        duplicate(headers, &findings)
    }

    /// Apple, "Sending notification requests to APNs", `apns-id`: "a canonical UUID that's 36
    /// characters long", 32 hexadecimal digits in five groups, 8-4-4-4-12 (Apple shows them lower
    /// case; either case is taken here). APNs refuses another (`BadMessageId`).
    static func apnsID(_ headers: APNsHeaders, _ findings: inout Findings) {
        uuid(headers.id, header: "apns-id", code: .apnsIDInvalid, leaveOut: " (APNs makes one)", &findings)
    }

    /// `code` when a UUID header (`apns-id`, `apns-request-id`) holds something else.
    static func uuid(
        _ value: String?, header: String, code: FindingCode, leaveOut: String, _ findings: inout Findings
    ) {
        guard let value, !isUUID(value) else { return }
        findings.append(
            Finding(
                code, path: header,
                message:
                    "\(header) \"\(Quoting.bounded(value))\" is not a UUID (8-4-4-4-12 hexadecimal digits); APNs refuses the request",
                fix: "send a UUID such as 123e4567-e89b-12d3-a456-426614174000, or leave \(header) out\(leaveOut)"))
    }

    static func pushType(_ headers: APNsHeaders, _ findings: inout Findings) {
        guard let value = headers.pushType else {
            return findings.append(
                Finding(
                    .pushTypeMissing, path: "apns-push-type",
                    message: "no apns-push-type header was given, so Preflight assumed alert",
                    fix: "send apns-push-type: alert with rich notifications (APNs requires it for watchOS)"))
        }
        if !APNsHeaders.knownPushTypes.contains(value) {
            return findings.append(
                Finding(
                    .pushTypeInvalid, path: "apns-push-type",
                    message:
                        "apns-push-type \"\(Quoting.bounded(value))\" is not a push type APNs knows; APNs rejects the request",
                    fix: "set apns-push-type: alert"))
        }
    }

    static func priority(_ headers: APNsHeaders, _ findings: inout Findings) {
        guard let value = headers.priority else { return }
        if value == "1", (headers.pushType ?? "alert") == "alert" {
            // Apple, "Sending notification requests to APNs": 1 prioritizes the device's power
            // considerations over all other factors and prevents awakening the device.
            return findings.append(
                Finding(
                    .priorityLow, path: "apns-priority",
                    message:
                        "apns-priority 1 makes APNs hold the alert for a time that suits the device's power and never wakes it",
                    fix: "use apns-priority 10 (or 5) for an alert people should see"))
        }
        guard !["10", "5", "1"].contains(value) else { return }
        return findings.append(
            Finding(
                .priorityInvalid, path: "apns-priority",
                message: "apns-priority \"\(Quoting.bounded(value))\" is not 10, 5 or 1; APNs rejects the request",
                fix: "set apns-priority: 10 to deliver at once, or 5 to let the device save power"))
    }

    static func collapseID(_ headers: APNsHeaders, _ findings: inout Findings) {
        guard let value = headers.collapseID, value.utf8.count > 64 else { return }
        return findings.append(
            Finding(
                .collapseIDTooLong, path: "apns-collapse-id",
                message: "apns-collapse-id is \(value.utf8.count) bytes; APNs allows at most 64",
                fix: "shorten apns-collapse-id to 64 bytes or fewer (a hash of a longer id works)"))
    }

    static func expiration(_ headers: APNsHeaders, _ findings: inout Findings) {
        guard let value = headers.expiration else { return }
        if !value.isEmpty, value.utf8.count <= 19, value.allSatisfy(\.isASCIIDigit), let seconds = Int64(value) {
            // Apple: "a UNIX epoch date expressed in seconds". 10^11 s is the year 5138; a
            // millisecond time stamp of today is about 1.8 x 10^12.
            guard seconds > 100_000_000_000 else { return }
            return findings.append(
                Finding(
                    .expirationMilliseconds, path: "apns-expiration",
                    message:
                        "apns-expiration \(value) is a date thousands of years away: it looks like milliseconds, and APNs reads seconds",
                    fix: "divide by 1000: apns-expiration is UNIX time in seconds"))
        }
        return findings.append(
            Finding(
                .expirationInvalid, path: "apns-expiration",
                message: "apns-expiration \"\(Quoting.bounded(value))\" is not a non-negative integer (UNIX seconds)",
                fix: "set apns-expiration to a UNIX time in seconds, or 0 to deliver once and not store"))
    }

    static func topic(_ headers: APNsHeaders, _ findings: inout Findings) {
        guard let value = headers.topic, value.trimmed.isEmpty else { return }
        return findings.append(
            Finding(
                .topicEmpty, path: "apns-topic",
                message: "apns-topic is present but empty; APNs rejects the request",
                fix: "set apns-topic to the app's bundle id, or leave the header out with certificate auth"))
    }

    static func topicSuffix(_ headers: APNsHeaders, _ findings: inout Findings) {
        // Apple, "Sending notification requests to APNs": alert and background pushes use "your
        // app's bundle ID as the topic".
        let pushType = headers.pushType ?? "alert"
        guard pushType == "alert" || pushType == "background", let topic = headers.topic,
            let (suffix, kind) = APNsHeaders.topicSuffixes.first(where: { topic.hasSuffix($0.suffix) })
        else { return }
        let what = pushType == "alert" ? "an alert" : "a background push"
        return findings.append(
            Finding(
                .topicPushTypeMismatch, path: "apns-topic",
                message:
                    "apns-topic \(topic) ends in \(suffix), the topic of \(kind) pushes; \(what) must use the app's bundle id",
                fix: "set apns-topic to the bundle id alone: \(topic.dropLast(suffix.count))"))
    }
}
