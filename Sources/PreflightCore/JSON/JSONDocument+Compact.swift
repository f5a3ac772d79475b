/// A container's text with the whitespace between its tokens left out: what `JSONWriter` writes
/// for it by walking its values, copied from the document instead.
///
/// The two agree when no string in the container holds an escape. Such a string is written as
/// it stands, quotes and all: a raw quote, backslash or control character is not valid JSON, so
/// nothing in it needs escaping. Numbers, `true`, `false` and `null` are written as they stand
/// by both, and between two tokens RFC 8259 allows only whitespace and the structural
/// characters (`,` `:` `]` `}`; `[` and `{` open nodes of their own).
extension JSONDocument {
    /// Where the text of container node `container` ends (after its closing bracket); nil when
    /// one of its strings (keys too) holds an escape.
    func unescapedEnd(ofContainer container: Int) -> Int? {
        let nodes = nodes
        let whole = nodes[container]
        if !isCompact {
            for index in container..<Int(whole.end) where nodes[index].escaped { return nil }
        }
        return Int(whole.start) + Int(whole.length)
    }

    /// Copies container node `container`'s text, up to `textEnd` (its `unescapedEnd`), into
    /// `target` without the whitespace between tokens; returns the bytes copied (at most its
    /// text's). Each token is copied whole, each gap between two tokens byte by byte. With no
    /// target, only counts them.
    func copyCompact(ofContainer container: Int, textEnd: Int, to target: UnsafeMutablePointer<UInt8>?) -> Int {
        // A document with no whitespace between tokens is its compact text already.
        if isCompact {
            let start = Int(nodes[container].start)
            if let target {
                bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + start, count: textEnd - start) }
            }
            return textEnd - start
        }
        let nodes = nodes
        return bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return 0 }
            var written = 0
            var position = Int(nodes[container].start)
            func copyGap(upTo limit: Int) {
                while position < limit {
                    let byte = base[position]
                    if !Self.isWhitespace(byte) {
                        target?[written] = byte
                        written += 1
                    }
                    position += 1
                }
            }
            for index in container..<Int(nodes[container].end) {
                let node = nodes[index]
                let start = node.kind == .string ? Int(node.start) - 1 : Int(node.start)
                copyGap(upTo: start)
                let count = Self.tokenEnd(node) - start
                target.map { ($0 + written).update(from: base + start, count: count) }
                written += count
                position = start + count
            }
            copyGap(upTo: textEnd)
            return written
        }
    }

    /// Where a node's token ends in the text: after a string's closing quote, after a
    /// container's opening bracket, after a number or literal.
    private static func tokenEnd(_ node: JSONNode) -> Int {
        switch node.kind {
        case .string: Int(node.start) + Int(node.length) + 1
        case .object, .array: Int(node.start) + 1
        case .number, .true, .false, .null: Int(node.start) + Int(node.length)
        }
    }

    /// RFC 8259's whitespace: space, tab, line feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension JSONView {
    /// The value's JSON as `JSONWriter.value(_:)` writes it, in an array of its own: a container
    /// whose strings hold no escape is copied straight into it (a batch item's payload), any
    /// other value written by a writer.
    var compactBytes: [UInt8] {
        if isObject || isArray, let textEnd = reading({ $0.unescapedEnd(ofContainer: index) }) {
            let index = index
            return [UInt8](unsafeUninitializedCapacity: textEnd - Int(node.start)) { buffer, count in
                count = reading { $0.copyCompact(ofContainer: index, textEnd: textEnd, to: buffer.baseAddress!) }
            }
        }
        var writer = JSONWriter()
        writer.value(self)
        return writer.finished()
    }

    /// `compactBytes.count`, counted without making them where it can be: the text's length for
    /// a container of a document with no whitespace or escape (a machine's batch), its tokens
    /// counted for one with whitespace, the bytes written only where a string holds an escape.
    var compactCount: Int {
        if isObject || isArray, let textEnd = reading({ $0.unescapedEnd(ofContainer: index) }) {
            return reading { $0.copyCompact(ofContainer: index, textEnd: textEnd, to: nil) }
        }
        return compactBytes.count
    }
}
