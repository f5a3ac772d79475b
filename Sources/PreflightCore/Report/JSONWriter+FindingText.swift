extension JSONWriter {
    /// Writes `text` as a JSON string, the same bytes as `value(text.text)`, without joining its
    /// pieces into a `String`. The pieces are copied as they are and the copy is checked once,
    /// as a whole string would be; a text with a byte JSON escapes (a quote or a control
    /// character in a value, rare in a message) is written again, each piece escaped.
    public mutating func string(_ text: FindingText) {
        unescapedString { writer in
            let start = writer.length
            text.forEachUTF8 { writer.raw($0) }
            if writer.isPlain(from: start) { return }
            writer.rewind(to: start)
            text.forEachUTF8 { writer.escaped($0) }
        }
    }
}
