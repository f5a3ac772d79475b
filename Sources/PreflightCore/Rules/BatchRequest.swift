/// The body of `POST /v1/preflight/batch`: `{"items": [{"payload": ..., "headers": {...}}, ...]}`.
///
/// A payload given as a string is judged byte for byte (its UTF-8); one given as an object is
/// judged as compact JSON written back from what was read (key order, repeated keys and numbers
/// as written are kept; whitespace is not).
public struct BatchRequest: Sendable {
    public struct Item: Sendable {
        /// The payload's bytes when they were given as a string (or made: an Expo message's);
        /// empty for a payload given as an object, which `parsed` stands for.
        public var givenBytes: [UInt8]
        /// For a payload given as an object: its part of the batch's document, its repeated keys
        /// and its byte count (exactly what parsing `payload` gives), so it is neither parsed a
        /// second time nor copied out of the batch.
        public var parsed: ParsedPayload?
        public var headers: APNsHeaders
        /// The item's `profile`, if it names one.
        public var profile: String?
        /// The item's envelope `format`, if it names one (else the request's, else detected).
        public var format: String?

        /// The payload's bytes: as given, or the object written compact.
        public var payload: [UInt8] { parsed?.bytes ?? givenBytes }

        /// An item with no payload and no headers: what is left in a batch's place of an item
        /// moved out (nothing allocated for it).
        public static var empty: Item {
            Item(givenBytes: [], parsed: nil, headers: APNsHeaders(), profile: nil, format: nil)
        }
    }

    /// Why a batch body is refused, for a 400 answer.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// Items allowed in one batch.
    public static let maxItems = 100

    public var items: [Item]

