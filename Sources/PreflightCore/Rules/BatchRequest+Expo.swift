extension BatchRequest {
    /// An Expo request body, parsed once: its messages, or the document to judge as one request.
    public enum ExpoBody: Sendable {
        /// An array of Expo messages, as batch items.
        case messages(BatchRequest)
        /// A JSON array that is judged as one request (not Expo's shape, or one Expo refuses whole,
        /// past 100 notifications): its parse, handed to `PayloadInspector.inspect(parsed:)`.
        case one(ParsedPayload)

        /// The batch, when the body is one.
        public var messages: BatchRequest? {
            if case .messages(let batch) = self { return batch }
            return nil
        }

        /// The parse to hand on, when the body is judged as one request.
        public var parsed: ParsedPayload? {
            if case .one(let parsed) = self { return parsed }
            return nil
        }
    }

    /// An Expo push request that is an array of messages, as batch items (one report each, in
    /// order, all under `headers`); else the array's parse, to be judged as one request (an
    /// array Expo refuses whole, past 100 notifications, gets its finding there); nil when the
    /// body is no JSON array (or `format` is another provider's), which is then parsed as a payload.
    ///
    /// The body is an Expo array when `ExpoEnvelope.messageRoot` says so: `format` is `expo`, or
    /// it is nil and the array's shape is Expo's. A body whose first byte is not `[` is not parsed here.
    ///
    /// ```swift
    /// if let batch = BatchRequest.expoBody(body, format: options.format, headers: headers)?.messages { ... }
    /// ```
    public static func expoBody(_ body: [UInt8], format: EnvelopeFormat?, headers: APNsHeaders) -> ExpoBody? {
        guard format == nil || format == .expo,
            body.first(where: { !isJSONWhitespace($0) }) == UInt8(ascii: "["),
            let document = try? JSONDocument.parse(body)
        else { return nil }
        // Held to the end: the views below read it, and a view does not hold its document.
        defer { withExtendedLifetime(document) {} }
        let whole = ParsedPayload(document)
        guard let root = ExpoEnvelope.messageRoot(document.root, format: format), let elements = root.elements,
            !elements.isEmpty
        else { return .one(whole) }
        let messages = elements.map(\.value)
        guard messages.reduce(0, { $0 + ExpoEnvelope.notifications($1) }) <= ExpoEnvelope.maxNotifications else {
            return .one(whole)
        }
        return .messages(
            BatchRequest(
                items: elements.map { element in
                    var writer = JSONWriter()
                    writer.value(element)
                    return Item(
                        givenBytes: writer.finished(), parsed: nil, headers: headers, profile: nil, format: "expo")
                }))
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
