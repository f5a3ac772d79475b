import PreflightCore
import PreflightGen
import Testing

@Suite struct OpenAPIStampTests {
    static let document = """
        {
          "info": {"title": "T", "version": "0.0.1"},
          "paths": {
            "/v1/version": {"get": {"responses": {"200": {"content": {"application/json": {
              "example": {"version": "0.0.1", "commit": "abc"}}}}}}},
            "/openapi.json": {"get": {"responses": {"200": {"content": {"application/json": {
              "example": {"info": {"version": "0.0.1"}}}}}}}}
          },
          "components": {
            "parameters": {"Profile": {"name": "profile", "schema": {"type": "string", "enum": ["old"]}}},
            "schemas": {"Finding": {"properties": {"code": {
              "type": "string", "pattern": "^[a-z.]+$", "enum": ["old.code"]}}},
              "Profile": {"properties": {"naming": {"type": "string", "enum": []},
                "attachments": {"type": "object", "properties": {
                  "order": {"type": "string", "enum": ["old"]}, "on_failure": {"type": "string"}}}}}}}
        }
        """

    @Test func stampsTheCodesAndEveryVersion() throws {
        let text = try OpenAPIStamp.stamped(
            Self.document, codes: [.payloadInvalidJSON, .mediaCorrupt], version: "9.8.7")
        let value = try JSONParser.parse(Array(text.utf8)).value
        #expect(value["info"]?["version"]?.string == "9.8.7")
        #expect(value["info"]?["title"]?.string == "T")
        let example = { (path: String) in
            value["paths"]?[path]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["example"]
        }
        #expect(example("/v1/version")?["version"]?.string == "9.8.7")
        #expect(example("/v1/version")?["commit"]?.string == "abc")
        #expect(example("/openapi.json")?["info"]?["version"]?.string == "9.8.7")
        let code = value["components"]?["schemas"]?["Finding"]?["properties"]?["code"]
        #expect(code?.members?.map(\.key) == ["type", "enum", "description"])
        #expect(code?["enum"] == .array([.string("payload.invalid-json"), .string("media.corrupt")]))
        #expect(code?["description"]?.string?.hasSuffix("by `make generate`.") == true)
    }

    /// The `profile` parameter takes the presets' names, and `Profile.naming` every naming, as
    /// the Swift declares them.
    @Test func stampsThePresetNamesAndTheNamings() throws {
        let text = try OpenAPIStamp.stamped(Self.document, codes: [], version: "1")
        let value = try JSONParser.parse(Array(text.utf8)).value
        let components = value["components"]
        #expect(
            components?["parameters"]?["Profile"]?["schema"]?["enum"]
                == .array(ExtensionProfile.presetOrder.map { .string($0.name) }))
        #expect(
            components?["schemas"]?["Profile"]?["properties"]?["naming"]?["enum"]
                == .array(ExtensionProfile.Naming.allCases.map { .string($0.rawValue) }))
    }

    /// `Profile.attachments.order` and `.on_failure` take the Swift enums' values, in their order.
    @Test func stampsTheAttachmentOrdersAndFailureRules() throws {
        let text = try OpenAPIStamp.stamped(Self.document, codes: [], version: "1")
        let value = try JSONParser.parse(Array(text.utf8)).value
        let attachments = value["components"]?["schemas"]?["Profile"]?["properties"]?["attachments"]?["properties"]
        #expect(attachments?["order"]?["enum"] == .array([.string("sequential"), .string("parallel")]))
        #expect(attachments?["on_failure"]?["enum"] == .array([.string("drops-that-one"), .string("drops-all")]))
        #expect(attachments?["on_failure"]?["type"]?.string == "string")
    }

    @Test func aDocumentWithoutTheFindingSchemaIsRefused() {
        #expect(throws: OpenAPIStamp.Failure.self) {
            try OpenAPIStamp.stamped(#"{"info": {"version": "1"}}"#, codes: [], version: "1")
        }
    }

    @Test func notJSONIsRefused() {
        #expect(throws: OpenAPIStamp.Failure.self) { try OpenAPIStamp.stamped("{", codes: [], version: "1") }
    }
}
