import Foundation
import PreflightCore
import Testing

@Suite struct CheckCommandTests {
    static let valid = #"{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}"#
    static let failing = #"{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}"#

    func check(_ arguments: [String], stdin: String) throws -> (status: Int32, output: String) {
        try runProcess(preflightBinary, ["check"] + arguments, input: Array(stdin.utf8))
    }

    @Test func passExitsZeroWithATextSummary() throws {
        let result = try check(["--no-fetch", "--header", "apns-push-type: alert", "-"], stdin: Self.valid)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("PASS  ") == true)
        #expect(lines.contains { $0.contains("info    media.not-fetched at /image:") })
        #expect(!result.output.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func colourOnlyOnATerminal() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("colour-\(getpid()).json")
        try Data(Self.failing.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // `script` gives the command a pseudo-terminal.
        let command = "\(preflightBinary) check --no-fetch \(file.path)"
        let terminal = try runProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm"])
        #expect(terminal.output.hasPrefix("\u{1B}[1;31mFAIL\u{1B}[0m"), "\(terminal.output)")
        let noColor = try runProcess(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.output.hasPrefix("FAIL  "))
    }

    @Test func failExitsOneAndNamesCodePathAndFix() throws {
        let result = try check(["--no-fetch", "--header", "apns-push-type:alert", "-"], stdin: Self.failing)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("FAIL  "))
        #expect(
            result.output.contains(
                "error   aps.mutable-content.missing at aps.mutable-content: aps has no mutable-content"))
        #expect(result.output.contains("fix: add \"mutable-content\": 1 inside aps"))
    }

    /// The second line names the profile `--profile` picked and what it models.
    @Test func theTextReportNamesTheProfile() throws {
        let body =
            #"{"aps":{"alert":"hi","mutable-content":1},"ab":{"att":{"url":"https://cdn.example.com/a.jpg","type":"jpg"}}}"#
        let result = try check(
            ["--no-fetch", "--profile", "braze", "--header", "apns-push-type:alert", "-"], stdin: body)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n")
        #expect(
            lines.dropFirst().first
                == "  profile braze: models \(ExtensionProfile.braze.source?.models ?? "?"); not read from source: \(ExtensionProfile.braze.source?.unverified ?? "?")"
        )
        let generic = try check(["--no-fetch", "--header", "apns-push-type:alert", "-"], stdin: Self.valid)
        #expect(
            generic.output.split(separator: "\n").dropFirst().first
                == "  profile generic: models hand-written extensions (shared/seeds/ 000-004)")
    }

    @Test func warnExitsZero() throws {
        let body =
            #"{"aps":{"alert":"hi","mutable-content":1,"campaign":"x"},"image":"https://cdn.example.com/pic.jpg"}"#
        let result = try check(["--no-fetch", "--header", "apns-push-type:alert", "-"], stdin: body)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("WARN  "))
    }

    @Test func jsonFormatIsTheReport() throws {
        let result = try check(
            ["--no-fetch", "--format", "json", "--header", "apns-push-type:voip", "-"], stdin: Self.valid)
        #expect(result.status == 1)
        let report = try JSONParser.parse(Array(result.output.utf8)).value
        #expect(report["verdict"]?.string == "fail")
        #expect(report["payload"]?["push_type"]?.string == "voip")
        #expect(report["payload"]?["limit"]?.integer == 5120)
        guard case .array(let findings)? = report["findings"] else {
            Issue.record("no findings")
            return
        }
        #expect(findings.first?["code"]?.string == "headers.push-type.not-alert")
    }

    @Test func readsAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("payload-\(getpid()).json")
        try Data(Self.valid.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runProcess(preflightBinary, ["check", "--no-fetch", "--format", "json", file.path])
        #expect(result.status == 0)
        #expect(result.output.contains(#""verdict":"pass""#))
    }

    @Test(arguments: [
        ["--format", "yaml", "-"],
        ["--header", "apns-push-type", "-"],
        ["--header", "apns-foo:1", "-"],
        ["--expect", "image", "-"],
        ["--bogus", "-"],
        [],
        ["--config", "/nonexistent/config.json", "-"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try check(arguments, stdin: Self.valid)
        #expect(result.status == 2, "\(arguments): \(result.output)")
        #expect(result.output.hasPrefix("preflight: "))
    }
}

extension CheckCommandTests {
    /// `--format-in` names the envelope; the text report shows the payload the provider sends.
    @Test func formatInJudgesAProvidersRequest() throws {
        let body = #"{"app_id":"x","contents":{"en":"Hi"},"ios_attachments":{"a":"https://cdn.example.com/a.jpg"}}"#
        let result = try check(["--no-fetch", "--format-in", "onesignal", "-"], stdin: body)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.contains(
                #"onesignal sends APNs: {"aps":{"alert":{"body":"Hi"},"mutable-content":1},"att":{"a":"https://cdn.example.com/a.jpg"}}"#
            ))
        let json = try check(["--no-fetch", "--format-in", "onesignal", "--format", "json", "-"], stdin: body)
        #expect(json.output.contains(#""envelope":{"format":"onesignal","detected":false"#))
        let refused = try check(["--format-in", "mailchimp", "-"], stdin: body)
        #expect(refused.status == 2)
        #expect(
            refused.output.contains(
                "--format-in: expected one of apns, fcm, onesignal, airship, braze, expo, sns, azure, got \"mailchimp\""
            ))
    }
}