    /// Reads a batch body.
    public static func parse(_ bytes: [UInt8]) throws(Problem) -> BatchRequest {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            throw Problem(message: "the batch is not valid JSON: \(error.message)")
        }
        // Held to the end: the views below read it, and a view does not hold its document (each
        // item's `ParsedPayload` holds it after).
        defer { withExtendedLifetime(document) {} }
        let root = document.root
        // A repeated key would be read as its last value: a sender that meant the first would be
        // told about a batch it did not send.
        if let repeated = root.members.flatMap({ repeatedKey(of: $0) }) {
            throw Problem(message: "the batch repeats the key \"\(Quoting.bounded(repeated))\"; give it once")
        }
        guard root.isObject, let elements = root["items"]?.elements else {
            throw Problem(message: "the batch must be an object with an \"items\" array")
        }
        guard !elements.isEmpty, elements.count <= maxItems else {
            throw Problem(message: "a batch holds 1 to \(maxItems) items, not \(elements.count)")
        }
        let repeatedKeys = Self.repeatedKeys(document.repeatedKeys, under: elements.map { $0["payload"] })
        var items: [Item] = []
        // Room for every item at once: grown by doubling, the array copied its items (a few
        // hundred bytes each, the headers inline) eight times for a hundred.
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            items.append(
                try item(element, of: document, label: "items[\(index)]", repeatedKeys: repeatedKeys[index]))
        }
        return BatchRequest(items: items)
    }

    /// The first key of `members` that an earlier one repeats (keys compared as the parser does).
    private static func repeatedKey(of members: JSONView.Members) -> String? {
        // The parser lists every repeated key of the document: with none, no object repeats one
        // (a batch of a hundred items asks a hundred and one times).
        guard members.documentRepeatsKeys else { return nil }
        var seen = Set<[UInt8]>()
        for member in members where !seen.insert(Array(member.key.utf8)).inserted { return member.key }
        return nil
    }

    /// The repeated keys inside each payload object, in the order read: each key node is placed
    /// by a binary search over the payloads' node ranges (disjoint, in document order), so no path
    /// is made and no list is scanned once per item.
    static func repeatedKeys(_ keys: [UInt32], under payloads: [JSONView?]) -> [[UInt32]] {
        var ranges: [(range: Range<Int>, item: Int)] = []
        ranges.reserveCapacity(payloads.count)
        for (item, payload) in payloads.enumerated() {
            guard let payload, payload.isObject else { continue }
            ranges.append((payload.index..<Int(payload.node.end), item))
        }
        var grouped = [[UInt32]](repeating: [], count: payloads.count)
        guard !ranges.isEmpty else { return grouped }
        for key in keys {
            let node = Int(key)
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].range.upperBound <= node { low = middle + 1 } else { high = middle }
            }
            if low < ranges.count, ranges[low].range.contains(node) { grouped[ranges[low].item].append(key) }
        }
        return grouped
    }

    /// The keys a batch item may have, in the order the messages list them (`ItemKey`'s).
    public static let itemKeys = ItemKey.allCases.map { $0.name.description }

    /// A key a batch item may have, told from the key's bytes: the only key they could be from
    /// their length and first byte, then compared through pointers (as `APSKey`).
    private enum ItemKey: CaseIterable {
        case payload, headers, profile, format

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            let key: ItemKey
            switch (bytes.count, bytes.first) {
            case (6, UInt8(ascii: "f")): key = .format
            case (7, UInt8(ascii: "h")): key = .headers
            case (7, UInt8(ascii: "p")): key = bytes[2] == UInt8(ascii: "y") ? .payload : .profile
            default: return nil
            }
            guard APSKey.equals(bytes, key.name) else { return nil }
            self = key
        }

        var name: StaticString {
            switch self {
            case .payload: "payload"
            case .headers: "headers"
            case .profile: "profile"
            case .format: "format"
            }
        }
    }

    /// - Parameters:
    ///   - label: how the messages name the item (`items[3]`), made only for a message.
    ///   - document: the document `element` reads, which the item's payload holds.
    ///   - repeatedKeys: the key nodes of the repeated keys inside the item's payload.
    static func item(
        _ element: JSONView, of document: JSONDocument, label makeLabel: @autoclosure () -> String,
        repeatedKeys: [UInt32]
    ) throws(Problem) -> Item {
        guard let members = element.members else { throw Problem(message: "\(makeLabel()) is not an object") }
        // One walk over the item's members, each key told from the bytes it is written with (a
        // `String` is made only for one refused); the values are read after the repeated-key
        // check, so a repeated key is refused as before, not read as its last value.
        var given: (payload: Int?, headers: Int?, profile: Int?, format: Int?)
        for (key, value) in element.memberIndices {
            switch element.withStringBytes(node: key, { ItemKey($0) }) {
            case .payload: given.payload = value
            case .headers: given.headers = value
            case .profile: given.profile = value
            case .format: given.format = value
            case nil:
                throw Problem(
                    message:
                        "\(makeLabel()).\(Quoting.bounded(element.string(node: key))) is not a batch item key (\(itemKeys.joined(separator: ", ")))"
                )
            }
        }
        if let repeated = repeatedKey(of: members) {
            throw Problem(message: "\(makeLabel()) repeats the key \"\(repeated)\"; give it once")
        }
        var payload: [UInt8] = []
        var parsed: ParsedPayload?
        let value = given.payload.map { element.view($0) }
        if let value, let text = value.string {
            payload = Array(text.utf8)
        } else if let value, value.isObject {
            parsed = ParsedPayload(HeldView(value, of: document), repeatedKeys: repeatedKeys[...])
        } else {
            throw Problem(message: "\(makeLabel()).payload must be the payload object, or its exact bytes as a string")
        }
        // Made once: an empty table assigned over was a second one to destroy.
        let headers: APNsHeaders
        if let node = given.headers {
            headers = try Self.headers(element.view(node), label: makeLabel())
        } else {
            headers = APNsHeaders()
        }
        var profile: String?
        if let node = given.profile {
            guard let name = element.view(node).string else {
                throw Problem(message: "\(makeLabel()).profile must be a string")
            }
            profile = name
        }
        var format: String?
        if let node = given.format {
            guard let name = element.view(node).string else {
                throw Problem(message: "\(makeLabel()).format must be a string")
            }
            format = name
        }
        return Item(givenBytes: payload, parsed: parsed, headers: headers, profile: profile, format: format)
    }

    /// An item's `headers` object. A repeated APNs header is the item's finding
    /// (`headers.duplicate`), as over HTTP. A name spelled as APNs spells it is found from its
    /// key's bytes; any other is made a `String` and given as over HTTP (lowercased, an unknown
    /// `apns-` name refused).
    private static func headers(_ given: JSONView, label: @autoclosure () -> String) throws(Problem) -> APNsHeaders {
        guard given.isObject else { throw Problem(message: "\(label()).headers must be an object of strings") }
        var headers = APNsHeaders()
        for (key, valueIndex) in given.memberIndices {
            guard let value = given.view(valueIndex).string else {
                throw Problem(message: "\(label()).headers.\(given.string(node: key)) must be a string")
            }
            if let field = given.withStringBytes(node: key, { APNsHeaders.Field(spelled: $0) }), field.isAPNs {
                headers.give(field, value)
            } else if headers.give(given.string(node: key), value) == .unknownAPNsHeader {
                throw Problem(
                    message:
                        "\(label()).headers.\(given.string(node: key)) is not a header APNs defines (\(APNsHeaders.names.joined(separator: ", ")))"
                )
            }
        }
        return headers
    }
}
