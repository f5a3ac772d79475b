public import PreflightCore

/// One input `preflight check` judged (a file, or `-` for stdin): a report per push it holds,
/// or why it could not be read.
public struct CheckedFile: Sendable {
    /// One push of the file and how long judging it took.
    public struct Push: Sendable {
        public var report: Report
        public var seconds: Double

        public init(report: Report, seconds: Double) {
            self.report = report
            self.seconds = seconds
        }
    }

    /// The file as it was named or found (`templates/sale.json`), or `-`.
    public var path: String
    /// The pushes, in order: one, or one per message of an Expo array.
    public var pushes: [Push]
    /// True for an Expo array: its pushes are named `path#index`.
    public var isBatch: Bool
    /// Why the file could not be read (nil when it was): a failing result, not a stop of the run.
    public var unreadable: String?

    /// A file that was read and judged.
    public init(path: String, pushes: [Push], isBatch: Bool) {
        self.path = path
        self.pushes = pushes
        self.isBatch = isBatch
        self.unreadable = nil
    }

    /// A file that could not be read, with the reason (`cannot read a.json: Permission denied`).
    public init(path: String, unreadable reason: String) {
        self.path = path
        self.pushes = []
        self.isBatch = false
        self.unreadable = reason
    }

    /// Whether the file fails the run: it could not be read, or a push's verdict is fail.
    public var fails: Bool { unreadable != nil || pushes.contains { $0.report.verdict == .fail } }

    /// The name of push `index`: the path, with `#index` for a message of an Expo array.
    public func name(ofPush index: Int) -> String { isBatch ? "\(path)#\(index)" : path }
}
