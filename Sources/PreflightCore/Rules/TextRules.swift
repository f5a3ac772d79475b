/// What a person reads on the notification: placeholders a template left, text iOS cuts off,
/// and stray whitespace. The cut-off lengths are approximations (docs/push-kinds.md, "Text checks"): iOS
/// lays text out by width in the system font, not by characters, and the width depends on the
/// device and on a media thumbnail beside the text.
public enum TextRules {
    /// Characters of each field iOS shows collapsed (lock screen, notification centre), with no
    /// media thumbnail: one line of title, one of subtitle, about four lines of body on a 6.1"
    /// iPhone at the default text size.
    public static let visibleTitle = 44
    public static let visibleSubtitle = 44
    public static let visibleBody = 178

    /// The openings and closings of Liquid, Handlebars, Jinja and shell-style templates, in the
    /// order they are looked for (`{{{ }}}` is found as `{{ }}`).
    static let placeholders: [(open: String, close: String)] = [
        ("{{", "}}"), ("{%", "%}"), ("${", "}"), ("%{", "}"), ("[[", "]]"),
    ]

    /// The first bytes of the openings above (a test keeps them equal).
    static let openingFirstBytes = (UInt8(ascii: "{"), UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "["))

    /// The first template placeholder in `text`, if any. Searched over the contiguous UTF-8 bytes:
    /// the rule runs on every push, and a text without one allocates nothing.
    public static func placeholder(in text: String) -> String? {
        text.withUTF8InPlace { placeholder(in: $0) }
    }

    /// The first template placeholder in the UTF-8 text `bytes`, if any.
    static func placeholder(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Most texts hold none of the openings' first bytes: sixteen bytes at a time settles it.
        guard ByteScan.containsAny(bytes, of: openingFirstBytes) else { return nil }
        return firstPlaceholder(in: bytes)
    }

    /// `placeholder(in:)` for a text known to hold one of the openings' first bytes.
    private static func firstPlaceholder(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for (open, close) in placeholders {
            guard let start = firstOffset(of: open, in: bytes, from: 0) else { continue }
            let afterOpen = start + open.utf8.count
            guard let end = firstOffset(of: close, in: bytes, from: afterOpen) else { continue }
            var upper = end + close.utf8.count
            // A triple-stash `{{{ }}}` closes with one more brace.
            if open == "{{", afterOpen < bytes.count, bytes[afterOpen] == UInt8(ascii: "{"), upper < bytes.count,
                bytes[upper] == UInt8(ascii: "}")
            {
                upper += 1
            }
            // The openings and closings are ASCII, so the range starts and ends on scalar boundaries.
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<upper]), as: UTF8.self)
        }
        return nil
    }

    /// Where `pattern` (ASCII, one or two bytes here) first starts in `bytes` at or after `start`.
    private static func firstOffset(of pattern: String, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let wanted = pattern.utf8
        guard let first = wanted.first, start < bytes.count else { return nil }
        let rest = wanted.dropFirst()
        var index = start
        while index < bytes.count {
            if bytes[index] == first, index + wanted.count <= bytes.count {
                var offset = index + 1
                var matches = true
                for byte in rest {
                    if bytes[offset] != byte {
                        matches = false
                        break
                    }
                    offset += 1
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// The number of characters (grapheme clusters) of `text` when it is over `limit`, else nil.
    /// A text of no more bytes than the limit has no more characters either, and one of ASCII
    /// without a carriage return has one character per byte: only the rest are counted by
    /// grapheme, which is the slow count.
    static func characterCount(_ text: Substring, over limit: Int) -> Int? {
        var text = text
        return text.withUTF8 { characterCount($0, over: limit) }
    }

    /// `characterCount` of the UTF-8 text `bytes`.
    /// `simple`: whether the text is ASCII without a carriage return, when the caller knows.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>, over limit: Int, simple: Bool? = nil) -> Int? {
        guard bytes.count > limit else { return nil }
        let simple = simple ?? ByteScan.isASCII(bytes, excluding: 0x0D)
        let count = simple ? bytes.count : String(decoding: bytes, as: UTF8.self).count
        return count > limit ? count : nil
    }

    /// The alert's fields a person reads, with their paths and collapsed lengths (a constant:
    /// the rule runs on every push, and builds nothing it does not report).
    static let fields: [(name: String, path: String, visible: Int)] = [
        ("title", "aps.alert.title", visibleTitle), ("subtitle", "aps.alert.subtitle", visibleSubtitle),
        ("body", "aps.alert.body", visibleBody),
    ]

    /// Whether a person sees nothing of `scalar`: it is whitespace (Unicode White_Space, UCD
    /// `PropList.txt`: U+0009-000D, U+0020, U+0085, U+00A0, U+1680, U+2000-200A, U+2028, U+2029,
    /// U+202F, U+205F, U+3000), a default-ignorable code point, which renderers draw as nothing
    /// (UCD `DerivedCoreProperties.txt`, Default_Ignorable_Code_Point: U+00AD, U+180E, U+200B-200F,
    /// U+202A-202E, U+2060-206F, U+3164, U+FE00-FE0F, U+FEFF, U+FFA0, ...; Unicode 15, section 5.21),
    /// or a control character (general category Cc). The standard library's scalar properties are
    /// read from those UCD files. A format character that is drawn (U+0600 ARABIC NUMBER SIGN, Cf
    /// but not default-ignorable) is visible.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII settled on the value: only 0x21-0x7E are drawn.
        if scalar.isASCII { return scalar.value < 0x21 || scalar.value == 0x7F }
        let properties = scalar.properties
        return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
            || properties.generalCategory == .control
    }

    /// Whether a person sees nothing of `character`: every scalar of it is invisible (an emoji
    /// joined by U+200D ZERO WIDTH JOINER is seen by its emoji).
    static func isBlank(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy(isInvisible)
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte >= 0x21 && byte <= 0x7E }

    /// Whether the text starts and ends with a visible ASCII byte: then nothing is trimmed from
    /// it, and it is not blank (settled without making a `String`).
    private static func endsVisible<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        return isVisibleASCII(first) && isVisibleASCII(last)
    }

    /// Whether the UTF-8 text has no visible character (`isInvisible` for every scalar). Decoded
    /// scalar by scalar from the bytes, without a `String`: an ASCII byte is its own scalar, and
    /// the first visible one ends the scan.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if !isInvisible(scalar) { return false }
            case .emptyInput: return true
            // The parser only hands over valid UTF-8; a stray byte would be drawn as U+FFFD.
            case .error: return false
            }
        }
    }

    static func trimmedText(_ text: String) -> Substring {
        // The common case without looking at characters: a visible ASCII byte at each end starts
        // and ends a character that is not blank.
        if endsVisible(text.utf8) { return text[...] }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return text[first...last]
    }

    /// The alert's text checks, appended as found: each finding's texts are built only when the
    /// collector keeps it, and the fields are read in place (no list of them is made).
    static func rule(_ context: PayloadContext, _ findings: inout Findings) {
        guard let alert = context.alert else { return }
        if alert.isString {
            // `aps.alert` as a string is the body.
            alert.withUTF8 { body in
                check("body", path: "aps.alert", visible: visibleBody, body, allBlank: isBlank(body), &findings)
            }
        } else if alert.isObject {
            let texts = fieldTexts(alert)
            let visibleTitle = texts.title.map(hasVisible)
            let visibleSubtitle = texts.subtitle.map(hasVisible)
            let visibleBody = texts.body.map(hasVisible)
            let allBlank = visibleTitle != true && visibleSubtitle != true && visibleBody != true
            check(fields[0], texts.title, allBlank: allBlank, &findings)
            check(fields[1], texts.subtitle, allBlank: allBlank, &findings)
            check(fields[2], texts.body, allBlank: allBlank, &findings)
            // Where it matters: no localized body (loc-key) either; and a push with media drops it
            // (`PayloadInspector`): a title over a picture is a whole notification.
            if texts.title != nil, visibleBody != true, alert["loc-key"] == nil, !allBlank {
                findings.append(
                    .alertBodyEmptyWithTitle, path: "aps.alert.body",
                    message: "the alert has a title but no body: iOS shows one bold line and nothing under it",
                    fix: "add a body that says what the push is about")
            }
        }
    }

    /// The alert's title, subtitle and body, each the string under its key (the last of a
    /// repeated key, as a lookup gives it), nil when absent or not a string: found in one walk
    /// over the alert's members, each key told from its bytes (`AlertKey`), where a lookup of
    /// each walked them three times.
    private static func fieldTexts(_ alert: JSONView) -> (title: JSONView?, subtitle: JSONView?, body: JSONView?) {
        var texts: (title: JSONView?, subtitle: JSONView?, body: JSONView?) = (nil, nil, nil)
        for (keyNode, valueNode) in alert.memberIndices {
            let key = alert.withStringBytes(node: keyNode) { AlertKey($0) }
            guard key == .title || key == .subtitle || key == .body else { continue }
            let value = alert.view(valueNode)
            let text = value.isString ? value : nil
            switch key {
            case .title: texts.title = text
            case .subtitle: texts.subtitle = text
            default: texts.body = text
            }
        }
        return texts
    }

    /// The checks of one of `fields`, when the alert has it as a string.
    private static func check(
        _ field: (name: String, path: String, visible: Int), _ text: JSONView?, allBlank: Bool,
        _ findings: inout Findings
    ) {
        text?.withUTF8 { bytes in
            check(field.name, path: field.path, visible: field.visible, bytes, allBlank: allBlank, &findings)
        }
    }

    private static func hasVisible(_ text: JSONView) -> Bool { text.withUTF8 { !isBlank($0) } == true }

    /// The checks of one field; `allBlank`: no field of the alert has visible text.
    static func check(
        _ field: String, path: String, visible: Int, _ bytes: UnsafeBufferPointer<UInt8>, allBlank: Bool,
        _ findings: inout Findings
    ) {
        // The openings and the characters' kind, in one pass over the text.
        let traits = ByteScan.textTraits(bytes, any: openingFirstBytes, asciiExcluding: 0x0D)
        if traits.hasTarget, let found = firstPlaceholder(in: bytes) {
            findings.append(
                .alertTemplateUnresolved, path: path,
                message:
                    "the \(field) still holds the template placeholder \(Quoting.bounded(found)): personalisation failed, and people would read it",
                fix:
                    "fill the template before sending (check the variable exists for every recipient), or drop the push"
            )
        }
        if endsVisible(bytes) {
            // Nothing to trim, not blank: only the length is left to judge, on the bytes.
            if let count = characterCount(bytes, over: visible, simple: traits.isASCII) {
                truncated(field, path, count, visible, &findings)
            }
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = trimmedText(text)
        // An alert with no visible text at all is aps.alert.empty's; here, one blank field beside others.
        if trimmed.isEmpty, !allBlank, !text.isEmpty {
            findings.append(
                .alertWhitespace, path: path, message: "the \(field) has no visible characters",
                fix: "give the \(field) text, or leave the key out")
        } else if !allBlank, trimmed.endIndex != text.endIndex || trimmed.startIndex != text.startIndex {
            findings.append(
                .alertWhitespace, path: path,
                message:
                    "the \(field) starts or ends with whitespace or control characters: iOS shows the blank line or gap",
                fix: "trim the \(field)")
        }
        if let count = characterCount(trimmed, over: visible) { truncated(field, path, count, visible, &findings) }
    }

    private static func truncated(
        _ field: String, _ path: String, _ count: Int, _ visible: Int, _ findings: inout Findings
    ) {
        findings.append(
            .alertTruncated, path: path,
            message:
                "the \(field) has \(count) characters; collapsed, iOS shows about the first \(visible) and an ellipsis (all of it when expanded)",
            fix: "put what matters in the first \(visible) characters")
    }
}
