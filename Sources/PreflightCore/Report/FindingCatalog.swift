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
    private static let severities: [FindingCode: Severity] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.code, $0.severity) })

    /// The catalog severity of `code` (error for a code not in the catalog).
    public static func severity(of code: FindingCode) -> Severity {
        severities[code] ?? .error
    }
}

extension Finding {
    /// A finding with the catalog's severity for `code`.
    public init(_ code: FindingCode, path: String?, message: String, fix: String) {
        self.init(code, FindingCatalog.severity(of: code), path: path, message: message, fix: fix)
    }
}
