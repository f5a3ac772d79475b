/// A string that may still be a string node of a `JSONDocument`: the report's `media_url`,
/// read on every request, costs a retain of the document instead of a `String` (a URL is over
/// the 15 bytes a `String` holds inline). The text is made only when something reads it as a
/// `String`, and JSON is written from the node's bytes (`JSONWriter.field(_:_: DocumentText?)`).
///
/// It keeps its document alive: hold one only as long as the report that names it.
public struct DocumentText: Sendable, Equatable {
    private enum Source: Sendable {
        case string(String)
        case node(JSONDocument, Int)
    }

    private let source: Source

    public init(_ string: String) {
        source = .string(string)
    }

    /// The string node `view`, or nil when it is not a string.
    init?(node view: JSONView) {
        guard view.isString else { return nil }
        source = .node(view.document, view.index)
    }

    /// The text, escapes undone.
    public var string: String {
        switch source {
        case .string(let string): string
        case .node(let document, let index): document.string(index)
        }
    }

    /// Calls `body` with the text's UTF-8 (escapes undone), without making a `String`.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch source {
        case .string(var string): string.withUTF8(body)
        case .node(let document, let index): document.withStringBytes(index, body)
        }
    }

    /// Equal when the texts are, wherever each is held.
    public static func == (left: DocumentText, right: DocumentText) -> Bool {
        left.withUTF8 { leftBytes in right.withUTF8 { leftBytes.elementsEqual($0) } }
    }
}
