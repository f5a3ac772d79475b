import PreflightHTTP

/// The OpenAPI 3.1 description of the HTTP API (`openapi.json` at the top of the repository),
/// compiled into the binary (`OpenAPIDocument+Text.swift`) and served at `GET /openapi.json`.
/// No resource bundle: a binary copied alone (or into an image) still serves it.
enum OpenAPIDocument {
    /// The document's bytes, as in `openapi.json`.
    static let bytes: [UInt8] = Array((text + "\n").utf8)

    static var response: HTTPResponse { .json(200, bytes: bytes) }
}
