extension JSONWriter {
    /// Writes `text` as a JSON string, the same bytes as `value(text.text)`, without joining its
    /// pieces into a `String`. The pieces are copied as they are and the copy is checked once,
    /// as a whole string would be; a text with a byte JSON escapes (a quote or a control
    /// character in a value, rare in a message) is written again, each piece escaped. No closure
    /// holds `text`: one that captured it made a copy of it (its strings retained) for each text.
    public mutating func string(_ text: borrowing FindingText) {
        openString()
        let start = length
        text.forEachUTF8 { raw($0) }
        if !isPlain(from: start) {
            rewind(to: start)
            text.forEachUTF8 { escaped($0) }
        }
        closeString()
    }
}
