import Foundation
import PreflightCore
import Testing

/// openapi.json's `payload.judged_as` lists every push kind, in `PushKind`'s order.
@Suite struct OpenAPIPushKindsTests {
    @Test func theJudgedAsEnumIsEveryPushKind() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PreflightService/Resources/openapi.json")
        let document = try JSONParser.parse(Array(try Data(contentsOf: url))).value
        let judged = document["components"]?["schemas"]?["PayloadSummary"]?["properties"]?["judged_as"]
        guard case .array(let values)? = judged?["enum"] else {
            Issue.record("PayloadSummary.judged_as has no enum")
            return
        }
        #expect(values.compactMap(\.string) == PushKind.allCases.map(\.rawValue))
    }
}
