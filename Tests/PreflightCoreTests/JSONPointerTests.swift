import PreflightCore
import Testing

@Suite struct JSONPointerTests {
    let document = try! JSONParser.parse(
        Array(
            #"{"a":{"b":1},"x/y":2,"m~n":3,"att":{"id":"u1","img":"u2"},"list":["p","q"],"com.urbanairship.media_attachment":{"url":["u3"]}}"#
                .utf8)
    ).value

    @Test(arguments: [
        ("/a/b", ["/a/b"]),
        ("/x~1y", ["/x~1y"]),
        ("/m~0n", ["/m~0n"]),
        ("/att/*", ["/att/id", "/att/img"]),
        ("/list/1", ["/list/1"]),
        ("/list/*", ["/list/0", "/list/1"]),
        ("/list/01", []),
        ("/list/2", []),
        ("/com.urbanairship.media_attachment/url/0", ["/com.urbanairship.media_attachment/url/0"]),
        ("/nope", []),
        ("/a/b/c", []),
    ])
    func resolvesInDocumentOrder(text: String, found: [String]) throws {
        let pointer = try JSONPointer(text)
        #expect(pointer.resolve(in: document).map(\.pointer) == found)
    }

    @Test func theValuesAreThePointedOnes() throws {
        #expect(try JSONPointer("/att/*").resolve(in: document).map(\.value.string) == ["u1", "u2"])
        #expect(try JSONPointer("").resolve(in: document).count == 1)
    }

    @Test(arguments: ["image", "/a~2b", "/a~"])
    func malformedPointersAreRefused(text: String) {
        #expect(throws: JSONPointer.Problem.self) { try JSONPointer(text) }
    }

    @Test func dottedKeysOf03BecomePointers() {
        #expect(JSONPointer.fromDotted("aps.image-url") == "/aps/image-url")
        #expect(JSONPointer.fromDotted("att.id") == "/att/id")
    }

    // MARK: - The wildcard's bound

    /// `{"aps":{...},"g0":{"x":{}},...}` with `groups` groups, then `tail`.
    static func groups(_ groups: Int, head: String = "", tail: String = "") -> JSONDocument {
        var text = #"{"# + head + #""aps":{"alert":"a","mutable-content":1}"#
        for index in 0..<groups { text += #","g\#(index)":{"x":{}}"# }
        text += tail + "}"
        return try! JSONDocument.parse(Array(text.utf8))
    }

    /// `/*/*/url` over 2,000 groups before the one with a URL: the search looks at exactly
    /// `maxCandidates` children (aps and its 2 members, then 2 per group) and stops, cut.
    @Test func aWildcardLooksAtTheFirstCandidatesOnly() throws {
        let pointer = try JSONPointer("/*/*/url")
        let document = Self.groups(2000, tail: #","last":{"m":{"url":"u"}}"#)
        let search = pointer.search(in: document.root, limit: 1, skippingNull: true)
        #expect(search.examined == JSONPointer.maxCandidates)
        #expect(search.cut)
        #expect(search.matches.isEmpty)
        #expect(pointer.first(in: document.root) == nil)
    }

    /// The first match ends the search: two candidates looked at, one pointer written.
    @Test func aWildcardStopsAtTheFirstMatch() throws {
        let pointer = try JSONPointer("/*/*/url")
        let document = Self.groups(2000, head: #""first":{"m":{"url":"u"}},"#)
        let search = pointer.search(in: document.root, limit: 1, skippingNull: true)
        #expect(search.examined == 2)
        #expect(!search.cut)
        #expect(search.matches.map(\.pointer) == ["/first/m/url"])
    }

    /// `resolve` returns what the first `maxCandidates` children reach: 498 groups of a URL each
    /// (aps and its members take 3 candidates, each group 2; the 499th is cut inside).
    @Test func resolveIsBoundedToo() throws {
        var text = #"{"aps":{"alert":"a","mutable-content":1}"#
        for index in 0..<2000 { text += #","g\#(index)":{"m":{"url":"u\#(index)"}}"# }
        let document = try JSONDocument.parse(Array((text + "}").utf8))
        let found = try JSONPointer("/*/*/url").resolve(in: document.root)
        #expect(found.count == 498)
        #expect(found.last?.pointer == "/g497/m/url")
    }
}
