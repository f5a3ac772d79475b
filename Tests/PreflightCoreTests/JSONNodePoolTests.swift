import Testing

@testable import PreflightCore

/// The node blocks of freed documents, used again: a document parsed into a kept block reads its
/// own values only, and the pool stays within its bounds however many and however large the
/// documents (other tests parse at the same time, so the bounds are what is asserted, not counts).
@Suite struct JSONNodePoolTests {
    @Test func aDocumentParsedIntoAKeptArrayReadsItsOwnValues() throws {
        for round in 0..<50 {
            // A large document first, then a small one that may get its array: none of the first
            // one's nodes may show through.
            let large = try JSONDocument.parse(
                Array(#"{"aps":{"badge":\#(round),"sound":"a","alert":"b"},"x":[1,2,3]}"#.utf8))
            #expect(large.root["aps"]?["badge"]?.integer == Int64(round))
            _ = consume large
            let small = try JSONDocument.parse(Array(#"{"k":"v"}"#.utf8))
            #expect(small.root.members.map { Array($0).map(\.key) } == ["k"])
            #expect(small.root["k"]?.string == "v")
            #expect(small.root["aps"] == nil)
            #expect(small.nodes.count == 3)
        }
    }

    /// A text of more tiny values than its first block holds: the block grows as the parse goes,
    /// and every node written before it grew reads as written after.
    @Test func aBlockThatGrowsKeepsTheNodesReadBeforeIt() throws {
        let values = (0..<3_000).map(String.init).joined(separator: ",")
        let document = try JSONDocument.parse(Array("{\"a\":[\(values)],\"b\":true}".utf8))
        #expect(document.nodes.count == 3_005)
        let array = try #require(document.root["a"])
        #expect(array.elements?.count == 3_000)
        for position in [0, 1, 257, 1_999, 2_999] {
            #expect(array.element(at: position)?.integer == Int64(position))
        }
        #expect(document.root["b"] != nil)
        #expect(document.root.members.map { Array($0).map(\.key) } == ["a", "b"])
    }

    /// A text refused halfway hands its block back (to the pool, or freed past its bounds): many
    /// refusals leave the pool within them.
    @Test func aRefusedTextGivesItsBlockBack() {
        for _ in 0..<(JSONNodePool.maxArrays * 4) {
            #expect(throws: JSONParser.Failure.self) { try JSONDocument.parse(Array(#"{"a":[1,2,"#.utf8)) }
        }
        #expect(JSONNodePool.count <= JSONNodePool.maxArrays)
    }

    @Test func thePoolKeepsFewArraysAndNoLargeOne() throws {
        // More documents alive at once than the pool keeps, then all freed together.
        var documents: [JSONDocument] = []
        for index in 0..<(JSONNodePool.maxArrays * 2) {
            documents.append(try JSONDocument.parse(Array(#"{"i":\#(index)}"#.utf8)))
        }
        documents.removeAll()
        #expect(JSONNodePool.count <= JSONNodePool.maxArrays)
        // A document of far more nodes than `maxNodes`: its array is let go when it is freed.
        let wide = "[" + Array(repeating: "0", count: JSONNodePool.maxNodes * 2).joined(separator: ",") + "]"
        var huge: JSONDocument? = try JSONDocument.parse(Array(wide.utf8))
        #expect(huge?.nodes.count == JSONNodePool.maxNodes * 2 + 1)
        huge = nil
        #expect(JSONNodePool.largestCapacity <= JSONNodePool.maxNodes)
    }
}

/// A finding's text made with room reserved for its values reads as `String`'s interpolation.
@Suite struct FindingTextTests {
    @Test func itReadsAsAnInterpolatedString() {
        let field = "subtitle"
        let count = 123_456
        let text: FindingText = "the \(field) has \(count) characters; about the first \(44)"
        #expect(text.text == "the \(field) has \(count) characters; about the first \(44)")
        #expect(("plain" as FindingText).text == "plain")
        let long = String(repeating: "é", count: 100)
        #expect(("[\(long)]" as FindingText).text == "[" + long + "]")
    }
}
