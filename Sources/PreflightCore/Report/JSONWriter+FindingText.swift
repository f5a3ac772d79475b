extension JSONWriter {
    /// Writes `text` as a JSON string, the same bytes as `value(text.text)`, without joining its
    /// pieces into a `String`. The pieces are copied one after another into one write's room
    /// (`FindingText.copy(at:to:room:)`, a loop with no closure a piece: handing each piece to a
    /// closure that wrote it cost some sixty instructions a piece, and a message is up to
    /// seven), and the copy is checked once, as a whole string would be; a text with a byte JSON
    /// escapes (a quote or a control character in a value, rare in a message) is written again,
    /// each piece escaped. No closure holds `text`: one that captured it made a copy of it (its
    /// strings retained) for each text.
    public mutating func string(_ text: borrowing FindingText) {
        withUnsafePointer(to: text) { string(at: $0) }
    }

    /// `string(_:)` for the text stored at `text` (a finding's, read through the report's array):
    /// its pieces are read where they are, not from a copy of the text.
    mutating func string(at text: UnsafePointer<FindingText>) {
        let count = FindingText.utf8Count(at: text)
        openString()
        let start = length
        var copied = false
        write(atMost: count) { target in
            // Anything but `count` bytes (a count that was off) is written again below.
            copied = FindingText.copy(at: text, to: target, room: count) == count
            return copied ? count : 0
        }
        if !copied || !isPlain(from: start) {
            rewind(to: start)
            FindingText.forEachUTF8(at: text) { escaped($0) }
        }
        closeString()
    }
}
