/// A finding's text built in one allocation: the literal's length and room for each value are
/// reserved before the first byte is written. `String`'s own interpolation reserves two bytes a
/// value, so a message with a count or a field name in it grows, and copies, once more; a rule
/// that reports on every push (an alert body past what iOS shows collapsed) made two strings in
/// four allocations.
///
/// ```swift
/// let message: FindingText = "the \(field) has \(count) characters"
/// message.text  // "the body has 906 characters"
/// ```
struct FindingText: ExpressibleByStringInterpolation {
    /// Bytes reserved for each value: a field name, a count, a limit.
    static let bytesPerValue = 24

    let text: String

    init(stringLiteral value: String) { text = value }

    init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * FindingText.bytesPerValue)
        }

        mutating func appendLiteral(_ literal: String) { text += literal }

        mutating func appendInterpolation(_ value: String) { text += value }

        mutating func appendInterpolation(_ value: Int) { text += String(value) }
    }
}
