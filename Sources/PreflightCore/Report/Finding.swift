/// How bad a finding is; the verdict follows from the worst one.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable finding code such as `aps.mutable-content.missing`; clients match on it.
///
/// A code carries the severity the catalog gives it, so that making a finding reads it instead
/// of looking the code's name up: the catalog's codes are declared with it
/// (FindingCode+Catalog.swift), a code made from a name finds it once, when it is made.
public struct FindingCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    /// The catalog's severity for the code; error for a name the catalog does not list.
    let catalogSeverity: Severity
    /// The name's hash, taken once when the code is made: a code is a key of the metrics' and
    /// the cap's tables on every request, and hashing its name's bytes each time cost more
    /// than the rest of the lookup.
    let nameHash: Int
    /// Whether the name needs no escape in a JSON string (every catalog code's): the report
    /// then writes it without scanning it.
    let isPlain: Bool

    /// The code named `rawValue`, with the catalog's severity for that name.
    public init(rawValue: String) {
        self.init(rawValue, FindingCatalog.severity(named: rawValue))
    }

    /// A code of the catalog, declared with its severity (the catalog's rows read it from here).
    init(_ rawValue: String, _ severity: Severity) {
        self.rawValue = rawValue
        self.catalogSeverity = severity
        self.nameHash = rawValue.hashValue
        self.isPlain = rawValue.withUTF8InPlace(JSONWriter.needsNoEscape)
    }

    public var description: String { rawValue }

    /// Codes are equal when their names are: the severity follows from the name. The names'
    /// hashes, taken when the codes were made, tell most different codes apart first: the
    /// findings' cap compares a push's new code with each kept one, and a string comparison cost
    /// some fifty instructions.
    public static func == (lhs: FindingCode, rhs: FindingCode) -> Bool {
        lhs.nameHash == rhs.nameHash && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(nameHash) }
}

/// One thing wrong (or worth knowing) about a push: data, with a fix a sender can apply.
///
/// Its message and fix are kept as the rule stated them (`FindingText`: the literal pieces and
/// the values between them) and joined only where they are read: the JSON report writes the
/// pieces into its buffer, `message` and `fix` join them into a `String`.
public struct Finding: Sendable, Equatable {
    public var code: FindingCode
    public var severity: Severity
    /// Dotted path in the payload (`aps.alert.body`), a header name (`apns-priority`), or nil.
    /// (Spelled `Optional`: initialized once, as `PayloadSummary`'s optionals are.)
    public var path: Optional<String>
    /// What the finding says, as the rule stated it.
    public var messageText: FindingText
    /// What a sender changes, as the rule stated it.
    public var fixText: FindingText

    /// The most UTF-8 bytes of a message or a fix (with its ellipsis when cut). The rules quote
    /// user text through `Quoting`; this holds for any text a rule forgot to bound.
    public static let maxTextBytes = 1024

    /// `path` is cut to `Quoting.maxBytes`, `message` and `fix` to `maxTextBytes`. The texts are
    /// taken (`consuming`) and cut in place: a rule's finding is built once, not copied into it.
    public init(
        _ code: FindingCode, _ severity: Severity, path: String?, message: consuming FindingText,
        fix: consuming FindingText
    ) {
        self.code = code
        self.severity = severity
        self.path = path.map { Quoting.bounded($0) }
        message.bound(limit: Self.textLimit)
        fix.bound(limit: Self.textLimit)
        self.messageText = message
        self.fixText = fix
    }

    /// The same finding from texts already made. Disfavoured, and generic, so that a literal
    /// (interpolated or not) becomes a `FindingText`, which keeps its pieces, rather than a
    /// `String`, which joins them at once: with `String` parameters, Swift 6.3.1 still chose this
    /// overload for a call with `path: nil`.
    @_disfavoredOverload
    public init(
        _ code: FindingCode, _ severity: Severity, path: String?, message: some StringProtocol,
        fix: some StringProtocol
    ) {
        self.init(code, severity, path: path, message: FindingText(String(message)), fix: FindingText(String(fix)))
    }

    /// The message, joined.
    public var message: String {
        get { messageText.text }
        set { messageText = FindingText(newValue) }
    }

    /// The fix, joined.
    public var fix: String {
        get { fixText.text }
        set { fixText = FindingText(newValue) }
    }

    /// Bytes of a text before the ellipsis of one cut to `maxTextBytes`.
    private static var textLimit: Int { maxTextBytes - Quoting.ellipsis.utf8.count }
}

/// The overall answer: whether the push will show its media.
public enum Verdict: String, Sendable {
    case pass
    case warn
    case fail

    /// A report's JSON up to its first finding: the object, its verdict and its findings' list
    /// opened (`Report.write(to:)` writes it in one write).
    var reportOpening: StaticString {
        switch self {
        case .pass: #"{"verdict":"pass","findings":["#
        case .warn: #"{"verdict":"warn","findings":["#
        case .fail: #"{"verdict":"fail","findings":["#
        }
    }

    /// fail if any finding is an error, warn if any is a warning, else pass.
    public init(findings: [Finding]) {
        // The worst severity, without an array of them (this runs a few times per report).
        // Read by index: a finding is large (its texts' pieces inline), and the loop needs one field.
        var worst: Severity?
        for index in findings.indices {
            let severity = findings[index].severity
            if worst.map({ severity > $0 }) ?? true { worst = severity }
        }
        switch worst {
        case .error: self = .fail
        case .warning: self = .warn
        case .info, nil: self = .pass
        }
    }
}
