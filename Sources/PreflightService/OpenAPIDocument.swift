import Foundation
import PreflightHTTP

/// The OpenAPI 3.1 description of the HTTP API (`openapi.json` at the top of the repository),
/// shipped as a resource beside the binary and served at `GET /openapi.json`.
enum OpenAPIDocument {
    /// The document's bytes; nil when the resource bundle is not beside the binary.
    static let bytes: [UInt8]? = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return Array(data)
    }()

    static var response: HTTPResponse {
        guard let bytes else {
            return .error(404, code: "not-found", message: "openapi.json is not installed beside the binary")
        }
        return .json(200, bytes: bytes)
    }
}
