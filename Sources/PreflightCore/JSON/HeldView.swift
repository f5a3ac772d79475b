/// A view and the document it reads, kept together: what a value holds when it keeps a view
/// past the function that parsed the document (a view alone does not hold it, `JSONView`).
///
/// Made where the document is known, from the document itself, never read back from the view:
/// the caller's own hold on the document may end as soon as its arguments are read.
///
/// ```swift
/// let payload = HeldView(root: try JSONDocument.parse(bytes))
/// payload.view["aps"]?["alert"]  // read for as long as `payload` is
/// ```
public struct HeldView: Sendable {
    /// The document `view` reads, held here.
    public let document: JSONDocument
    public let view: JSONView

    /// The document's root.
    public init(root document: JSONDocument) {
        self.document = document
        view = document.root
    }

    /// `view`, a view of `document` (a value inside it: a batch item's payload object).
    public init(_ view: JSONView, of document: JSONDocument) {
        assert(view.reads(document), "a view held beside a document it does not read")
        self.document = document
        self.view = view
    }
}
