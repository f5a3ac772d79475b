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
public struct FindingCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// One thing wrong (or worth knowing) about a push: data, with a fix a sender can apply.
public struct Finding: Sendable, Equatable {
    public var code: FindingCode
    public var severity: Severity
    /// Dotted path in the payload (`aps.alert.body`), a header name (`apns-priority`), or nil.
    public var path: String?
    public var message: String
    public var fix: String

    /// The most UTF-8 bytes of a message or a fix (with its ellipsis when cut). The rules quote
    /// user text through `Quoting`; this holds for any text a rule forgot to bound.
    public static let maxTextBytes = 1024

    /// `path` is cut to `Quoting.maxBytes`, `message` and `fix` to `maxTextBytes`.
    public init(_ code: FindingCode, _ severity: Severity, path: String?, message: String, fix: String) {
        self.code = code
        self.severity = severity
        self.path = path.map { Quoting.bounded($0) }
        self.message = Quoting.bounded(message, limit: Self.maxTextBytes - Quoting.ellipsis.utf8.count)
        self.fix = Quoting.bounded(fix, limit: Self.maxTextBytes - Quoting.ellipsis.utf8.count)
    }
}

/// The overall answer: whether the push will show its media.
public enum Verdict: String, Sendable {
    case pass
    case warn
    case fail

    /// fail if any finding is an error, warn if any is a warning, else pass.
    public init(findings: [Finding]) {
        // The worst severity, without an array of them (this runs a few times per report).
        var worst: Severity?
        for finding in findings where worst.map({ finding.severity > $0 }) ?? true { worst = finding.severity }
        switch worst {
        case .error: self = .fail
        case .warning: self = .warn
        case .info, nil: self = .pass
        }
    }
}
