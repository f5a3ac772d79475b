import Foundation
import PreflightCore
import Testing

/// `preflight check --ndjson`: the real binary, its stdin a generated NDJSON input.
@Suite struct CheckCommandBulkTests {
    static let pass = #"{"aps":{"alert":{"title":"Sale","body":"half price"}}}"#
    static let warn = #"{"aps":{"alert":"hi","campaign":"x"}}"#
    static let fail = #"{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}"#

    /// The binary's output lines, parsed, and its exit status.
    func bulk(_ input: [UInt8], _ arguments: [String] = []) throws -> (status: Int32, lines: [JSONValue]) {
        let result = try runProcess(
            preflightBinary, ["check", "--ndjson", "-", "--no-fetch", "--header", "apns-push-type:alert"] + arguments,
            input: input)
        let lines = try result.output.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)).value }
        return (result.status, lines)
    }

    func bulk(_ input: String, _ arguments: [String] = []) throws -> (status: Int32, lines: [JSONValue]) {
        try bulk(Array(input.utf8), arguments)
    }

    /// Many lines of mixed verdicts, blank lines among them: one report per line, in input order,
    /// numbered as the input is, then the summary.
    @Test func reportsComeInInputOrderWithExactLineNumbers() throws {
        var input = ""
        var expected: [(line: Int, verdict: String)] = []
        var number = 0
        for index in 0..<600 {
            number += 1
            if index % 97 == 5 {
                input += "  \n"
                continue
            }
            let (payload, verdict) = [(Self.pass, "pass"), (Self.warn, "warn"), (Self.fail, "fail")][index * 7 % 3]
            input += payload + "\n"
            expected.append((number, verdict))
        }
        let result = try bulk(input)
        #expect(result.status == 1)
        let reports = result.lines.dropLast()
        #expect(reports.map { $0["line"]?.int ?? -1 } == expected.map(\.line))
        #expect(reports.map { $0["report"]?["verdict"]?.string ?? "?" } == expected.map(\.verdict))
        let summary = try #require(result.lines.last?["summary"])
        #expect(summary["lines"]?.int == 600)
        #expect(summary["blank"]?.int == 600 - expected.count)
        #expect(summary["reports"]?.int == expected.count)
        #expect(summary["verdicts"]?["fail"]?.int == expected.filter { $0.verdict == "fail" }.count)
    }

    /// A bad line is that line's report: the run goes on, the lines around it are judged.
    @Test func aBadLineIsItsReportAndTheRunGoesOn() throws {
        var input = Array((Self.pass + "\nnot json\n[1,2]\n").utf8)
        input += [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D, 0x0A]  // {"\xFF":1}: not UTF-8
        input += Array(#"{"payload":{"aps":{"alert":"x"}},"headers":{"apns-foo":"1"}}"#.utf8) + [0x0A]
        input += Array((Self.pass + "\n").utf8)
        let result = try bulk(input)
        #expect(result.status == 1)
        let codes = result.lines.dropLast().map { $0["report"]?["findings"]?[item: 0]?["code"]?.string ?? "?" }
        #expect(result.lines.dropLast().map { $0["line"]?.int ?? -1 } == [1, 2, 3, 4, 5, 6])
        #expect(
            codes == [
                "media.none", "payload.invalid-json", "payload.not-object", "payload.invalid-json",
                "bulk.item.invalid", "media.none",
            ])
        let utf8 = result.lines[3]["report"]?["findings"]?[item: 0]?["message"]?.string ?? ""
        #expect(utf8.hasPrefix("the payload is not valid UTF-8"), "\(utf8)")
        let item = result.lines[4]["report"]?["findings"]?[item: 0]?["message"]?.string ?? ""
        #expect(
            item.hasPrefix("the line is a batch item, not judged: item.headers.apns-foo is not a header APNs defines"))
        #expect(result.lines.last?["summary"]?["verdicts"]?["pass"]?.int == 2)
    }

    @Test func anEmptyInputIsTheSummaryOfZeros() throws {
        let result = try runProcess(preflightBinary, ["check", "--ndjson", "-"], input: [])
        #expect(result.status == 0)
        #expect(
            result.output
                == #"{"summary":{"lines":0,"blank":0,"reports":0,"verdicts":{"pass":0,"warn":0,"fail":0},"codes":{}}}"#
                + "\n")
    }

    /// A line over `server.max_body_bytes` fails with `payload.too-large`, unread; the next is judged.
    @Test func aLineOverTheBodyLimitFailsAndIsSkipped() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("bulk-limit-\(getpid()).json")
        try Data(#"{"server": {"max_body_bytes": 1024}}"#.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let long = #"{"aps":{"alert":"hi"},"pad":""# + String(repeating: "x", count: 3000) + #""}"#
        let result = try bulk(Self.pass + "\n" + long + "\n" + Self.pass + "\n", ["--config", config.path])
        #expect(result.status == 1)
        let report = try #require(result.lines[1]["report"])
        #expect(result.lines[1]["line"]?.int == 2)
        #expect(report["verdict"]?.string == "fail")
        #expect(report["findings"]?[item: 0]?["code"]?.string == "payload.too-large")
        #expect(
            report["findings"]?[item: 0]?["message"]?.string
                == "the line is \(long.utf8.count) bytes, over server.max_body_bytes (1024), the most the server reads of a body; it was skipped unread (a push may be 4096 bytes)"
        )
        #expect(report["payload"]?["bytes"]?.int == long.utf8.count)
        #expect(result.lines[2]["report"]?["verdict"]?.string == "pass")
    }

    /// Per code: the reports that carry it and the first ten line numbers, in input order.
    @Test func theSummaryCountsCodesAndTheirFirstLines() throws {
        let lines = (1...40).map { $0 % 3 == 0 ? Self.fail : Self.pass }
        let result = try bulk(lines.joined(separator: "\n"))
        let summary = try #require(result.lines.last?["summary"])
        let missing = try #require(summary["codes"]?["aps.mutable-content.missing"])
        #expect(missing["count"]?.int == 13)
        guard case .array(let first)? = missing["first_lines"] else {
            Issue.record("no first_lines")
            return
        }
        #expect(first.compactMap(\.integer) == [3, 6, 9, 12, 15, 18, 21, 24, 27, 30])
        #expect(summary["codes"]?["media.none"]?["count"]?.int == 27)
        #expect(summary["verdicts"]?["pass"]?.int == 27)
        #expect(summary["verdicts"]?["fail"]?.int == 13)
        #expect(summary["lines"]?.int == 40)
    }

    /// A batch item's headers replace the run's `--header`s, its profile and format win over the run's.
    @Test func itemsCarryTheirHeadersProfileAndFormat() throws {
        let input = [
            #"{"payload":{"aps":{"content-available":1}},"headers":{"apns-push-type":"background","apns-priority":"5"}}"#,
            #"{"payload":{"aps":{"alert":"hi","mutable-content":1},"ab":{"att":{"url":"https://cdn.example.com/a.jpg","type":"jpg"}}},"profile":"braze"}"#,
            #"{"payload":"{\"aps\":{\"alert\":\"hi\"}}"}"#,
            #"{"payload":{"aps":{"alert":"hi"}},"profile":"nope"}"#,
            #"{"payload":{"message":{"token":"t","notification":{"title":"a","body":"b"}}},"format":"fcm"}"#,
        ].joined(separator: "\n")
        let result = try bulk(input, ["--profile", "onesignal"])
        let reports = result.lines.dropLast().compactMap { $0["report"] }
        #expect(reports.count == 5)
        #expect(reports[0]["payload"]?["push_type"]?.string == "background")
        #expect(reports[0]["payload"]?["judged_as"]?.string == "background")
        #expect(reports[1]["payload"]?["profile"]?.string == "braze")
        #expect(reports[1]["payload"]?["media_url"]?.string == "https://cdn.example.com/a.jpg")
        #expect(reports[2]["payload"]?["push_type"]?.string == "alert", "no headers: the run's")
        #expect(reports[2]["payload"]?["profile"]?.string == "onesignal")
        #expect(reports[3]["findings"]?[item: 0]?["code"]?.string == "bulk.item.invalid")
        #expect(
            reports[3]["findings"]?[item: 0]?["message"]?.string?.contains(#"item.profile: no profile "nope""#) == true)
        #expect(reports[4]["envelope"]?["format"]?.string == "fcm")
    }

    @Test(arguments: [
        ["--ndjson", "-", "--format", "text"],
        ["--ndjson", "-", "--format", "junit"],
        ["--ndjson", "-", "other.json"],
        ["--ndjson"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try runProcess(preflightBinary, ["check"] + arguments, input: [])
        #expect(result.status == 2, "\(arguments): \(result.output)")
        #expect(result.output.hasPrefix("preflight: "))
    }

    @Test func anUnreadableFileExitsOne() throws {
        let result = try runProcess(preflightBinary, ["check", "--ndjson", "/nonexistent/campaign.ndjson"])
        #expect(result.status == 1)
        #expect(result.output == "preflight: cannot read /nonexistent/campaign.ndjson: No such file or directory\n")
    }

    /// On a terminal, stderr gets a progress line, redrawn in place and cleared at the end; the
    /// tests above (stderr a pipe) show there is none otherwise: their output parses as JSON Lines.
    @Test func aProgressLineOnATerminalOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulk-tty-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data((Self.pass + "\n" + Self.fail + "\n").utf8).write(to: directory.appendingPathComponent("in.ndjson"))
        // The input stays open 0.8 s after its lines, so the line is drawn at least twice.
        let command =
            "(cat \(directory.path)/in.ndjson; sleep 0.8) | \(preflightBinary) check --ndjson - --no-fetch > \(directory.path)/out.ndjson"
        let terminal = try runProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm"])
        #expect(terminal.output.contains("\r\u{1B}[Kpreflight: 2 lines, "), "\(terminal.output)")
        #expect(terminal.output.contains("/s: 1 pass, 0 warn, 1 fail"), "\(terminal.output)")
        #expect(terminal.output.hasSuffix("\r\u{1B}[K"), "cleared at the end: \(terminal.output)")
        let written = try String(contentsOf: directory.appendingPathComponent("out.ndjson"), encoding: .utf8)
        #expect(written.split(separator: "\n").count == 3)
    }
}

extension JSONValue {
    /// The number as an `Int`.
    fileprivate var int: Int? { integer.map { Int($0) } }

    /// Element `index` of an array.
    fileprivate subscript(item index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
