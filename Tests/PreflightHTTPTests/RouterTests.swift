import Testing

@testable import PreflightHTTP

/// `Router`: exact paths, and a route whose last segment is a parameter, labelled by its template.
struct RouterTests {
    static func router() -> Router {
        var router = Router()
        router.add("GET", "/v1/items", sync: { _ in .json(200, "[]") })
        router.add("GET", "/v1/items/{name}", sync: { request in .json(200, request.path) })
        router.add("GET", "/v1/items/special", sync: { _ in .json(200, "{}") })
        return router
    }

    /// The route label a path gets, or nil for 404.
    static func label(_ method: String, _ path: String) -> String? {
        switch router().match(method: method, path: path) {
        case .handler(_, let route, _, _): route
        case .methodNotAllowed(_, let route): "405 " + route
        case .fixed(_, let route): route
        case .stream(_, let route, _, _): "stream " + route
        case .notFound: nil
        }
    }

    @Test(
        arguments: [
            ("/v1/items/braze", "/v1/items/{name}"),
            ("/v1/items/my%20app", "/v1/items/{name}"),
            ("/v1/items", "/v1/items"),
            // An exact route is chosen over the parameter route.
            ("/v1/items/special", "/v1/items/special"),
        ])
    func aParameterRouteTakesOneSegmentUnderItsTemplate(path: String, label: String) {
        #expect(Self.label("GET", path) == label)
    }

    @Test(arguments: ["/v1/items/", "/v1/items/a/b", "/v1/itemsx", "/v1/other/a"])
    func noSegmentOrMoreThanOneIsNotFound(path: String) {
        #expect(Self.label("GET", path) == nil)
    }

    /// A refused method is labelled by the template too: the client chooses the path, and a
    /// label per path would let it grow the metrics without bound.
    @Test func aRefusedMethodIsLabelledByTheTemplate() {
        #expect(Self.label("POST", "/v1/items/anything") == "405 /v1/items/{name}")
        #expect(Self.router().paths == ["/v1/items", "/v1/items/special", "/v1/items/{name}"])
    }

    /// Routes declared in a group get the group's prefix before their parameter.
    @Test func aGroupsParameterRouteMatchesUnderThePrefix() {
        var router = Router()
        router.group("/v1", middleware: []) { v1 in
            v1.add("GET", "/profiles/{name}") { _, responder in responder.respond(.json(200, "{}")) }
        }
        guard case .handler(_, let route, _, let admission) = router.match(method: "GET", path: "/v1/profiles/x")
        else {
            Issue.record("no handler")
            return
        }
        #expect(route == "/v1/profiles/{name}")
        #expect(admission.isEmpty)
    }
}
