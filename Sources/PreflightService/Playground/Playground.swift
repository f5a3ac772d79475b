import PreflightHTTP

/// The playground at `GET /`: one page, its style sheet and its script, from `Resources/playground/`
/// (compiled in by SwiftPM, `.embedInCode`). The page calls the public API like any client.
enum Playground {
    /// Scripts and styles from this server only (no inline code, no CDN); images and media from
    /// any http(s) origin, since the preview shows the push's own media; requests to this server only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src http: https: data:; media-src http: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func response(_ bytes: [UInt8], type: String) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", type), ("Content-Security-Policy", contentSecurityPolicy),
                ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-cache"),
            ], body: bytes)
    }

    static func addRoutes(to router: inout Router) {
        let page = response(PackageResources.index_html, type: "text/html; charset=utf-8")
        let sheet = response(PackageResources.playground_css, type: "text/css; charset=utf-8")
        let code = response(PackageResources.playground_js, type: "text/javascript; charset=utf-8")
        router.add("GET", "/", sync: { _ in page })
        router.add("GET", "/playground.css", sync: { _ in sheet })
        router.add("GET", "/playground.js", sync: { _ in code })
    }
}
