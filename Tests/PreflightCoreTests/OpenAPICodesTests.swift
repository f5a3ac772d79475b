import Foundation
import PreflightCore
import Testing

/// openapi.json lists every finding code of the catalog, as an enum (`make generate` writes it).
@Suite struct OpenAPICodesTests {
    @Test func theFindingCodeEnumIsTheCatalog() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PreflightService/Resources/openapi.json")
        let document = try JSONParser.parse(Array(try Data(contentsOf: url))).value
        let code = document["components"]?["schemas"]?["Finding"]?["properties"]?["code"]
        guard case .array(let values)? = code?["enum"] else {
            Issue.record("Finding.code has no enum")
            return
        }
        #expect(values.compactMap(\.string) == FindingCatalog.entries.map(\.code.rawValue))
    }
}
