public import PreflightCore

/// openapi.json with what it copies from the Swift sources stamped in: the finding codes as the
/// enum of `Finding.code`, the presets' names as the enum of the `profile` parameter, the
/// namings as the enum of `Profile.naming`, the attachment orders and failure rules as the enums
/// of `Profile.attachments.order` and `.on_failure`, and the version in `info.version` and in the
/// examples that show it.
/// Every other byte is kept (the text is re-rendered in the layout it was written in).
///
/// ```swift
/// let text = try OpenAPIStamp.stamped(String(decoding: bytes, as: UTF8.self))
/// ```
public enum OpenAPIStamp {
    /// Where the version appears in the document.
    static let versionPaths: [[String]] = [
        ["info", "version"],
        ["paths", "/v1/version", "get", "responses", "200", "content", "application/json", "example", "version"],
        [
            "paths", "/openapi.json", "get", "responses", "200", "content", "application/json", "example", "info",
            "version",
        ],
    ]
    static let findingCodePath = ["components", "schemas", "Finding", "properties", "code"]
    /// The preset names a request's `profile` takes, and the namings a profile's `naming` is.
    static let presetNamePath = ["components", "parameters", "Profile", "schema", "enum"]
    static let namingPath = ["components", "schemas", "Profile", "properties", "naming", "enum"]
    /// How a profile that attaches every value downloads them, and what one failure does.
    static let orderPath = [
        "components", "schemas", "Profile", "properties", "attachments", "properties", "order", "enum",
    ]
    static let onFailurePath = [
        "components", "schemas", "Profile", "properties", "attachments", "properties", "on_failure", "enum",
    ]
    static let codeDescription =
        "A stable code from the findings catalog (docs/findings.md); the list is generated from "
        + "\(FindingCatalog.sourcePath) by `make generate`."

    /// The stamping failed: the text is not JSON, or a path above is not in it.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `text` (openapi.json) stamped with `codes` and `version`.
    public static func stamped(
        _ text: String, codes: [FindingCode] = FindingCatalog.entries.map(\.code),
        version: String = PreflightVersion.current
    ) throws(Failure) -> String {
        let document: JSONValue
        do {
            document = try JSONParser.parse(Array(text.utf8)).value
        } catch {
            throw Failure(description: "openapi.json: \(error.message)")
        }
        do {
            var stamped = document
            for path in versionPaths {
                stamped = try stamped.setting(path, to: .string(version))
            }
            stamped = try stamped.setting(findingCodePath + ["pattern"], to: nil)
            stamped = try stamped.setting(findingCodePath + ["description"], to: .string(codeDescription))
            stamped = try stamped.setting(
                findingCodePath + ["enum"], to: .array(codes.map { .string($0.rawValue) }))
            stamped = try stamped.setting(
                presetNamePath, to: .array(ExtensionProfile.presetOrder.map { .string($0.name) }))
            stamped = try stamped.setting(
                namingPath, to: .array(ExtensionProfile.Naming.allCases.map { .string($0.rawValue) }))
            stamped = try stamped.setting(
                orderPath, to: .array(ExtensionProfile.Order.allCases.map { .string($0.rawValue) }))
            stamped = try stamped.setting(
                onFailurePath, to: .array(ExtensionProfile.FailureRule.allCases.map { .string($0.rawValue) }))
            return JSONPrettyText.render(stamped)
        } catch {
            throw Failure(description: "openapi.json: \(error.description)")
        }
    }
}
