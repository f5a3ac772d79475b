import PreflightCore

/// A file in the repository that copies a catalogue declared in Swift, and how to make its text:
/// `make generate` writes each, and GeneratedFilesTests fails, printing the expected text,
/// when one on disk differs.
public struct GeneratedFile: Sendable {
    /// The file's path from the repository's root.
    public var path: String
    /// The file's expected text, given its text on disk (nil when it does not exist yet).
    public var render: @Sendable (_ current: String?) throws -> String

    public init(path: String, render: @escaping @Sendable (_ current: String?) throws -> String) {
        self.path = path
        self.render = render
    }

    /// Every generated file.
    public static let all: [GeneratedFile] = [
        GeneratedFile(path: "docs/findings.md") { _ in FindingCatalog.markdownDocument() },
        GeneratedFile(path: "Sources/PreflightService/Resources/openapi.json") { current in
            try OpenAPIStamp.stamped(try required(current, "Sources/PreflightService/Resources/openapi.json"))
        },
        GeneratedFile(path: "deploy/kubernetes/deployment.yaml") { current in
            ManifestStamp.stamped(try required(current, "deploy/kubernetes/deployment.yaml"))
        },
        GeneratedFile(path: "docs/profiles.md") { current in
            let withPresets = try MarkedSection(name: "profiles").replacing(
                in: try required(current, "docs/profiles.md"), with: ExtensionProfile.markdownTable())
            return try MarkedSection(name: "namings").replacing(
                in: withPresets, with: ExtensionProfile.Naming.markdownTable())
        },
    ]

    /// A stamped file's text is stamped into what is there; it is not made from nothing.
    private static func required(_ current: String?, _ path: String) throws -> String {
        guard let current else { throw OpenAPIStamp.Failure(description: "\(path) does not exist") }
        return current
    }
}
