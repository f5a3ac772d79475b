import PreflightCore
import Testing

@Suite struct BulkLineTests {
    static func read(_ line: String) -> BulkLine {
        BulkLine.read(Array(line.utf8), format: nil, headers: APNsHeaders())
    }

    /// Only an object whose keys are all item keys, `payload` among them, is a batch item.
    @Test(arguments: [
        (#"{"payload":{"aps":{}},"headers":{"apns-push-type":"alert"},"profile":"braze"}"#, "item"),
        (#"{"payload":"{\"aps\":{}}"}"#, "item"),
        (#"{"payload":{"aps":{}},"aps":{}}"#, "payload"),
        (#"{"headers":{},"profile":"braze"}"#, "payload"),
        (#"{"aps":{"alert":"hi"}}"#, "payload"),
        ("not json", "payload"),
        (#"{"payload":{"aps":{}},"headers":{"apns-foo":"1"}}"#, "invalid"),
        (#"{"payload":{"aps":{}},"payload":{"aps":{}}}"#, "invalid"),
        (#"{"payload":7}"#, "invalid"),
        (#"[{"to":"ExponentPushToken[a]","body":"x"},{"to":"ExponentPushToken[b]","body":"y"}]"#, "messages"),
    ])
    func whatALineIs(line: String, kind: String) {
        switch Self.read(line) {
        case .item: #expect(kind == "item", "\(line)")
        case .payload: #expect(kind == "payload", "\(line)")
        case .invalidItem: #expect(kind == "invalid", "\(line)")
        case .messages(let batch):
            #expect(kind == "messages", "\(line)")
            #expect(batch.items.count == 2)
        }
    }

    @Test func anItemKeepsItsHeadersProfileAndRepeatedKeys() throws {
        guard
            case .item(let item, let hasHeaders) = Self.read(
                #"{"payload":{"aps":{"alert":"a","alert":"b"}},"headers":{"apns-push-type":"background"},"profile":"braze","format":"apns"}"#
            )
        else {
            Issue.record("not an item")
            return
        }
        #expect(hasHeaders)
        #expect(item.headers.pushType == "background")
        #expect(item.profile == "braze")
        #expect(item.format == "apns")
        let parsed = try #require(item.parsed)
        #expect(parsed.duplicateKeyCount == 1)
    }

    @Test func aRefusedItemSaysWhy() {
        guard case .invalidItem(let problem) = Self.read(#"{"payload":{"aps":{}},"headers":{"apns-foo":"1"}}"#) else {
            Issue.record("not refused")
            return
        }
        #expect(problem.message.hasPrefix("item.headers.apns-foo is not a header APNs defines"))
    }
}
