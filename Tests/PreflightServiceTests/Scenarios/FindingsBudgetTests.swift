import PreflightCore
import PreflightService
import Testing

/// What a stranger's repeated keys and long texts cost: findings are capped as they are made and
/// what they quote is bounded, over real HTTP.
@Suite struct FindingsBudgetTests {
    /// The most one finding's JSON can take: three bounded quotes (path, and one each in the
    /// message and the fix) and its fixed texts.
    static let findingBound = 3 * Quoting.maxQuotedBytes + 256

    /// The most a report can take with these findings: theirs and the report's fixed fields.
    static func reportBound(_ report: JSONValue) -> Int {
        guard case .array(let findings)? = report["findings"] else { return 1024 }
        return findings.count * findingBound + 1024
    }

    /// `{"<key of keyBytes>":{"":0,"":0,...}}`: `members` members of one key, all but the first
    /// repeats, under one long key.
    static func repeatedUnderLongKey(keyBytes: Int, members: Int) -> String {
        let key = String(repeating: "k", count: keyBytes)
        return #"{"\#(key)":{"# + Array(repeating: #""":0"#, count: members).joined(separator: ",") + "}}"
    }

    /// The findings of one report's JSON, by code.
    static func findings(_ report: JSONValue, code: String) -> [JSONValue] {
        guard case .array(let findings)? = report["findings"] else { return [] }
        return findings.filter { $0["code"]?.string == code }
    }

    /// A 32 KB key holding 6,552 `"":0` members (64 KB): each repeat's path holds the long key,
    /// and a path, message and fix per repeat would be hundreds of megabytes for the cap to
    /// drop. Ten are made, each quoting at most `Quoting.maxBytes` of the key.
    @Test func repeatsUnderALongKeyMakeTenBoundedFindings() throws {
        let body = Array(Self.repeatedUnderLongKey(keyBytes: 32 * 1024, members: 6552).utf8)
        #expect(body.count > 65_000 && body.count <= 65_536)
        try withService { service in
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight?fetch=false", body: body)
            #expect(response.status == 422)
            let report = try #require(response.json)
            let repeats = Self.findings(report, code: "payload.duplicate-key")
            #expect(repeats.count == 10)
            #expect(report["findings_omitted"]?["payload.duplicate-key"]?.integer == 6541)
            for finding in repeats {
                let path = finding["path"]?.string ?? ""
                #expect(path.utf8.count == Quoting.maxQuotedBytes)
                #expect(path.hasSuffix(Quoting.ellipsis))
                #expect((finding["message"]?.string ?? "").utf8.count <= Quoting.maxQuotedBytes + 128)
                #expect((finding["fix"]?.string ?? "").utf8.count <= Quoting.maxQuotedBytes + 128)
            }
            #expect(response.body.count <= Self.reportBound(report), "\(response.body.count) bytes")
        }
    }

