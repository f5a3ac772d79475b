/// What a person reads on the notification: placeholders a template left, text iOS cuts off,
/// and stray whitespace. The cut-off lengths are approximations (README, "Text checks"): iOS
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

    /// The first template placeholder in `text`, if any. Searched byte by byte: the rule runs on
    /// every push, and a text without one allocates nothing.
    public static func placeholder(in text: String) -> String? {
        let bytes = text.utf8
        for (open, close) in placeholders {
            let openBytes = open.utf8
            guard let start = firstIndex(of: openBytes, in: bytes, from: bytes.startIndex) else { continue }
            let afterOpen = bytes.index(start, offsetBy: openBytes.count)
            guard let end = firstIndex(of: close.utf8, in: bytes, from: afterOpen) else { continue }
            var upper = bytes.index(end, offsetBy: close.utf8.count)
            // A triple-stash `{{{ }}}` closes with one more brace.
            if open == "{{", bytes[afterOpen...].first == UInt8(ascii: "{"), upper < bytes.endIndex,
                bytes[upper] == UInt8(ascii: "}")
            {
                upper = bytes.index(after: upper)
            }
            return String(text[start..<upper])
        }
        return nil
    }

    private static func firstIndex(
        of pattern: String.UTF8View, in bytes: String.UTF8View, from start: String.UTF8View.Index
    ) -> String.UTF8View.Index? {
        guard let first = pattern.first else { return nil }
        var index = start
        while let found = bytes[index...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) { return found }
            index = bytes.index(after: found)
        }
        return nil
    }

    /// The alert's fields a person reads, with their paths and collapsed lengths (a constant:
    /// the rule runs on every push, and builds nothing it does not report).
    static let fields: [(name: String, path: String, visible: Int)] = [
        ("title", "aps.alert.title", visibleTitle), ("subtitle", "aps.alert.subtitle", visibleSubtitle),
        ("body", "aps.alert.body", visibleBody),
    ]

    /// Whitespace, line breaks and control or format characters (a zero-width space, a BOM).
    static func isBlank(_ character: Character) -> Bool {
        character.isWhitespace
            || character.unicodeScalars.allSatisfy {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            }
    }

    static func trimmedText(_ text: String) -> Substring {
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return text[first...last]
    }

    static func rule(_ context: PayloadContext) -> [Finding] {
        guard let alert = context.aps?["alert"] else { return [] }
        var findings: [Finding] = []
        switch alert {
        case .string(let body):
            // `aps.alert` as a string is the body.
            check("body", path: "aps.alert", visible: visibleBody, body, allBlank: trimmedText(body).isEmpty, &findings)
        case .object:
            var allBlank = true
            var hasTitle = false
            var hasBody = false
            for field in fields {
                guard let text = alert[field.name]?.string else { continue }
                if field.name == "title" { hasTitle = true }
                if !trimmedText(text).isEmpty {
                    allBlank = false
                    if field.name == "body" { hasBody = true }
                }
            }
            for field in fields {
                guard let text = alert[field.name]?.string else { continue }
                check(field.name, path: field.path, visible: field.visible, text, allBlank: allBlank, &findings)
            }
            // Where it matters: no localized body (loc-key) either; and a push with media drops it
            // (`PayloadInspector`): a title over a picture is a whole notification.
            if hasTitle, !hasBody, alert["loc-key"] == nil, !allBlank {
                findings.append(
                    Finding(
                        .alertBodyEmptyWithTitle, path: "aps.alert.body",
                        message: "the alert has a title but no body: iOS shows one bold line and nothing under it",
                        fix: "add a body that says what the push is about"))
            }
        default:
            break
        }
        return findings
    }

    /// The checks of one field; `allBlank`: no field of the alert has visible text.
    static func check(
        _ field: String, path: String, visible: Int, _ text: String, allBlank: Bool, _ findings: inout [Finding]
    ) {
        if let found = placeholder(in: text) {
            findings.append(
                Finding(
                    .alertTemplateUnresolved, path: path,
                    message:
                        "the \(field) still holds the template placeholder \(found): personalisation failed, and people would read it",
                    fix:
                        "fill the template before sending (check the variable exists for every recipient), or drop the push"
                ))
        }
        let trimmed = trimmedText(text)
        // An alert with no visible text at all is aps.alert.empty's; here, one blank field beside others.
        if trimmed.isEmpty, !allBlank, !text.isEmpty {
            findings.append(
                Finding(
                    .alertWhitespace, path: path, message: "the \(field) has no visible characters",
                    fix: "give the \(field) text, or leave the key out"))
        } else if !allBlank, trimmed.endIndex != text.endIndex || trimmed.startIndex != text.startIndex {
            findings.append(
                Finding(
                    .alertWhitespace, path: path,
                    message:
                        "the \(field) starts or ends with whitespace or control characters: iOS shows the blank line or gap",
                    fix: "trim the \(field)"))
        }
        let count = trimmed.count
        if count > visible {
            findings.append(
                Finding(
                    .alertTruncated, path: path,
                    message:
                        "the \(field) has \(count) characters; collapsed, iOS shows about the first \(visible) and an ellipsis (all of it when expanded)",
                    fix: "put what matters in the first \(visible) characters"))
        }
    }
}
