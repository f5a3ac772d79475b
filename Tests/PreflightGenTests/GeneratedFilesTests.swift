import Foundation
import PreflightCore
import PreflightGen
import Testing

/// Every file generated from the Swift catalogues is what `make generate` would write now.
@Suite struct GeneratedFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func onDisk(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: GeneratedFile.all.map(\.path))
    func theFileOnDiskIsTheGeneratedOne(path: String) throws {
        let file = try #require(GeneratedFile.all.first { $0.path == path })
        let current = Self.onDisk(path)
        let expected = try file.render(current)
        if expected != current {
            Issue.record(
                """
                \(path) differs from what the Swift catalogues (the findings, the presets, the version) generate \
                (first at line \(Self.firstDifference(expected, current ?? ""))): run `make generate`, \
                or write this:
                \(expected)
                """)
        }
    }

    /// The number of the first line where `a` and `b` differ, counting from 1.
    static func firstDifference(_ a: String, _ b: String) -> Int {
        let (left, right) = (
            a.split(separator: "\n", omittingEmptySubsequences: false),
            b.split(separator: "\n", omittingEmptySubsequences: false)
        )
        return (zip(left, right).enumerated().first { $1.0 != $1.1 }?.offset ?? min(left.count, right.count)) + 1
    }

    @Test func everyPlaceThatNamesTheVersionNamesTheConstant() throws {
        let openAPI = try #require(Self.onDisk("Sources/PreflightService/Resources/openapi.json"))
        let document = try JSONParser.parse(Array(openAPI.utf8)).value
        #expect(document["info"]?["version"]?.string == PreflightVersion.current)
        let example = { (path: String) in
            document["paths"]?[path]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["example"]
        }
        #expect(example("/v1/version")?["version"]?.string == PreflightVersion.current)
        #expect(example("/openapi.json")?["info"]?["version"]?.string == PreflightVersion.current)

        let deployment = try #require(Self.onDisk("deploy/kubernetes/deployment.yaml"))
        let lines = deployment.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { $0.hasPrefix("image: preflight:") } == ["image: preflight:\(PreflightVersion.current)"])
        #expect(
            lines.filter { $0.hasPrefix("app.kubernetes.io/version:") }
                == Array(repeating: "app.kubernetes.io/version: \"\(PreflightVersion.current)\"", count: 2))
    }

    /// The attachment enums on disk are the Swift ones (stamped, not written by hand).
    @Test func openAPIsAttachmentEnumsAreTheSwiftOnes() throws {
        let openAPI = try #require(Self.onDisk("Sources/PreflightService/Resources/openapi.json"))
        let document = try JSONParser.parse(Array(openAPI.utf8)).value
        let attachments = document["components"]?["schemas"]?["Profile"]?["properties"]?["attachments"]?["properties"]
        #expect(attachments?["order"]?["enum"] == .array(ExtensionProfile.Order.allCases.map { .string($0.rawValue) }))
        #expect(
            attachments?["on_failure"]?["enum"]
                == .array(ExtensionProfile.FailureRule.allCases.map { .string($0.rawValue) }))
    }

    @Test func theFindingsPageListsEveryCodeOnceInCatalogOrder() throws {
        let page = try #require(Self.onDisk("docs/findings.md"))
        let codes = page.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return String(line.dropFirst(3).prefix { $0 != "`" })
        }
        #expect(codes.count == 128)
        #expect(codes == FindingCatalog.entries.map(\.code.rawValue))
        #expect(Set(codes).count == codes.count)
    }
}
