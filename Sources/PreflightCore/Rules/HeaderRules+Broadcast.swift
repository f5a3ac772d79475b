/// The rules of a broadcast Live Activity push (a request that names a channel) and of headers
/// given more than once.
///
/// Apple, "Sending broadcast push notification requests to APNs": `apns-channel-id` is
/// "Required", "a base64-encoded string that identifies the channel to publish the payload";
/// `apns-request-id` is optional and "must be encoded as a UUID string"; `apns-push-type`,
/// `apns-expiration` and `apns-priority` are required; "You can't use broadcast push
/// notifications to start a Live Activity"; the payload may be 5 KB (5,120 bytes).
extension HeaderRules {
    /// The payload limit of a broadcast push (Apple, "Sending broadcast push notification
    /// requests to APNs": 5 KB, as for VoIP).
    public static let broadcastMaxBytes = 5120

    /// A canonical UUID: 36 characters, hexadecimal digits in five groups 8-4-4-4-12 (either case).
    static func isUUID(_ value: String) -> Bool {
        let groups = value.split(separator: "-", omittingEmptySubsequences: false)
        return value.utf8.count == 36 && groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// Base64 as RFC 4648 section 4 writes it: the 64-letter alphabet, padded with `=` to a
    /// multiple of four characters. Apple's own example of a channel id is `c29tZUNoYW5uZWw=`
    /// (ActivityKit, `PushType.channel(_:)`).
    static func isBase64(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { return false }
        let padding = bytes.reversed().prefix(while: { $0 == UInt8(ascii: "=") }).count
        guard padding <= 2 else { return false }
        return bytes.dropLast(padding).allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                true
            default: false
            }
        }
    }

    static func channelID(_ headers: APNsHeaders, _ findings: inout Findings) {
        guard let value = headers.channelID, !isBase64(value) else { return }
        findings.append(
            Finding(
                .channelIDInvalid, path: "apns-channel-id",
                message:
                    "apns-channel-id \"\(Quoting.bounded(value))\" is not base64; APNs names a channel by the base64 id it returned when the channel was created, and refuses another",
                fix:
                    "send the channel id exactly as APNs returned it (the apns-channel-id of the channel management answer)"
            ))
    }

    static func requestID(_ headers: APNsHeaders, _ findings: inout Findings) {
        uuid(headers.requestID, header: "apns-request-id", code: .requestIDInvalid, leaveOut: "", &findings)
    }

    /// A channel id makes the request a broadcast: it must be a Live Activity push, with the
    /// headers Apple marks "Required" for a broadcast.
    static func broadcast(_ headers: APNsHeaders, _ findings: inout Findings) {
        guard headers.channelID != nil, !headers.repeated.contains("apns-channel-id") else { return }
        if let pushType = headers.pushType, pushType != "liveactivity" {
            findings.append(
                Finding(
                    .broadcastPushType, path: "apns-push-type",
                    message:
                        "apns-channel-id makes this a broadcast push, which updates Live Activities only; apns-push-type is \(Quoting.bounded(pushType)), and APNs refuses it",
                    fix: "send apns-push-type: liveactivity with a channel id, or drop apns-channel-id for another push"
                ))
        }
        for (name, value) in [
            ("apns-push-type", headers.pushType), ("apns-priority", headers.priority),
            ("apns-expiration", headers.expiration),
        ] where value == nil && !headers.repeated.contains(name) {
            findings.append(
                Finding(
                    .broadcastHeaderMissing, path: name,
                    message: "a broadcast push (apns-channel-id) needs \(name); APNs refuses it without",
                    fix: name == "apns-push-type"
                        ? "send apns-push-type: liveactivity"
                        : name == "apns-priority"
                            ? "send apns-priority: 10 (or 5)"
                            : "send apns-expiration (UNIX seconds; 0 for a channel that stores no message)"))
        }
    }

    /// A header given more than once: APNs answers 400 `DuplicateHeaders` (Apple, "Handling
    /// notification responses from APNs", the error table).
    static func duplicate(_ headers: APNsHeaders, _ findings: inout Findings) {
        for name in headers.repeated {
            findings.append(
                Finding(
                    .headerDuplicate, path: name,
                    message: "\(name) is given more than once; APNs refuses the request (400 DuplicateHeaders)",
                    fix: "send \(name) once"))
        }
    }

    /// The payload limit for these headers: a broadcast's, else the push type's.
    public static func limit(_ headers: APNsHeaders, configuration: PreflightConfiguration) -> Int {
        headers.channelID != nil
            ? broadcastMaxBytes : PayloadRules.limit(pushType: headers.pushType, configuration: configuration)
    }

    /// A broadcast that starts a Live Activity (`aps.event` "start"): "You can't use broadcast
    /// push notifications to start a Live Activity" (Apple, "Sending broadcast push notification
    /// requests to APNs"); a start goes to a push-to-start token.
    public static func broadcastEvent(_ root: JSONView, headers: APNsHeaders, _ findings: inout Findings) {
        guard headers.channelID != nil, root["aps"]?["event"]?.isString("start") == true else { return }
        findings.append(
            Finding(
                .broadcastStart, path: "aps.event",
                message:
                    "aps.event is start in a broadcast push (apns-channel-id); broadcasts only update and end Live Activities, a start is not delivered",
                fix: "send the start to the push-to-start token of each device, and broadcast the updates and the end"))
    }
}
