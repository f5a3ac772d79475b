// MARK: - Keys whose value must be one string for the extension to act

extension ExtensionProfile {
    /// A key and the string it must hold for the extension to act (WebEngage's `didReceive`
    /// acts only when `userInfo["source"] as? String == "webengage"`).
    public struct RequiredValue: Sendable, Equatable {
        /// Where the value is read (`/source`).
        public var pointer: JSONPointer
        /// The string it must be, compared as written (`webengage`, not `WebEngage`).
        public var value: String

        /// `RequiredValue(try JSONPointer("/source"), "webengage")`
        public init(_ pointer: JSONPointer, _ value: String) {
            self.pointer = pointer
            self.value = value
        }
    }

    /// The `requiredValues` the payload does not hold: the key absent, not a string, or another string.
    public func unmetRequiredValues(in root: JSONView) -> [RequiredValue] {
        requiredValues.filter { $0.pointer.first(in: root)?.value.string != $0.value }
    }

    /// Whether the extension stops before it downloads: a required key absent, or a required
    /// value not held.
    public func stopsBeforeDownload(in root: JSONView) -> Bool {
        !missingRequiredKeys(in: root).isEmpty || !unmetRequiredValues(in: root).isEmpty
    }

    /// The findings for what the extension needs and the payload lacks beyond its required keys,
    /// appended to `findings`: a required value not held, and a download the extension skips in
    /// Low Data Mode.
    func conditionFindings(in root: JSONView, mediaFound: Bool, _ findings: inout Findings) {
        for required in unmetRequiredValues(in: root) {
            let found = required.pointer.first(in: root)?.value
            let shown = found.map { $0.string.map { "\"\(Quoting.bounded($0))\"" } ?? "not a string" } ?? "absent"
            findings.append(
                Finding(
                    .requiredValueMismatch, path: required.pointer.text,
                    message:
                        "\(required.pointer.text) is \(shown): the \(name) extension acts only when it is \"\(required.value)\", so it attaches nothing",
                    fix: "set \(required.pointer.text) to \"\(required.value)\""))
        }
        if mediaFound, !downloadsInLowDataMode {
            findings.append(
                Finding(
                    .attachmentLowDataMode, path: nil,
                    message:
                        "the \(name) extension does not download in Low Data Mode: users who turned it on get the push without its media",
                    fix:
                        "none in the payload; the app can allow it (Batch: RichNotificationHelper.allowInLowDataMode = true)"
                ))
        }
    }
}
