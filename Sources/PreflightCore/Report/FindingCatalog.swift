/// One row of the findings catalog: what docs/findings.md lists and the rules use.
public struct FindingCatalogEntry: Sendable, Equatable {
    public var code: FindingCode
    public var severity: Severity
    /// When the code is reported, for a reader of the catalog.
    public var meaning: String
    /// What a sender changes to make the finding go away.
    public var fix: String

    public init(code: FindingCode, severity: Severity, meaning: String, fix: String) {
        self.code = code
        self.severity = severity
        self.meaning = meaning
        self.fix = fix
    }
}

/// Every code the engine can produce (`entries`, in FindingCode+Catalog.swift), and the
/// severity the rules give each.
///
/// ```swift
/// FindingCatalog.severity(of: .payloadTooLarge)  // .error
/// ```
public enum FindingCatalog {
    /// For a code made from a name at run time; the catalog's own codes carry their severity.
    private static let severities: [String: Severity] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.code.rawValue, $0.severity) })

    /// The catalog severity of `code` (error for a code not in the catalog), read from the code.
    public static func severity(of code: FindingCode) -> Severity { code.catalogSeverity }

    /// The catalog severity of the code named `name` (error for a name not in the catalog).
    static func severity(named name: String) -> Severity { severities[name] ?? .error }
}

extension Finding {
    /// A finding with the catalog's severity for `code`.
    public init(_ code: FindingCode, path: String?, message: consuming FindingText, fix: consuming FindingText) {
        self.init(code, FindingCatalog.severity(of: code), path: path, message: message, fix: fix)
    }

    /// The same from texts already made (disfavoured, as `init(_:_:path:message:fix:)` says why).
    @_disfavoredOverload
    public init(_ code: FindingCode, path: String?, message: some StringProtocol, fix: some StringProtocol) {
        self.init(code, FindingCatalog.severity(of: code), path: path, message: message, fix: fix)
    }
}
