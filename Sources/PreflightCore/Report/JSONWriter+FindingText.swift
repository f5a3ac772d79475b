extension JSONWriter {
    /// Writes `text` as a JSON string, the same bytes as `value(text.text)`, without joining its
    /// pieces into a `String`. The pieces are copied as they are and the copy is checked once,
    /// as a whole string would be; a text with a byte JSON escapes (a quote or a control
    /// character in a value, rare in a message) is written again, each piece escaped. No closure
    /// holds `text`: one that captured it made a copy of it (its strings retained) for each text.
    public mutating func string(_ text: borrowing FindingText) {
        withUnsafePointer(to: text) { string(at: $0) }
    }

    /// `string(_:)` for the text stored at `text` (a finding's, read through the report's array):
    /// its pieces are read where they are, not from a copy of the text.
    mutating func string(at text: UnsafePointer<FindingText>) {
        openString()
        let start = length
        FindingText.forEachUTF8(at: text) { raw($0) }
        if !isPlain(from: start) {
            rewind(to: start)
            FindingText.forEachUTF8(at: text) { escaped($0) }
        }
        closeString()
    }
}