extension CheckCommandTests {
    /// `--format-in sns FILE`: the documented Publish body, unwrapped to the APNS string it carries.
    @Test func formatInSNSReadsAPublishBodyFromAFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Envelopes/sns.json")
        let result = try runProcess(preflightBinary, ["check", "--no-fetch", "--format-in", "sns", file.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("PASS  "))
        #expect(result.output.contains(#"sns sends APNs: {"aps":{"alert":{"title":"Weekend deals""#))
        #expect(result.output.contains("info    media.not-fetched at /image:"))
        let object = try runProcess(
            preflightBinary, ["check", "--no-fetch", "--format-in", "sns", "-"],
            input: Array(#"{"TargetArn":"a","MessageStructure":"json","Message":{"APNS":"{}"}}"#.utf8))
        #expect(object.status == 1)
        #expect(object.output.contains("error   envelope.sns.not-string at Message:"))
        let azure = try runProcess(
            preflightBinary,
            ["check", "--no-fetch", "--header", "ServiceBusNotification-Format: gcm", "-"],
            input: Array(#"{"aps":{"alert":"a","mutable-content":1}}"#.utf8))
        #expect(azure.status == 1)
        #expect(azure.output.contains("error   envelope.azure.format.invalid at ServiceBusNotification-Format:"))
    }
}

extension CheckCommandTests {
    /// A configuration `serve` cannot run with exits 2 naming the key, in `serve` and in
    /// `check --no-fetch` alike: `check --no-fetch` must not take malformed ranges, a garbage
    /// `fetch.resolve` entry or a missing `fetch.ca_file`, nor exit 1 unnamed on a `listen.host`
    /// that is not an address, let a repeated key silently win or take an empty `media_keys`.
    @Test(arguments: [
        (#"{"egress": {"allow_cidrs": ["10.0.0.0/33"]}}"#, "egress.allow_cidrs:"),
        (#"{"fetch": {"resolve": ["garbage"]}}"#, #"fetch.resolve: "garbage" is not HOST:PORT:ADDRESS"#),
        (#"{"fetch": {"resolve": ["a.test:80:not-an-ip"]}}"#, #"fetch.resolve: "a.test:80:not-an-ip""#),
        (#"{"listen": {"host": "not-an-ip"}}"#, #"listen.host: "not-an-ip" is not a numeric"#),
        (#"{"server": {"admin_listen": {"host": "1.2.3"}}}"#, #"server.admin_listen.host: "1.2.3""#),
        (#"{"fetch": {"ca_file": "/nonexistent/ca.pem"}}"#, "fetch.ca_file: no readable file at /nonexistent/ca.pem"),
        (#"{"cache": {"ttl_s": 1}, "cache": {"ttl_s": 2}}"#, "cache: given more than once"),
        (#"{"fetch": {"timeout_ms": 1, "timeout_ms": 2}}"#, "fetch.timeout_ms: given more than once"),
        (#"{"profiles": {"x": {"media_keys": []}}}"#, "profiles.x.media_keys: needs at least one JSON Pointer"),
        (#"{"profiles": {"x": {"media_keys": [""]}}}"#, #"profiles.x.media_keys: "" points at the whole payload"#),
    ])
    func configurationsServeRefusesExitTwoNamingTheKey(text: String, message: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "preflight-config-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // `timeout`: a configuration that is wrongly accepted would leave `serve` running (124).
        let serve = try runProcess(
            "/usr/bin/timeout", ["10", preflightBinary, "serve", "--port", "0", "--config", file.path])
        #expect(serve.status == 2, "serve: \(serve.output)")
        #expect(serve.output.contains(message), "serve: \(serve.output)")
        let check = try check(["--no-fetch", "--config", file.path, "-"], stdin: Self.valid)
        #expect(check.status == 2, "check: \(check.output)")
        #expect(check.output.contains(message), "check: \(check.output)")
    }
}
