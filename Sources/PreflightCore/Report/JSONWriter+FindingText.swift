extension JSONWriter {
    /// Writes `text` as a JSON string, piece by piece, each escaped as RFC 8259 requires: the
    /// same bytes as `value(text.text)`, without joining the pieces into a `String`.
    public mutating func string(_ text: FindingText) {
        unescapedString { bytes in text.forEachUTF8 { JSONWriter.appendEscaped($0, to: &bytes) } }
    }
}
