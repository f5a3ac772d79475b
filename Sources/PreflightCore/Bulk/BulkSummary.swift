/// What closes a bulk run's output: the lines read, the reports by verdict, and for each finding
/// code the reports that carry it and the first lines they came from. Its size is bounded
/// whatever the input's length: one entry per code of the catalog, at most `firstLinesKept`
/// line numbers each.
///
/// ```swift
/// var summary = BulkSummary()
/// summary.record(report, line: 3)
/// summary.lines = 3
/// summary.json  // {"summary":{"lines":3,...}}
/// ```
public struct BulkSummary: Sendable {
    /// Line numbers kept per code.
    public static let firstLinesKept = 10

    /// What one report adds to the summary: kept instead of the report, which is much larger.
    public struct Entry: Sendable, Equatable {
        public var verdict: Verdict
        /// The codes of its findings, each once, in the order they first appear.
        public var codes: [FindingCode]

        public init(_ report: Report) {
            verdict = report.verdict
            var codes: [FindingCode] = []
            for finding in report.findings where !codes.contains(finding.code) { codes.append(finding.code) }
            self.codes = codes
        }
    }

    /// One code's tally.
    public struct CodeTally: Sendable, Equatable {
        /// Reports with at least one finding of the code.
        public var count = 0
        /// The line numbers of the first `firstLinesKept` of them, in input order, each once.
        public var firstLines: [Int] = []
    }

    /// Input lines read, blank ones included (the number of the last line).
    public var lines = 0
    /// Lines of whitespace only, skipped (counted by the reader, which sees them).
    public var blank = 0
    public private(set) var pass = 0
    public private(set) var warn = 0
    public private(set) var fail = 0
    public private(set) var codes: [FindingCode: CodeTally] = [:]

    public init() {}

    /// Reports written (a line holding an Expo array of messages writes one per message).
    public var reports: Int { pass + warn + fail }

    /// Counts one report of line `line`; the reports must come in input order.
    public mutating func record(_ entry: Entry, line: Int) {
        switch entry.verdict {
        case .pass: pass += 1
        case .warn: warn += 1
        case .fail: fail += 1
        }
        for code in entry.codes {
            var tally = codes[code, default: CodeTally()]
            tally.count += 1
            if tally.firstLines.count < Self.firstLinesKept, tally.firstLines.last != line {
                tally.firstLines.append(line)
            }
            codes[code] = tally
        }
    }

    /// `{"summary":{"lines":N,"blank":N,"reports":N,"verdicts":{"pass":N,"warn":N,"fail":N},
    /// "codes":{CODE:{"count":N,"first_lines":[N,...]},...}}}`, the codes in byte order of their names.
    public var json: [UInt8] {
        var writer = JSONWriter()
        writer.object { root in
            root.key("summary")
            root.object { summary in
                summary.field("lines", lines)
                summary.field("blank", blank)
                summary.field("reports", reports)
                summary.key("verdicts")
                summary.object { verdicts in
                    verdicts.field("pass", pass)
                    verdicts.field("warn", warn)
                    verdicts.field("fail", fail)
                }
                summary.key("codes")
                summary.object { list in
                    for (code, tally) in codes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                        list.key(text: code.rawValue)
                        list.object { entry in
                            entry.field("count", tally.count)
                            entry.key("first_lines")
                            entry.array { numbers in
                                for line in tally.firstLines { numbers.value(line) }
                            }
                        }
                    }
                }
            }
        }
        return writer.finished()
    }

    /// Appends the output line of `report`: `{"line":N,"report":REPORT}` (`"index":I` after the
    /// line number for message I of an Expo array), and its newline. The report is written
    /// straight into `bytes`, the line's buffer: no array is made for it alone.
    public static func appendReportLine(_ report: Report, line: Int, index: Int? = nil, to bytes: inout [UInt8]) {
        bytes += #"{"line":"#.utf8
        JSONWriter.appendDecimal(line, to: &bytes)
        if let index {
            bytes += #","index":"#.utf8
            JSONWriter.appendDecimal(index, to: &bytes)
        }
        bytes += #","report":"#.utf8
        report.writeJSON(into: &bytes)
        bytes += "}\n".utf8
    }
}
