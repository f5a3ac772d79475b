import Testing

@testable import PreflightCore

/// A view holds no reference to its document (`JSONView`): a value that keeps a view keeps the
/// document beside it. Each test reads a kept view after every other holder of its document is
/// gone; in a debug build a freed document's nodes are made nulls, so a value that did not hold
/// its document would read nulls here.
@Suite struct JSONViewLifetimeTests {
    static let payload = #"{"aps":{"alert":"Hi","mutable-content":1},"image":"https://a.test/i.jpg"}"#

    /// `inspect` parses the body itself: the inspection is all that is left holding the document.
    @Test func anInspectionHoldsTheDocumentItsRootReads() {
        let inspection = PayloadInspector(configuration: PreflightConfiguration())
            .inspect(body: Array(Self.payload.utf8), headers: APNsHeaders(pushType: "alert"))
        #expect(inspection.root?["aps"]?["mutable-content"]?.integer == 1)
        #expect(inspection.root?["image"]?.string == "https://a.test/i.jpg")
    }

    /// The batch's document is parsed inside `BatchRequest.parse`: each item's payload holds it.
    @Test func aBatchItemHoldsTheBatchsDocument() throws {
        let batch = try BatchRequest.parse(Array(#"{"items":[{"payload":\#(Self.payload)}]}"#.utf8))
        let parsed = try #require(batch.items.first?.parsed)
        #expect(parsed.root["aps"]?["alert"]?.string == "Hi")
        #expect(parsed.root["aps"]?["mutable-content"]?.integer == 1)
    }

    /// A bulk line read as a payload holds the line's document.
    @Test func aBulkLineHoldsItsDocument() throws {
        guard case .payload(let parsed) = BulkLine.read(Array(Self.payload.utf8), format: nil, headers: APNsHeaders())
        else { Issue.record("not read as a payload"); return }
        #expect(try #require(parsed).root["aps"]?["alert"]?.string == "Hi")
    }
    #if DEBUG
        /// A held view is given its document, checked: a view held beside another document would
        /// be read after its own was freed. (An `assert`, so checked in a debug build only.)
        @Test func aViewHeldBesideAnotherDocumentStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                let one = try JSONDocument.parse(Array(#"{"a":1}"#.utf8))
                let other = try JSONDocument.parse(Array(#"{"a":1}"#.utf8))
                _ = HeldView(one.root, of: other)
            }
        }
    #endif

    /// The same view held with its own document is read through the holder.
    @Test func aHeldViewReadsAValueInsideItsDocument() throws {
        let document = try JSONDocument.parse(Array(Self.payload.utf8))
        let held = HeldView(try #require(document.root["aps"]), of: document)
        #expect(held.view["alert"]?.string == "Hi")
    }
}
