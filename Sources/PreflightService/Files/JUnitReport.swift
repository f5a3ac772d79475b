import PreflightCore

/// The judged files as JUnit XML, the test-result format CI systems read (`preflight check
/// --format junit`): one `<testsuite>`, a `<testcase>` per push, a `<failure>` per error finding.
///
/// The elements and attributes are those of the JUnit schema Jenkins' xUnit plugin validates
/// against (jenkinsci/xunit-plugin, `src/main/resources/org/jenkinsci/plugins/xunit/types/model/
/// xsd/junit-10.xsd`): a `testsuite` root with `name`, `tests`, `failures`, `errors`, `skipped`
/// and `time`; a `testcase` with `name`, `classname` and `time`, holding any number of `failure`,
/// `error` and `system-out` elements (`type` and `message` attributes, text content). GitLab's
/// "Unit test reports" page (docs.gitlab.com/ci/testing/unit_test_reports/) reads a testcase's
/// `classname` as its suite, its `name`, `file` and `time`, the content of `failure`, `error` and
/// `system-out`, and keeps only the first of several testcases with one name: so a testcase is
/// named by the whole path, never by the file name alone, which two folders may share (`file`
/// is GitLab's attribute: junit-10.xsd does not list it).
/// dorny/test-reporter's `java-junit` reporter (the GitHub action the docs show) takes the same
/// elements and shows a case's first `failure`.
///
/// ```swift
/// let xml = JUnitReport(files: files).xml
/// ```
public struct JUnitReport: Sendable {
    public var files: [CheckedFile]
    /// The `<testsuite>`'s name.
    public var suiteName = "preflight"

    public init(files: [CheckedFile]) {
        self.files = files
    }

    /// One testcase per push and per unreadable file: `tests`.
    public var tests: Int { files.reduce(0) { $0 + ($1.unreadable == nil ? $1.pushes.count : 1) } }
    /// Pushes whose verdict is fail: `failures`.
    public var failures: Int { files.reduce(0) { $0 + $1.pushes.filter { $0.report.verdict == .fail }.count } }
    /// Files that could not be read, which JUnit calls an error (a problem running the test,
    /// not a test that failed): `errors`.
    public var errors: Int { files.filter { $0.unreadable != nil }.count }

    /// The document.
    public var xml: String {
        var writer = XMLWriter()
        let seconds = files.reduce(0.0) { total, file in total + file.pushes.reduce(0.0) { $0 + $1.seconds } }
        writer.open(
            "testsuite",
            [
                "name": suiteName, "tests": String(tests), "failures": String(failures), "errors": String(errors),
                "skipped": "0", "time": Self.time(seconds),
            ])
        for file in files {
            if let reason = file.unreadable {
                writer.open("testcase", Self.caseAttributes(file.path, file: file.path, seconds: 0))
                writer.element("error", ["type": "file.unreadable", "message": reason], text: reason)
                writer.close("testcase")
                continue
            }
            for (index, push) in file.pushes.enumerated() {
                Self.write(push, named: file.name(ofPush: index), file: file.path, to: &writer)
            }
        }
        writer.close("testsuite")
        return writer.text
    }

    /// One push's testcase: a `<failure>` per error finding, the warnings and infos (and the
    /// count of findings left out of the report) as `<system-out>`.
    private static func write(_ push: CheckedFile.Push, named name: String, file: String, to writer: inout XMLWriter) {
        let report = push.report
        writer.open("testcase", caseAttributes(name, file: file, seconds: push.seconds))
        for finding in report.findings where finding.severity == .error {
            let at = finding.path.map { " at \($0)" } ?? ""
            writer.element(
                "failure", ["type": finding.code.rawValue, "message": finding.message],
                text: "\(finding.code.rawValue)\(at): \(finding.message)\nfix: \(finding.fix)")
        }
        var lines = report.findings.filter { $0.severity != .error }.map { finding in
            "\(finding.severity.rawValue) " + TextReport.findingLine(finding)
        }
        for (code, count) in report.omittedFindings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            lines.append("omitted: \(count) more \(code.rawValue) findings")
        }
        if !lines.isEmpty { writer.element("system-out", text: lines.joined(separator: "\n")) }
        writer.close("testcase")
    }

    /// `name` the push, `classname` its folder (`.` for a file named without one, `stdin` for
    /// `-`), `file` the path GitLab links to (left out for stdin), `time` in seconds.
    private static func caseAttributes(_ name: String, file: String, seconds: Double) -> KeyValuePairs<String, String> {
        if file == "-" { return ["name": name, "classname": "stdin", "time": time(seconds)] }
        let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
        return ["name": name, "classname": folder.isEmpty ? "/" : folder, "file": file, "time": time(seconds)]
    }

    /// Seconds with three decimals (`0.012`), the form the schema's `SUREFIRE_TIME` pattern takes.
    static func time(_ seconds: Double) -> String {
        let milliseconds = max(0, Int((seconds * 1000).rounded()))
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
