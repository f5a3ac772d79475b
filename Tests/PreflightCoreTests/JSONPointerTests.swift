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
}
