/// A generated part of a hand-written Markdown file: the lines between `<!-- NAME:begin ... -->`
/// and `<!-- NAME:end -->`. Only the part is replaced; nothing is read back out of it.
///
/// ```swift
/// try MarkedSection(name: "profiles").replacing(in: readme, with: table)
/// ```
public struct MarkedSection: Sendable {
    public var name: String

    public init(name: String) {
        self.name = name
    }

    /// The file has no such section, or its end marker comes before its start.
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "no <!-- \(name):begin --> ... <!-- \(name):end --> section" }
    }

    /// `text` with the lines between the markers replaced by `body` (which ends with a line end).
    public func replacing(in text: String, with body: String) throws(Missing) -> String {
        guard let begin = text.firstRange(of: "<!-- \(name):begin"),
            let lineEnd = text[begin.upperBound...].firstIndex(of: "\n"),
            let end = text[lineEnd...].firstRange(of: "<!-- \(name):end -->")
        else { throw Missing(name: name) }
        return String(text[...lineEnd]) + body + String(text[end.lowerBound...])
    }
}
