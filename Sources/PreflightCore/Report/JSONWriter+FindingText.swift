extension JSONWriter {
    /// Writes `text` as a JSON string, the same bytes as `value(text.text)`, without joining its
    /// pieces into a `String`. The pieces are copied as they are and the copy is checked once,
    /// as a whole string would be; a text with a byte JSON escapes (a quote or a control
    /// character in a value, rare in a message) is written again, each piece escaped.
    public mutating func string(_ text: FindingText) {
        unescapedString { bytes in
            let start = bytes.count
            text.forEachUTF8 { bytes.append(contentsOf: $0) }
            let plain = bytes.withUnsafeBufferPointer { written in
                let copy = UnsafeBufferPointer(rebasing: written[start...])
                return ByteScan.firstStringSpecial(copy, from: 0) == copy.count
            }
            if plain { return }
            bytes.removeLast(bytes.count - start)
            text.forEachUTF8 { JSONWriter.appendEscaped($0, to: &bytes) }
        }
    }
}
