import Testing

@testable import PreflightCore

/// One finding added to a report after its first ones is kept under the same cap as a list of
/// them: past `findingsPerCode` of its code it is counted, not kept.
@Suite struct ReportAppendingTests {
    private static func finding(_ code: FindingCode, _ index: Int) -> Finding {
        Finding(code, path: "aps.k\(index)", message: "m\(index)", fix: "f")
    }

    private static func report(keys: Int) -> Report {
        Report(
            findings: (0..<keys).map { finding(.apsKeyUnknown, $0) },
            payload: PayloadSummary(bytes: 10, limit: 4096, pushType: "alert", mediaURL: nil, mediaKey: nil))
    }

    @Test func oneFindingIsKeptWhileItsCodeIsUnderTheCap() {
        var report = Self.report(keys: Report.findingsPerCode - 1)
        report.append(Self.finding(.apsKeyUnknown, 99))
        report.append(Self.finding(.mediaNotFetched, 0))
        #expect(report.findings.count == Report.findingsPerCode + 1)
        #expect(report.findings.last?.code == .mediaNotFetched)
        #expect(report.omittedFindings.isEmpty)
    }

    @Test func oneFindingPastTheCapIsCountedAsAListOfItWouldBe() {
        var one = Self.report(keys: Report.findingsPerCode)
        var list = one
        one.append(Self.finding(.apsKeyUnknown, 99))
        list.append(contentsOf: [Self.finding(.apsKeyUnknown, 99)])
        #expect(one.findings.count == Report.findingsPerCode)
        #expect(one.omittedFindings == [.apsKeyUnknown: 1])
        #expect(one.findings.map(\.path) == list.findings.map(\.path))
        #expect(one.omittedFindings == list.omittedFindings)
    }
}

/// Dropping one code drops what dropping a set of that one code drops: its kept findings and its count.
@Suite struct FindingsRemovalTests {
    @Test func removingOneCodeIsRemovingASetOfIt() {
        var findings = Findings(perCode: 2)
        for index in 0..<5 { findings.append(Finding(.apsKeyUnknown, path: "aps.k\(index)", message: "m", fix: "f")) }
        findings.append(Finding(.mediaNotFetched, path: "/image", message: "m", fix: "f"))
        var bySet = findings
        findings.removeAll(code: .apsKeyUnknown)
        bySet.removeAll(codes: [.apsKeyUnknown])
        #expect(findings.map(\.code) == [.mediaNotFetched])
        #expect(findings.omitted.isEmpty)
        #expect(findings.keeps(.apsKeyUnknown))
        #expect(findings.map(\.path) == bySet.map(\.path))
        #expect(findings.omitted == bySet.omitted)
    }
}