    /// The bytes the rules build for findings, counted by the collector: ten repeats' texts, not
    /// 6,551 of them.
    @Test func findingsTextsAreBuiltOnlyUnderTheCap() {
        let body = Array(Self.repeatedUnderLongKey(keyBytes: 32 * 1024, members: 6552).utf8)
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: body, headers: APNsHeaders())
        #expect(inspection.findings.filter { $0.code == .payloadDuplicateKey }.count == 10)
        #expect(inspection.findings.omitted[.payloadDuplicateKey] == 6541)
        let bound = inspection.findings.count * Self.findingBound
        #expect(inspection.findings.builtBytes <= bound, "\(inspection.findings.builtBytes) bytes built")
    }

    /// The same in a batch of a hundred items (1 MB): every item's report keeps ten repeats and
    /// counts the rest; the batch hands each item its repeated keys as nodes, not paths.
    @Test func aBatchOfRepeatsUnderLongKeysIsBounded() throws {
        let payload = Self.repeatedUnderLongKey(keyBytes: 4096, members: 1200)
        let items = Array(repeating: #"{"payload":\#(payload)}"#, count: 100).joined(separator: ",")
        let body = Array(#"{"items":[\#(items)]}"#.utf8)
        #expect(body.count > 1_000_000 && body.count <= 1_048_576)
        try withService { service in
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight/batch?fetch=false", body: body)
            #expect(response.status == 200)
            guard case .array(let reports)? = response.json?["results"] else {
                Issue.record("no results: \(response.status)")
                return
            }
            #expect(reports.count == 100)
            for report in reports {
                let repeats = Self.findings(report, code: "payload.duplicate-key")
                #expect(repeats.count == 10)
                #expect(report["findings_omitted"]?["payload.duplicate-key"]?.integer == 1189)
                #expect(repeats.allSatisfy { ($0["path"]?.string ?? "").utf8.count == Quoting.maxQuotedBytes })
            }
            let bound = reports.reduce(0) { $0 + Self.reportBound($1) }
            #expect(response.body.count <= bound, "\(response.body.count) bytes")
        }
    }

    // MARK: - What a finding quotes

    /// `{{` 32,000 bytes `}}`: the placeholder a failed template left.
    static let placeholder = "{{" + String(repeating: "x", count: 32_000) + "}}"

    /// A 32 KB placeholder in the title and a 32 KB unknown key in aps: each finding quotes at
    /// most `Quoting.maxBytes` of either (it quoted the whole placeholder, and the key three times).
    @Test func longTextsAreQuotedBounded() throws {
        let key = String(repeating: "k", count: 32_000)
        let payload =
            #"{"aps":{"alert":{"title":"\#(Self.placeholder)","body":"b"},"mutable-content":1,"\#(key)":1},"#
            + #""image":"https://cdn.example.com/a.jpg"}"#
        let body = Array(payload.utf8)
        try withService { service in
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight?fetch=false", body: body)
            #expect(response.status == 422)
            let report = try #require(response.json)
            guard case .array(let findings)? = report["findings"] else {
                Issue.record("no findings")
                return
            }
            #expect(Self.findings(report, code: "aps.alert.template-unresolved").count == 1)
            #expect(Self.findings(report, code: "aps.key.unknown").count == 1)
            for finding in findings {
                let path = finding["path"]?.string ?? ""
                let message = finding["message"]?.string ?? ""
                let fix = finding["fix"]?.string ?? ""
                #expect(path.utf8.count <= Quoting.maxQuotedBytes + "aps.".utf8.count, "\(path)")
                #expect(message.utf8.count + fix.utf8.count <= Self.findingBound, "\(message) \(fix)")
            }
            #expect(response.body.count <= Self.reportBound(report), "\(response.body.count) bytes")
            // About a tenth of the input: neither the placeholder nor the key comes back whole.
            #expect(response.body.count * 4 < body.count, "\(response.body.count) bytes for \(body.count)")
        }
    }

    /// A provider's request with the same placeholder: the derived payload is echoed once (as a
    /// JSON string), and the findings about it quote it bounded.
    @Test func anEnvelopeAnswerEchoesItsPayloadOnce() throws {
        let request =
            #"{"message":{"token":"t","notification":{"title":"\#(Self.placeholder)","body":"b"},"#
            + #""apns":{"payload":{"aps":{"mutable-content":1}},"fcm_options":{"image":"https://cdn.example.com/a.jpg"}}}}"#
        let body = Array(request.utf8)
        try withService { service in
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight?fetch=false", body: body)
            let report = try #require(response.json)
            let derived = try #require(report["envelope"]?["derived_payload"]?.string)
            #expect(derived.utf8.count > Self.placeholder.utf8.count)
            #expect(Self.findings(report, code: "aps.alert.template-unresolved").count == 1)
            // The derived payload once (its text has no quote or backslash to escape again), the
            // findings bounded.
            #expect(
                response.body.count <= derived.utf8.count + Self.reportBound(report),
                "\(response.body.count) bytes for \(body.count)")
        }
    }
}
