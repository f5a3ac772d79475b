import PreflightCore
import Testing

@Suite struct BulkSummaryTests {
    static let inspector = PayloadInspector(configuration: PreflightConfiguration())

    static func report(_ payload: String) -> Report {
        inspector.inspect(body: Array(payload.utf8), headers: APNsHeaders(pushType: "alert")).report
    }

    /// Counts per verdict, per code the reports carrying it, and its first ten lines, each once.
    @Test func countsAndFirstLines() throws {
        var summary = BulkSummary()
        let failing = BulkSummary.Entry(Self.report(#"{"aps":{"alert":"hi"},"image":"https://a.example/x.jpg"}"#))
        let passing = BulkSummary.Entry(Self.report(#"{"aps":{"alert":"hi"}}"#))
        for line in 1...12 { summary.record(failing, line: line * 2) }
        summary.record(passing, line: 30)
        // Two reports of one line (an Expo array's messages) list the line once.
        summary.record(failing, line: 31)
        summary.record(failing, line: 31)
        summary.lines = 31
        summary.blank = 2
        #expect(summary.reports == 15)
        #expect((summary.pass, summary.warn, summary.fail) == (1, 0, 14))
        let tally = try #require(summary.codes[.mutableContentMissing])
        #expect(tally.count == 14)
        #expect(tally.firstLines == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20])
        let json = try JSONParser.parse(summary.json).value
        #expect(json["summary"]?["lines"]?.integer == 31)
        #expect(json["summary"]?["blank"]?.integer == 2)
        #expect(json["summary"]?["reports"]?.integer == 15)
        #expect(json["summary"]?["verdicts"]?["fail"]?.integer == 14)
        #expect(json["summary"]?["codes"]?["aps.mutable-content.missing"]?["count"]?.integer == 14)
    }

    @Test func anEmptyRunIsZeros() {
        #expect(
            String(decoding: BulkSummary().json, as: UTF8.self)
                == #"{"summary":{"lines":0,"blank":0,"reports":0,"verdicts":{"pass":0,"warn":0,"fail":0},"codes":{}}}"#)
    }

    @Test func theReportLineWrapsTheReportsJSONAfterWhatTheBufferHolds() {
        let report = Report(findings: [], payload: PayloadSummary(bytes: 2, limit: 4096, pushType: "alert"))
        var bytes = Array("before\n".utf8)
        BulkSummary.appendReportLine(report, line: 7, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "before\n{\"line\":7,\"report\":\(report.json)}\n")
        var indexed: [UInt8] = []
        BulkSummary.appendReportLine(report, line: 7, index: 1, to: &indexed)
        #expect(String(decoding: indexed, as: UTF8.self) == "{\"line\":7,\"index\":1,\"report\":\(report.json)}\n")
    }
}
