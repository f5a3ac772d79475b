import Foundation
import FoundationXML
import PreflightCore
import Testing

/// `preflight check` over several files and directories, run as the real binary: each file
/// judged, the exit status of the worst, a file that cannot be read failing only itself, and the
/// text, JSON Lines and JUnit outputs naming each file.
@Suite struct CheckCommandFilesTests {
    static let pass = CheckCommandTests.valid
    static let warn =
        #"{"aps":{"alert":"hi","mutable-content":1,"campaign":"x"},"image":"https://cdn.example.com/pic.jpg"}"#
    static let fail = CheckCommandTests.failing

    /// A fresh folder holding `files` (relative path: content); removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("check-files-\(UUID().uuidString)")
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
        return root
    }

    func check(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProcess(preflightBinary, ["check", "--no-fetch", "--header", "apns-push-type:alert"] + arguments)
    }

    @Test func severalFilesAreHeadedByTheirNamesAndSummed() throws {
        let root = try Self.folder(["pass.json": Self.pass, "warn.json": Self.warn, "fail.json": Self.fail])
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = ["warn.json", "fail.json", "pass.json"].map { root.appendingPathComponent($0).path }
        let result = try check(paths)
        #expect(result.status == 1, "\(result.output)")
        let headings = result.output.split(separator: "\n").filter { $0.hasPrefix("==> ") }.map(String.init)
        #expect(headings == paths.map { "==> \($0) <==" }, "in the order given")
        let blocks = result.output.components(separatedBy: "\n\n")
        #expect(blocks.count == 4)
        #expect(blocks[0].split(separator: "\n").dropFirst().first?.hasPrefix("WARN  ") == true)
        #expect(blocks[1].split(separator: "\n").dropFirst().first?.hasPrefix("FAIL  ") == true)
        #expect(blocks[2].split(separator: "\n").dropFirst().first?.hasPrefix("PASS  ") == true)
        #expect(result.output.hasSuffix("\n\npreflight: 3 files, 3 pushes: 1 pass, 1 warn, 1 fail\n"))
        let noFailure = try check([paths[0], paths[2]])
        #expect(noFailure.status == 0, "pass and warn: \(noFailure.output)")
        #expect(noFailure.output.hasSuffix("preflight: 2 files, 2 pushes: 1 pass, 1 warn, 0 fail\n"))
    }

    /// Nested folders in byte order, `*.json` only, hidden names skipped, a link to a file
    /// checked, a link to a folder (here a loop) not followed, a dangling link a failing result.
    @Test func aDirectoryIsWalkedInSortedOrder() throws {
        let root = try Self.folder([
            "b.json": Self.pass, "B.json": Self.warn, "a/z.json": Self.pass, "a/c.json": Self.fail,
            "nested/deeper/d.json": Self.pass, "notes.txt": "not json", "a/readme.md": "# x",
            ".hidden.json": "not json", ".git/x.json": "not json",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: ".")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("link.json").path, withDestinationPath: "a/c.json")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("dangling.json").path, withDestinationPath: "missing.json")
        let result = try check(["--format", "json", root.path])
        #expect(result.status == 1, "\(result.output)")
        let lines = result.output.split(separator: "\n").map { try? JSONParser.parse(Array($0.utf8)).value }
        let names = lines.map { $0?["file"]?.string?.replacingOccurrences(of: root.path + "/", with: "") }
        #expect(
            names == ["B.json", "a/c.json", "a/z.json", "b.json", "dangling.json", "link.json", "nested/deeper/d.json"])
        let verdicts = lines.map { $0?["report"]?["verdict"]?.string }
        #expect(verdicts == ["warn", "fail", "pass", "pass", nil, "fail", "pass"])
        let dangling = root.appendingPathComponent("dangling.json").path
        #expect(lines[4]?["error"]?.string == "cannot read \(dangling): No such file or directory")
        // A trailing slash on the folder does not double the separator.
        let slashed = try check(["--format", "json", root.path + "/"])
        #expect(slashed.output.hasPrefix(#"{"file":"\#(root.path)/B.json","report":{"verdict":"warn""#))
    }

    @Test func anUnreadableFileFailsOnlyItself() throws {
        let root = try Self.folder(["pass.json": Self.pass, "garbage.json": "not a push"])
        defer { try? FileManager.default.removeItem(at: root) }
        let pass = root.appendingPathComponent("pass.json").path
        let result = try check(["/nonexistent/x.json", pass])
        #expect(result.status == 1)
        #expect(
            result.output.hasPrefix(
                "==> /nonexistent/x.json <==\nERROR  cannot read /nonexistent/x.json: No such file or directory\n\n==> \(pass) <==\nPASS  "
            ), "\(result.output)")
        #expect(
            result.output.hasSuffix("preflight: 2 files, 1 push: 1 pass, 0 warn, 0 fail; 1 file could not be read\n"))
        // One file alone: the reason on stderr, exit 1 as for any failing file.
        let alone = try check(["/nonexistent/x.json"])
        #expect(alone.status == 1)
        #expect(alone.output == "preflight: cannot read /nonexistent/x.json: No such file or directory\n")
        // A file that is not a push is judged, and fails as such.
        let garbage = try check(["--format", "json", root.appendingPathComponent("garbage.json").path])
        #expect(garbage.status == 1)
        #expect(garbage.output.hasPrefix(#"{"verdict":"fail","findings":[{"code":"payload.invalid-json""#))
    }

    /// One report per line; a message of an Expo array carries its index; one file alone prints
    /// the report as it always did.
    @Test func jsonLinesNameTheFileAndAnExpoMessagesIndex() throws {
        let message =
            #"{"to":"ExponentPushToken[x]","body":"Hi","mutableContent":true,"richContent":{"image":"https://cdn.example.com/a.jpg"}}"#
        let root = try Self.folder(["expo.json": "[\(message),\(message)]", "one.json": Self.fail])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try check(["--format", "json", root.path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3)
        let expo = root.appendingPathComponent("expo.json").path
        #expect(lines[0].hasPrefix(#"{"file":"\#(expo)","index":0,"report":{"verdict":"#))
        #expect(lines[1].hasPrefix(#"{"file":"\#(expo)","index":1,"report":{"verdict":"#))
        let one = root.appendingPathComponent("one.json").path
        #expect(
            lines[2].hasPrefix(
                #"{"file":"\#(one)","report":{"verdict":"fail","findings":[{"code":"aps.mutable-content.missing""#))
        let single = try check(["--format", "json", one])
        #expect(single.output.hasPrefix(#"{"verdict":"fail","findings":["#), "unchanged for one file")
        let batch = try check(["--format", "json", expo])
        #expect(batch.output.hasPrefix(#"{"results":[{"verdict":"#), "an Expo file alone: as before")
    }

    @Test func junitNamesEachPushAndCountsTheSuite() throws {
        let root = try Self.folder(["a/pass.json": Self.pass, "a/fail.json": Self.fail, "warn.json": Self.warn])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try check(["--format", "junit", root.path, "/nonexistent/x.json"])
        #expect(result.status == 1)
        let suite = try #require(try XMLDocument(data: Data(result.output.utf8), options: []).rootElement())
        #expect(suite.name == "testsuite")
        let counts = ["name", "tests", "failures", "errors", "skipped"].map {
            suite.attribute(forName: $0)?.stringValue
        }
        #expect(counts == ["preflight", "4", "1", "1", "0"])
        let cases = suite.elements(forName: "testcase")
        let names = cases.map {
            $0.attribute(forName: "name")?.stringValue?.replacingOccurrences(of: root.path, with: "R")
        }
        #expect(names == ["R/a/fail.json", "R/a/pass.json", "R/warn.json", "/nonexistent/x.json"])
        #expect(cases[0].attribute(forName: "classname")?.stringValue == root.path + "/a")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "aps.mutable-content.missing")
        #expect(failure.stringValue?.hasSuffix("fix: add \"mutable-content\": 1 inside aps") == true)
        #expect(cases[1].elements(forName: "failure").isEmpty)
        let out = cases[2].elements(forName: "system-out").first?.stringValue ?? ""
        #expect(out.hasPrefix("warning aps.key.unknown at aps.campaign: "), "\(out)")
        #expect(cases[3].elements(forName: "error").first?.attribute(forName: "type")?.stringValue == "file.unreadable")
    }

    @Test(arguments: [
        (["-", "-"], "preflight: check: - (stdin) given more than once"),
        (["--format", "xml", "-"], #"preflight: --format: expected text, json or junit, got "xml""#),
        ([], "preflight: check: name payload FILEs or DIRECTORYs, or - for stdin"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try check(arguments)
        #expect(result.status == 2)
        #expect(result.output == message + "\n")
    }

    /// A folder without a single `*.json` is a mistake in the command (a wrong path), not a pass.
    @Test func aFolderWithoutPayloadsIsAUsageError() throws {
        let root = try Self.folder(["notes.txt": "x"])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try check([root.path])
        #expect(result.status == 2)
        #expect(result.output == "preflight: check: no *.json file in \(root.path)\n")
    }
}
