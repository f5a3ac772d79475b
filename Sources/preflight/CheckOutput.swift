import Foundation
import PreflightCore
import PreflightService

/// What `preflight check` prints, file by file as each is judged (text, JSON), or once at the
/// end (JUnit XML).
///
/// One input (a file, or `-`) prints its report as it always has: the text report, or the
/// report's JSON (`{"results": [...]}` for an Expo array); a file that cannot be read is
/// named on stderr. Several inputs, or a directory, name each file: in text under a
/// `==> PATH <==` heading, with a summary line at the end; in JSON one line per push (JSON
/// Lines), `{"file": PATH, "report": {...}}`, with `"index"` for a message of an Expo array and
/// `{"file": PATH, "error": REASON}` for a file that cannot be read.
struct CheckOutput {
    var format: String
    var several: Bool
    private var written = 0

    init(format: String, several: Bool) {
        self.format = format
        self.several = several
    }

    /// Prints what is printed as soon as `file` is judged.
    mutating func write(_ file: CheckedFile) {
        defer { written += 1 }
        switch (format, several) {
        case ("junit", _): return
        case ("json", true): writeLines(file)
        case (_, false):
            if let reason = file.unreadable { return printError("preflight: \(reason)") }
            printReports(file.pushes.map(\.report), asBatch: file.isBatch)
        case (_, true):
            if written > 0 { print("") }
            print("==> \(TextReport.escaped(file.path)) <==")
            if let reason = file.unreadable { return print("ERROR  \(TextReport.escaped(reason))") }
            printReports(file.pushes.map(\.report), asBatch: file.isBatch)
        }
    }

    /// Prints what closes the run: the JUnit document, or the text summary of several files.
    func finish(_ files: [CheckedFile]) {
        if format == "junit" {
            print(JUnitReport(files: files).xml, terminator: "")
        } else if format == "text" && several {
            print("")
            print(Self.summary(files))
        }
    }

    /// `preflight: 3 files, 4 pushes: 2 pass, 1 warn, 1 fail` (and `; 1 file could not be read`).
    static func summary(_ files: [CheckedFile]) -> String {
        let verdicts = files.flatMap(\.pushes).map(\.report.verdict)
        let counts = [Verdict.pass, .warn, .fail].map { verdict in
            "\(verdicts.filter { $0 == verdict }.count) \(verdict.rawValue)"
        }
        var line = "preflight: \(plural(files.count, "file")), \(plural(verdicts.count, "push")): "
        line += counts.joined(separator: ", ")
        let unreadable = files.filter { $0.unreadable != nil }.count
        if unreadable > 0 { line += "; \(plural(unreadable, "file")) could not be read" }
        return line
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)\(noun.hasSuffix("sh") ? "es" : "s")"
    }

    /// The JSON Lines of one file.
    private func writeLines(_ file: CheckedFile) {
        var name: [UInt8] = []
        JSONWriter.appendQuoted(file.path, to: &name)
        let prefix = #"{"file":"# + String(decoding: name, as: UTF8.self)
        if let reason = file.unreadable {
            var quoted: [UInt8] = []
            JSONWriter.appendQuoted(reason, to: &quoted)
            return print(prefix + #","error":"# + String(decoding: quoted, as: UTF8.self) + "}")
        }
        for (index, push) in file.pushes.enumerated() {
            print(prefix + (file.isBatch ? #","index":\#(index)"# : "") + #","report":"# + push.report.json + "}")
        }
    }

    /// The reports as JSON (several as the batch endpoint answers them, `{"results": [...]}`), or
    /// as text, one after another with a blank line between.
    private func printReports(_ reports: [Report], asBatch: Bool) {
        guard asBatch else { return reports.forEach(printReport) }
        if format == "json" {
            print(#"{"results":["# + reports.map(\.json).joined(separator: ",") + "]}")
            return
        }
        for (index, report) in reports.enumerated() {
            if index > 0 { print("") }
            printReport(report)
        }
    }

    /// The report as JSON, or as text (in color on a terminal unless `NO_COLOR` is set).
    private func printReport(_ report: Report) {
        if format == "json" {
            print(report.json)
        } else {
            print(TextReport(report: report, color: isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil).text)
        }
    }
}
