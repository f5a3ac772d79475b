/// Findings as the rules make them, capped as they are made: the first `perCode` of each code
/// are built and kept, the rest only counted. A rule that can find something once per key
/// (a repeated key, an unknown `aps` key) appends here, so a payload with thousands of them
/// builds ten findings of each code, not thousands that the report would drop.
///
/// ```swift
/// var findings = Findings()
/// for key in unknownKeys {
///     findings.append(.apsKeyUnknown, path: "aps." + key, message: "...", fix: "...")
/// }
/// findings.omitted  // [.apsKeyUnknown: unknownKeys.count - 10] past ten
/// ```
///
/// It reads as the collection of its kept findings (`map`, `contains`, `first(where:)`).
public struct Findings: Sendable, RandomAccessCollection {
    /// The findings kept, in the order made.
    public private(set) var kept: [Finding]
    /// Findings past the cap, counted by code (`findings_omitted` in the JSON).
    public private(set) var omitted: [FindingCode: Int]
    /// UTF-8 bytes of the paths, messages and fixes built: what the cap bounds (at most
    /// `perCode` findings of each code, each bounded by `Finding.maxTextBytes`).
    public private(set) var builtBytes: Int
    /// Findings kept of one code.
    public let perCode: Int

    public init(perCode: Int = Report.findingsPerCode) {
        self.init(kept: [], perCode: perCode)
    }

    /// An empty collector whose findings go into `storage`, emptied with its capacity kept: a
    /// server hands each check the array of its last one (`Report.findings`, once answered).
    public init(reusing storage: consuming [Finding], perCode: Int = Report.findingsPerCode) {
        storage.removeAll(keepingCapacity: true)
        self.init(kept: storage, perCode: perCode)
    }

    /// Each property initialized once, as `PayloadSummary`'s are.
    private init(kept: consuming [Finding], perCode: Int) {
        self.kept = kept
        omitted = [:]
        builtBytes = 0
        self.perCode = perCode
    }

    /// Collects `findings` in order, under the cap.
    public init(_ findings: some Sequence<Finding>, perCode: Int = Report.findingsPerCode) {
        self.init(perCode: perCode)
        append(contentsOf: findings)
    }

    /// Whether a finding of `code` would be kept: the texts are built only then.
    public func keeps(_ code: FindingCode) -> Bool { count(of: code) < perCode }

    /// A finding of `code` (its catalog severity): its texts are built only while the code is
    /// under the cap, else it is counted.
    public mutating func append(
        _ code: FindingCode, path: @autoclosure () -> String?, message: @autoclosure () -> FindingText,
        fix: @autoclosure () -> FindingText
    ) {
        guard admit(code) else { return }
        store(Finding(code, path: path(), message: message(), fix: fix()))
    }

    /// The same from texts already made (disfavoured, as `Finding.init(_:_:path:message:fix:)`
    /// says why).
    @_disfavoredOverload
    public mutating func append<Message: StringProtocol, Fix: StringProtocol>(
        _ code: FindingCode, path: @autoclosure () -> String?, message: @autoclosure () -> Message,
        fix: @autoclosure () -> Fix
    ) {
        guard admit(code) else { return }
        store(Finding(code, path: path(), message: message(), fix: fix()))
    }

    /// A finding of `code` that `make` builds, called only while the code is under the cap (for
    /// texts that share a piece worth making once, such as a path).
    public mutating func append(_ code: FindingCode, making make: () -> Finding) {
        guard admit(code) else { return }
        store(make())
    }

    /// A finding already made (a rule that finds one thing at most).
    public mutating func append(_ finding: consuming Finding) {
        guard admit(finding.code) else { return }
        store(finding)
    }

    public mutating func append(contentsOf findings: some Sequence<Finding>) {
        for finding in findings { append(finding) }
    }

    /// Another collector's findings after these: its kept ones under this cap, its counts added.
    public mutating func append(contentsOf other: Findings) {
        append(contentsOf: other.kept)
        for (code, count) in other.omitted { omitted[code, default: 0] += count }
    }

    public static func += (findings: inout Findings, more: some Sequence<Finding>) {
        findings.append(contentsOf: more)
    }

    public static func += (findings: inout Findings, more: Findings) {
        findings.append(contentsOf: more)
    }

    /// Drops every finding of `code`, kept or counted: `removeAll(codes:)` for one code, with no
    /// set made for it (the payload rules drop one on most requests).
    public mutating func removeAll(code: FindingCode) {
        kept.removeAll { $0.code == code }
        // Only when something was counted: removing a key from an empty table still hashes it.
        if !omitted.isEmpty { omitted[code] = nil }
    }

    /// Drops every finding of these codes, kept or counted (a rule that another one supersedes).
    public mutating func removeAll(codes: Set<FindingCode>) {
        guard !codes.isEmpty else { return }
        kept.removeAll { codes.contains($0.code) }
        if !omitted.isEmpty { for code in codes { omitted[code] = nil } }
    }

    /// Gives the kept findings of `code` `severity` (a code whose severity depends on what later
    /// rules find, such as the media: `aps.mutable-content.misplaced`).
    public mutating func setSeverity(_ severity: Severity, of code: FindingCode) {
        for index in kept.indices where kept[index].code == code { kept[index].severity = severity }
    }

    /// Whether a finding of `code` was made (kept or counted).
    public func contains(_ code: FindingCode) -> Bool { count(of: code) > 0 }

    /// The findings of `code` made (kept or counted). Counted from the kept ones, not kept in a
    /// table: a push makes a few findings, and a table would be one more allocation for each.
    /// The kept ones are at most `perCode` of each code, so the scan stays short however many a
    /// payload repeats.
    private func count(of code: FindingCode) -> Int {
        var count = omitted.isEmpty ? 0 : omitted[code, default: 0]
        // By index: a finding is large (its texts' pieces inline), and only its code is read.
        for index in kept.indices where kept[index].code == code { count += 1 }
        return count
    }

    private mutating func admit(_ code: FindingCode) -> Bool {
        if count(of: code) < perCode { return true }
        omitted[code, default: 0] += 1
        return false
    }

    /// Takes `finding` in (consumed: moved into the array, not copied; a finding with its texts'
    /// pieces inline is a few hundred bytes).
    private mutating func store(_ finding: consuming Finding) {
        // Room for a few at the first: a push makes one to four most often, and the report adds
        // its own after them (`media.not-fetched`), which would otherwise grow the array again.
        if kept.capacity == 0 { kept.reserveCapacity(4) }
        builtBytes += (finding.path?.utf8.count ?? 0) + finding.messageText.utf8Count + finding.fixText.utf8Count
        kept.append(consume finding)
    }

    // MARK: - Collection

    public var startIndex: Int { kept.startIndex }
    public var endIndex: Int { kept.endIndex }
    public subscript(position: Int) -> Finding { kept[position] }
}
