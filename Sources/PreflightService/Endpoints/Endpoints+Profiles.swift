import PreflightCore
import PreflightHTTP

// MARK: - GET /v1/profiles and GET /v1/profiles/{name}

extension Endpoints {
    /// The path the one-profile route is under; the rest of the path is the profile's name.
    static let profilePrefix = "/v1/profiles/"

    /// Adds both profile routes to `/v1`, answered from JSON written once here: the profiles
    /// come from the configuration, which does not change while the server runs.
    func addProfileRoutes(to v1: inout RouteGroup) {
        let catalog = ProfileCatalog(configuration: check.inspector.configuration)
        let list = catalog.listJSON
        v1.add("GET", "/profiles") { _, responder in responder.respond(.json(200, bytes: list)) }
        v1.add("GET", "/profiles/{name}") { request, responder in
            responder.respond(Self.profileResponse(request.path, catalog))
        }
    }

    /// The profile the path names (its last segment, as libmicrohttpd decoded it), or 404
    /// `unknown-profile` naming the known ones.
    static func profileResponse(_ path: String, _ catalog: ProfileCatalog) -> HTTPResponse {
        let name = String(path.dropFirst(profilePrefix.count))
        if let bytes = catalog.profileJSON[name] { return .json(200, bytes: bytes) }
        return .error(
            404, code: "unknown-profile",
            message: "no profile \"\(name)\"; known: \(catalog.names.joined(separator: ", "))")
    }
}
