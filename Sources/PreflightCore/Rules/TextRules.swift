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

    /// The first template placeholder in `text`, if any.
    public static func placeholder(in text: String) -> String? {
        for (open, close) in placeholders {
            guard let start = text.firstRange(of: open),
                let end = text[start.upperBound...].firstRange(of: close)
            else { continue }
            // A triple-stash `{{{ }}}` closes with one more brace.
            var upper = end.upperBound
            if open == "{{", text[start.lowerBound...].hasPrefix("{{{"), upper < text.endIndex, text[upper] == "}" {
                upper = text.index(after: upper)
            }
            return String(text[start.lowerBound..<upper])
        }
        return nil
    }

    /// The alert's texts: `aps.alert` as a string is the body.
    static func texts(_ alert: JSONValue) -> [(path: String, field: String, text: String)] {
        switch alert {
        case .string(let body): return [("aps.alert", "body", body)]
        case .object:
            return ["title", "subtitle", "body"].compactMap { field in
                alert[field]?.string.map { ("aps.alert.\(field)", field, $0) }
            }
        default: return []
        }
    }

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
        let texts = texts(alert)
        let allBlank = texts.allSatisfy { trimmedText($0.text).isEmpty }
        for (path, field, text) in texts {
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
            } else if !allBlank, trimmed.count != text.count {
                findings.append(
                    Finding(
                        .alertWhitespace, path: path,
                        message:
                            "the \(field) starts or ends with whitespace or control characters: iOS shows the blank line or gap",
                        fix: "trim the \(field)"))
            }
            let visible =
                switch field {
                case "title": visibleTitle
                case "subtitle": visibleSubtitle
                default: visibleBody
                }
            if trimmed.count > visible {
                findings.append(
                    Finding(
                        .alertTruncated, path: path,
                        message:
                            "the \(field) has \(trimmed.count) characters; collapsed, iOS shows about the first \(visible) and an ellipsis (all of it when expanded)",
                        fix: "put what matters in the first \(visible) characters"))
            }
        }
        // Where it matters: no localized body (loc-key) either; and a push with media drops it
        // (`PayloadInspector`): a title over a picture is a whole notification.
        let fields = Set(texts.map(\.field))
        let bodyMissing =
            !fields.contains("body") || texts.contains { $0.field == "body" && trimmedText($0.text).isEmpty }
        if fields.contains("title"), bodyMissing, alert["loc-key"] == nil, !allBlank {
            findings.append(
                Finding(
                    .alertBodyEmptyWithTitle, path: "aps.alert.body",
                    message: "the alert has a title but no body: iOS shows one bold line and nothing under it",
                    fix: "add a body that says what the push is about"))
        }
        return findings
    }
}
