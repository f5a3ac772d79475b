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

extension JSONWriter {
    /// Writes the finding stored at `finding` as the next value, the same bytes as a member at a
    /// time (`{"code":…,"severity":…,"path":…,"message":…,"fix":…}`, `"path":null` when it has
    /// none), in one write: the names and punctuation copied from one literal, the code, severity
    /// and path as they are, the texts' pieces one after another. Whether it was written: a
    /// finding with a byte to escape in its code, path or texts (rare: a quote in a quoted
    /// value) is not, and is then written a member at a time. Seven writes, each with its room
    /// checked, its comma and its closure, cost some 650 instructions a finding more (callgrind,
    /// the bench's batch: 3,918 instructions an item for its two findings, now 2,610).
    mutating func finding(at finding: UnsafePointer<Finding>) -> Bool {
        let code = finding.pointer(to: \.code)!
        guard code.pointee.isPlain else { return false }
        let message = finding.pointer(to: \.messageText)!
        let fix = finding.pointer(to: \.fixText)!
        let messageCount = FindingText.utf8Count(at: message)
        let fixCount = FindingText.utf8Count(at: fix)
        return code.pointee.rawValue.withUTF8InPlace { codeText in
            Self.withText(finding.pointee.path) { path in
                if let path, !Self.needsNoEscape(path) { return false }
                let values = codeText.count + Severity.longestSpelling + (path?.count ?? 0) + messageCount + fixCount
                return value(atMost: Self.findingPunctuation + values) { start in
                    Self.writeFinding(
                        code: codeText, severity: finding.pointee.severity, path: path,
                        message: (message, messageCount), fix: (fix, fixCount), at: start)
                }
            }
        }
    }

    /// The bytes of a finding's object besides its values: names, quotes, colons, commas and
    /// braces, with `null` for a missing path.
    private static let findingPunctuation = 64

    /// Hands `body` the UTF-8 of `path`, or nil.
    static func withText<Result>(
        _ path: String?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        guard let path else { return body(nil) }
        return path.withUTF8InPlace { body($0) }
    }

    /// Writes the finding's object at `start`: its byte count, or nil when a text did not have
    /// the count it was measured at or holds a byte to escape.
    private static func writeFinding(
        code: UnsafeBufferPointer<UInt8>, severity: Severity, path: UnsafeBufferPointer<UInt8>?,
        message: (text: UnsafePointer<FindingText>, count: Int), fix: (text: UnsafePointer<FindingText>, count: Int),
        at start: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        var target = start
        put("{\"code\":\"", at: &target)
        put(code, at: &target)
        put("\",\"severity\":\"", at: &target)
        put(severity.spelling, at: &target)
        if let path {
            put("\",\"path\":\"", at: &target)
            put(path, at: &target)
            put("\",\"message\":\"", at: &target)
        } else {
            put("\",\"path\":null,\"message\":\"", at: &target)
        }
        guard put(message, at: &target) else { return nil }
        put("\",\"fix\":\"", at: &target)
        guard put(fix, at: &target) else { return nil }
        put("\"}", at: &target)
        return target - start
    }

    /// Copies the text stored at `text.text` to `target` and moves it past: false when it did not
    /// have `text.count` bytes or holds a byte to escape.
    @inline(__always)
    private static func put(
        _ text: (text: UnsafePointer<FindingText>, count: Int), at target: inout UnsafeMutablePointer<UInt8>
    ) -> Bool {
        guard FindingText.copy(at: text.text, to: target, room: text.count) == text.count,
            !ByteScan.hasStringSpecial(UnsafeBufferPointer(start: target, count: text.count))
        else { return false }
        target += text.count
        return true
    }

}

extension Severity {
    /// The bytes of the longest spelling, `warning`.
    static let longestSpelling = 7

    /// The raw value as a literal, copied with no string read.
    var spelling: StaticString {
        switch self {
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

extension JSONWriter {
    /// Writes a payload's summary (`PayloadSummary`'s fields) as the next value, `{"bytes":…,
    /// "limit":…,"push_type":…,"judged_as":…,"media_url":…,"media_key":…,` and its profile's
    /// rendered `members`, in one write: the same bytes as a member at a time. Whether it was
    /// written: a summary whose push type, media URL or media key holds a byte to escape is not.
    /// The fields are handed one by one: a summary handed whole was copied, its strings retained.
    /// Seven writes cost 1,724 instructions a report, this one about 1,100 (callgrind, the
    /// bench's batch).
    mutating func summary(
        bytes: Int, limit: Int, pushType: String, judgedAs: PushKind, mediaURL: DocumentText?, mediaKey: String?,
        members: [UInt8]
    ) -> Bool {
        pushType.withUTF8InPlace { pushType in
            judgedAs.rawValue.withUTF8InPlace { judged in
                Self.withText(mediaURL) { url in
                    Self.withText(mediaKey) { key in
                        guard Self.needsNoEscape(pushType), url.map(Self.needsNoEscape) ?? true,
                            key.map(Self.needsNoEscape) ?? true
                        else { return false }
                        return members.withUnsafeBufferPointer { members in
                            let values = pushType.count + judged.count + (url?.count ?? 4) + (key?.count ?? 4)
                            let most = Self.summaryPunctuation + 2 * Self.longestNumber + values + members.count
                            return value(atMost: most) { start in
                                var target = start
                                Self.put("{\"bytes\":", at: &target)
                                Self.put(bytes, at: &target)
                                Self.put(",\"limit\":", at: &target)
                                Self.put(limit, at: &target)
                                Self.put(",\"push_type\":\"", at: &target)
                                Self.put(pushType, at: &target)
                                Self.put("\",\"judged_as\":\"", at: &target)
                                Self.put(judged, at: &target)
                                Self.put("\",\"media_url\":", at: &target)
                                Self.putString(url, at: &target)
                                Self.put(",\"media_key\":", at: &target)
                                Self.putString(key, at: &target)
                                Self.put(UInt8(ascii: ","), at: &target)
                                Self.put(members, at: &target)
                                Self.put(UInt8(ascii: "}"), at: &target)
                                return target - start
                            }
                        }
                    }
                }
            }
        }
    }

    /// The summary's bytes besides its values (names, quotes, colons, commas, braces).
    private static let summaryPunctuation = 96

    /// `bytes` between quotes, or `null`.
    @inline(__always)
    private static func putString(_ bytes: UnsafeBufferPointer<UInt8>?, at target: inout UnsafeMutablePointer<UInt8>) {
        guard let bytes else { return put("null", at: &target) }
        put(UInt8(ascii: "\""), at: &target)
        put(bytes, at: &target)
        put(UInt8(ascii: "\""), at: &target)
    }

    /// Hands `body` the UTF-8 of `text`, or nil.
    private static func withText<Result>(
        _ text: DocumentText?, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        guard let text else { return body(nil) }
        return text.withUTF8 { body($0) }
    }
}
