import Testing

@testable import PreflightCore

/// The node arrays of freed documents, used again: a document parsed into a kept array reads its
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
