import Foundation
import PreflightCore
import Testing

@Suite struct CatalogTests {
    /// The catalog rows of docs/findings.md, as (code, severity).
    func readmeCatalog() throws -> [(String, String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- catalog:begin -->"))
        let end = try #require(readme.range(of: "<!-- catalog:end -->"))
        return readme[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0].hasPrefix("`") else { return nil }
            return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1])
        }
    }

    @Test func readmeListsEveryCodeWithItsSeverity() throws {
        let rows = try readmeCatalog()
        #expect(rows.map(\.0) == FindingCatalog.entries.map(\.code.rawValue))
        for (code, severity) in rows {
            #expect(FindingCatalog.severity(of: FindingCode(rawValue: code)).rawValue == severity, "\(code)")
        }
    }
}
