extension BatchRequest {
    /// An Expo push request that is an array of messages, as batch items (one report each, in
    /// order, all under `headers`); nil when the body is anything else, which is then judged as
    /// one request (an array Expo refuses whole, past 100 notifications, gets its finding there).
    ///
    /// The body is an Expo array when `format` is `expo`, or when it is nil and the array's shape
    /// is Expo's (`EnvelopeFormat.detect`). A body whose first byte is not `[` is not parsed here.
    ///
    /// ```swift
    /// if let batch = BatchRequest.expoMessages(body, format: options.format, headers: headers) { ... }
    /// ```
    public static func expoMessages(_ body: [UInt8], format: EnvelopeFormat?, headers: APNsHeaders) -> BatchRequest? {
        guard format == nil || format == .expo,
            body.first(where: { !isJSONWhitespace($0) }) == UInt8(ascii: "[")
        else { return nil }
        guard let document = try? JSONDocument.parse(body), let elements = document.root.elements,
            !elements.isEmpty
        else { return nil }
        if format == nil, EnvelopeFormat.detect(document.root) != .expo { return nil }
        let messages = elements.map(\.value)
        guard messages.reduce(0, { $0 + ExpoEnvelope.notifications($1) }) <= ExpoEnvelope.maxNotifications else {
            return nil
        }
        return BatchRequest(
            items: elements.map { element in
                var writer = JSONWriter()
                writer.value(element)
                return Item(payload: writer.bytes, parsed: nil, headers: headers, profile: nil, format: "expo")
            })
    }

    /// RFC 8259's insignificant whitespace. A switch, not an array literal: this runs on every
    /// request, and a literal there was one heap allocation each.
    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }
}
