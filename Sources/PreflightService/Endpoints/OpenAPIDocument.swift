import PreflightHTTP

/// The OpenAPI 3.1 description of the HTTP API (`Resources/openapi.json`), compiled into the
/// binary by SwiftPM (`.embedInCode`) and served at `GET /openapi.json`.
/// No resource bundle: a binary copied alone (or into an image) still serves it.
enum OpenAPIDocument {
    /// The document's bytes, as in `Resources/openapi.json`.
    static let bytes: [UInt8] = PackageResources.openapi_json

    static var response: HTTPResponse { .json(200, bytes: bytes) }
}
