import Testing

@testable import PreflightCore
@testable import PreflightService

/// The JUnit document for a set of judged files, whole: the suite's counts, a testcase per push
/// (an Expo array's messages as `#index`), a failure per error finding, the rest as system-out,
/// an unreadable file as an error.
@Suite struct JUnitReportTests {
    static func report(_ findings: [Finding]) -> Report {
        Report(
            findings: findings,
            payload: PayloadSummary(bytes: 60, limit: 4096, pushType: "alert", mediaURL: nil, mediaKey: nil))
    }

    static let files: [CheckedFile] = [
        CheckedFile(
            path: "templates/promo/sale.json",
            pushes: [
                .init(
                    report: report([
                        Finding(
                            FindingCode(rawValue: "aps.mutable-content.missing"), .error, path: "aps.mutable-content",
                            message: #"no "mutable-content" <here> & there"#, fix: "add it"),
                        Finding(
                            FindingCode(rawValue: "aps.key.unknown"), .warning, path: "aps.x\u{1B}",
                            message: "unknown key", fix: "move it"),
                    ]), seconds: 0.012)
            ], isBatch: false),
        CheckedFile(
            path: "expo.json",
            pushes: [.init(report: report([]), seconds: 0.001), .init(report: report([]), seconds: 0.002)],
            isBatch: true),
        CheckedFile(path: "gone.json", unreadable: "cannot read gone.json: No such file or directory"),
        CheckedFile(path: "-", pushes: [.init(report: report([]), seconds: 1.5)], isBatch: false),
    ]

    @Test func theDocumentIsExact() {
        let junit = JUnitReport(files: Self.files)
        #expect((junit.tests, junit.failures, junit.errors) == (5, 1, 1))
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="preflight" tests="5" failures="1" errors="1" skipped="0" time="1.515">
              <testcase name="templates/promo/sale.json" classname="templates/promo" file="templates/promo/sale.json" time="0.012">
                <failure type="aps.mutable-content.missing" message="no &quot;mutable-content&quot; &lt;here&gt; &amp; there">aps.mutable-content.missing at aps.mutable-content: no "mutable-content" &lt;here&gt; &amp; there
            fix: add it</failure>
                <system-out>warning aps.key.unknown at aps.x\\x1b: unknown key; fix: move it</system-out>
              </testcase>
              <testcase name="expo.json#0" classname="." file="expo.json" time="0.001">
              </testcase>
              <testcase name="expo.json#1" classname="." file="expo.json" time="0.002">
              </testcase>
              <testcase name="gone.json" classname="." file="gone.json" time="0.000">
                <error type="file.unreadable" message="cannot read gone.json: No such file or directory">cannot read gone.json: No such file or directory</error>
              </testcase>
              <testcase name="-" classname="stdin" time="1.500">
              </testcase>
            </testsuite>

            """
        #expect(junit.xml == expected)
    }

    @Test(arguments: [(0.0, "0.000"), (0.0004, "0.000"), (0.0006, "0.001"), (2.25, "2.250"), (61.0, "61.000")])
    func timeIsSecondsWithThreeDecimals(seconds: Double, text: String) {
        #expect(JUnitReport.time(seconds) == text)
    }

    /// Findings past the per-code cap are counted in system-out, so the case says what it left out.
    @Test func omittedFindingsAreCounted() {
        let many = (0..<12).map { index in
            Finding(FindingCode(rawValue: "aps.key.unknown"), .warning, path: "aps.k\(index)", message: "m", fix: "f")
        }
        let file = CheckedFile(path: "a.json", pushes: [.init(report: Self.report(many), seconds: 0)], isBatch: false)
        let xml = JUnitReport(files: [file]).xml
        #expect(xml.contains("omitted: 2 more aps.key.unknown findings</system-out>"))
        #expect(!xml.contains("<failure"))
    }
}
