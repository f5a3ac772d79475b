/// The body of `POST /v1/preflight/batch`: `{"items": [{"payload": ..., "headers": {...}}, ...]}`.
///
/// A payload given as a string is judged byte for byte (its UTF-8); one given as an object is
/// judged as compact JSON written back from what was read (key order, repeated keys and numbers
/// as written are kept; whitespace is not).
public struct BatchRequest: Sendable {
    public struct Item: Sendable {
        public var payload: [UInt8]
        /// For a payload given as an object: its part of the batch's document and its repeated
        /// keys (exactly what parsing `payload` gives), so it is not parsed a second time.
        public var parsed: ParsedPayload?
        public var headers: APNsHeaders
        /// The item's `profile`, if it names one.
        public var profile: String?
        /// The item's envelope `format`, if it names one (else the request's, else detected).
        public var format: String?
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
        let root = document.root
        let duplicates = document.duplicateKeys
        guard root.isObject, let elements = root["items"]?.elements else {
            throw Problem(message: "the batch must be an object with an \"items\" array")
        }
        guard !elements.isEmpty, elements.count <= maxItems else {
            throw Problem(message: "a batch holds 1 to \(maxItems) items, not \(elements.count)")
        }
        var items: [Item] = []
        for (index, element) in elements.enumerated() {
            items.append(try item(element, index: index, duplicates: duplicates))
        }
        return BatchRequest(items: items)
    }

    /// - Parameter duplicates: the batch's repeated keys; the payload's are taken from them.
    private static func item(_ element: JSONView, index: Int, duplicates: [String]) throws(Problem) -> Item {
        guard let members = element.members else { throw Problem(message: "items[\(index)] is not an object") }
        for member in members where !["payload", "headers", "profile", "format"].contains(member.key) {
            throw Problem(
                message: "items[\(index)].\(member.key) is not a batch item key (payload, headers, profile, format)")
        }
        let payload: [UInt8]
        var parsed: ParsedPayload?
        if let given = element["payload"], let text = given.string {
            payload = Array(text.utf8)
        } else if let given = element["payload"], given.isObject {
            var writer = JSONWriter()
            writer.value(given)
            payload = writer.bytes
            // The payload's repeated keys, at their paths inside the payload.
            let prefix = "items[\(index)].payload."
            parsed = ParsedPayload(
                root: given,
                duplicateKeys: duplicates.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
        } else {
            throw Problem(message: "items[\(index)].payload must be the payload object, or its exact bytes as a string")
        }
        var headers = APNsHeaders()
        if let given = element["headers"] {
            guard let pairs = given.members else {
                throw Problem(message: "items[\(index)].headers must be an object of strings")
            }
            for pair in pairs {
                guard let value = pair.value.string else {
                    throw Problem(message: "items[\(index)].headers.\(pair.key) must be a string")
                }
                if headers.set(pair.key, value) == .unknownAPNsHeader {
                    throw Problem(
                        message:
                            "items[\(index)].headers.\(pair.key) is not a header APNs defines (\(APNsHeaders.names.joined(separator: ", ")))"
                    )
                }
            }
        }
        var profile: String?
        if let given = element["profile"] {
            guard let name = given.string else { throw Problem(message: "items[\(index)].profile must be a string") }
            profile = name
        }
        var format: String?
        if let given = element["format"] {
            guard let name = given.string else { throw Problem(message: "items[\(index)].format must be a string") }
            format = name
        }
        return Item(payload: payload, parsed: parsed, headers: headers, profile: profile, format: format)
    }
}
