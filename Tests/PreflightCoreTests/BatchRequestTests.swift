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
}
