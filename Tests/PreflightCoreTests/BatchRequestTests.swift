import Testing

@testable import PreflightCore

/// A batch item's payload object is judged from its part of the batch's tree instead of
/// being written back and parsed again; what it is judged on must be exactly what a parse gives.
@Suite struct BatchRequestTests {
    @Test func anItemsTreeIsWhatParsingItsBytesGives() throws {
        let body = #"""
            {"items": [
              {"payload": {"aps": {"alert": "a", "badge": 1, "badge": 2, "mutable-content": 1}, "image": "https://x/a.jpg", "image": "https://x/b.jpg"}},
              {"payload": {"aps": {"alert": {"title": "t", "title": "u"}}, "n": [1, {"k": 1, "k": 2}]}, "headers": {"apns-push-type": "alert"}},
              {"payload": "{\"aps\":{\"alert\":\"s\",\"sound\":\"x\",\"sound\":\"y\"}}"},
              {"payload": {"aps": {}}}
            ]}
            """#
        let batch = try BatchRequest.parse(Array(body.utf8))
        #expect(batch.items.count == 4)
        for (index, item) in batch.items.enumerated() {
            let reparsed = try JSONParser.parse(item.payload)
            guard let parsed = item.parsed else {
                // A payload given as a string is parsed from its bytes, as a single request's.
                #expect(index == 2)
                continue
            }
            #expect(parsed.root.value == reparsed.value, "item \(index)")
            #expect(parsed.duplicateKeyPaths(limit: 10) == reparsed.duplicateKeys, "item \(index)")
        }
        #expect(batch.items[0].parsed?.duplicateKeyPaths(limit: 10) == ["aps.badge", "image"])
        #expect(batch.items[1].parsed?.duplicateKeyPaths(limit: 10) == ["aps.alert.title", "n[1].k"])
        let inspector = PayloadInspector(configuration: PreflightConfiguration())
        for item in batch.items {
            let fromTree = inspector.inspect(body: item.payload, headers: item.headers, parsed: item.parsed)
            let fromBytes = inspector.inspect(body: item.payload, headers: item.headers)
            #expect(fromTree.report.jsonBytes == fromBytes.report.jsonBytes)
        }
    }

    /// An item's headers read from their keys' bytes set what giving each header by its name
    /// sets: APNs's names as spelled, in capitals, repeated, Azure's, unknown ones ignored or
    /// refused, exactly as the HTTP headers are.
    @Test func anItemsHeadersAreGivenAsByName() throws {
        let pairs: [(String, String)] = [
            ("apns-push-type", "alert"), ("APNS-PRIORITY", "5"), ("apns-topic", "a.b"), ("apns-topic", "c.d"),
            ("apns-expiration", "0"), ("apns-channel-id", "ch"), ("apns-request-id", "r"), ("apns-collapse-id", "k"),
            ("apns-id", "i"), ("servicebusnotification-format", "apple"), ("x-other", "y"),
        ]
        var byName = APNsHeaders()
        for (name, value) in pairs { byName.give(name, value) }
        let members = pairs.map { #""\#($0.0)": "\#($0.1)""# }.joined(separator: ", ")
        let body = #"{"items": [{"payload": {"aps": {"alert": "a"}}, "headers": {"# + members + "}}]}"
        let item = try #require(try BatchRequest.parse(Array(body.utf8)).items.first)
        #expect(item.headers == byName)
        #expect(item.headers.repeated == ["apns-topic"])
        #expect(item.headers.priority == "5")
        for field in APNsHeaders.Field.allCases {
            let spelled = Array(field.name.utf8).withUnsafeBufferPointer { APNsHeaders.Field(spelled: $0) }
            #expect(spelled == field)
            let upper = Array(field.name.uppercased().utf8).withUnsafeBufferPointer { APNsHeaders.Field(spelled: $0) }
            #expect(upper == nil)
            let longer = Array((field.name + "s").utf8).withUnsafeBufferPointer { APNsHeaders.Field(spelled: $0) }
            #expect(longer == nil)
        }
        let refused = #"{"items": [{"payload": "{}", "headers": {"apns-foo": "1"}}]}"#
        #expect(throws: BatchRequest.Problem.self) { try BatchRequest.parse(Array(refused.utf8)) }
    }

    /// An item's keys are told from their bytes in one walk: each of the four is read however
    /// it is written (an escape included), and a key of the same length and first letters that
    /// is not one of them is refused by name.
    @Test func anItemsKeysAreToldFromTheirBytes() throws {
        let body = #"""
            {"items": [{"pay\u006coad": {"aps": {"alert": "a"}}, "profile": "generic", "format": "apns",
              "headers": {"apns-priority": "5"}}]}
            """#
        let item = try #require(try BatchRequest.parse(Array(body.utf8)).items.first)
        #expect(item.parsed != nil)
        #expect(item.profile == "generic")
        #expect(item.format == "apns")
        #expect(item.headers.priority == "5")
        for key in [
            "paylaod", "pzyload", "profilx", "prefile", "headerz", "Headers", "formal", "header", "payloads", "",
        ] {
            let refused = #"{"items": [{"payload": "{}", "\#(key)": 1}]}"#
            let error = #expect(throws: BatchRequest.Problem.self) { try BatchRequest.parse(Array(refused.utf8)) }
            #expect(error?.message.hasPrefix("items[0].\(key) is not a batch item key") == true, "\(key)")
        }
    }
}
