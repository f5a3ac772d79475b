/// What a route runs: it answers through the responder, now or later from any thread.
public typealias HTTPHandler = @Sendable (HTTPRequest, Responder) -> Void

/// A group's admission check, run as soon as a request's headers are in and before any of its
/// body is read: an answer (a 401, say) is sent at once and the body is never accepted, so a
/// request the group refuses costs no body buffer; nil lets it through. The request it sees has
/// the method, path, query and headers, and an empty body.
public typealias HTTPMiddleware = @Sendable (HTTPRequest) -> HTTPResponse?

/// Maps method and path to a handler; tells 404 from 405. A path is matched exactly, or by a route
/// whose last segment is a parameter (`/v1/profiles/{name}` matches `/v1/profiles/braze`, not
/// `/v1/profiles/` nor `/v1/profiles/a/b`): the handler reads the segment from the request's path,
/// and the route's label (for metrics and logs) is the template, so the series stay bounded.
public struct Router: Sendable {
    /// Where a request goes.
    public enum Match: Sendable {
        /// `maxBodyBytes` is the route's own body cap, nil for the server's; `admission` runs on
        /// the headers before the body is read (`HTTPMiddleware`).
        case handler(HTTPHandler, route: String, maxBodyBytes: Int?, admission: [HTTPMiddleware])
        /// A route answered from a response made at start (`FixedResponse`), chosen per request.
        case fixed(@Sendable () -> FixedResponse, route: String)
        /// A route that takes its body as it arrives (`HTTPBodySink`), with its cap and admission.
        case stream(HTTPStreamOpener, route: String, maxBodyBytes: Int?, admission: [HTTPMiddleware])
        /// `route` is the matched path or template, as for `handler`.
        case methodNotAllowed(allowed: [String], route: String)
        case notFound
    }

    /// A class, so that a request's match takes one reference to it: as a struct, each of its
    /// closures and its admission list was retained on the way out and released after, some 500
    /// instructions a request.
    private final class Route: Sendable {
        let handler: HTTPHandler
        let maxBodyBytes: Int?
        let fixed: (@Sendable () -> FixedResponse)?
        let admission: [HTTPMiddleware]
        /// Set for a streaming route, whose `handler` is then never run.
        let opener: HTTPStreamOpener?

        init(
            handler: @escaping HTTPHandler, maxBodyBytes: Int?, fixed: (@Sendable () -> FixedResponse)? = nil,
            admission: [HTTPMiddleware] = [], opener: HTTPStreamOpener? = nil
        ) {
            self.handler = handler
            self.maxBodyBytes = maxBodyBytes
            self.fixed = fixed
            self.admission = admission
            self.opener = opener
        }
    }

    /// The handler of a streaming route: the state machine gives its requests to the opener.
    static let streamingHandler: HTTPHandler = { _, responder in
        responder.respond(.error(500, code: "internal", message: "a streaming route ran as a handler"))
    }

    /// A path's routes, one per method. A request's lookups scan these short lists: a path
    /// compared by its length first, then its bytes, and a method among one to three. Two
    /// dictionaries hashed the whole path and method on every request; the scans cost 80 to 270
    /// instructions less a request (callgrind, bench/RESULTS.md).
    private struct PathRoutes {
        let path: String
        /// `path.utf8.count`, kept: a request's lookup compares it first, for every path.
        let length: Int
        var methods: [(name: String, route: Route)]

        init(path: String, methods: [(name: String, route: Route)]) {
            self.path = path
            self.length = path.utf8.count
            self.methods = methods
        }

        func route(for method: String) -> Route? {
            for index in methods.indices where methods[index].name == method { return methods[index].route }
            return nil
        }
    }

    private var table: [PathRoutes] = []
    /// The routes whose last segment is a parameter: the text before it (`/v1/profiles/`) and the template.
    private var parameterRoutes: [(prefix: String, template: String)] = []

    public init() {}

    /// The paths that have a route, for tables made at start (the metrics' series).
    public var paths: [String] { table.map(\.path).sorted() }

    /// Where in `table` the routes of `path` are, matched exactly: a position, not the routes
    /// themselves, which would be a copy of the path's list (retained, then released).
    private func routes(at path: String) -> Int? {
        let length = path.utf8.count
        return table.indices.first { table[$0].length == length && table[$0].path == path }
    }

    /// Sets the route of `method` at `path`, replacing one added before.
    private mutating func put(_ path: String, _ method: String, _ route: Route) {
        guard let at = table.firstIndex(where: { $0.path == path }) else {
            table.append(PathRoutes(path: path, methods: [(method, route)]))
            return
        }
        if let given = table[at].methods.firstIndex(where: { $0.name == method }) {
            table[at].methods[given].route = route
        } else {
            table[at].methods.append((method, route))
        }
    }

    /// Adds a route that answers later, through the responder.
    ///
    /// ```swift
    /// router.add("POST", "/v1/preflight") { request, responder in
    ///     queue.async { responder.respond(.json(200, "{}")) }
    /// }
    /// ```
    ///
    /// - Parameter maxBodyBytes: a body cap for this route instead of the server's.
    public mutating func add(
        _ method: String, _ path: String, maxBodyBytes: Int? = nil, _ handler: @escaping HTTPHandler
    ) {
        put(path, method, Route(handler: handler, maxBodyBytes: maxBodyBytes))
        noteParameter(path)
    }

    /// Records `path` as a parameter route when its last segment is `{...}`.
    private mutating func noteParameter(_ path: String) {
        guard path.hasSuffix("}"), let slash = path.lastIndex(of: "/"),
            path[path.index(after: slash)...].hasPrefix("{"),
            !parameterRoutes.contains(where: { $0.template == path })
        else { return }
        parameterRoutes.append((prefix: String(path[...slash]), template: path))
    }

    /// The template of the parameter route `path` falls under: one non-empty segment after its prefix.
    private func parameterTemplate(_ path: String) -> String? {
        for route in parameterRoutes where path.hasPrefix(route.prefix) {
            let segment = path.utf8.dropFirst(route.prefix.utf8.count)
            if !segment.isEmpty, !segment.contains(UInt8(ascii: "/")) { return route.template }
        }
        return nil
    }

    /// Adds a route that takes its body as it arrives (`HTTPBodySink`): `opener` runs when the
    /// headers are in and gives the sink, or refuses the request.
    public mutating func add(
        _ method: String, _ path: String, maxBodyBytes: Int? = nil, streaming opener: @escaping HTTPStreamOpener
    ) {
        put(path, method, Route(handler: Self.streamingHandler, maxBodyBytes: maxBodyBytes, opener: opener))
        noteParameter(path)
    }

    /// Adds a route that answers at once.
    public mutating func add(
        _ method: String, _ path: String, sync handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        add(method, path) { request, responder in responder.respond(handler(request)) }
    }

    /// Adds a route answered from responses made at start: `choose` picks one per request
    /// (`/readyz` has two). A request that sends its own `X-Request-Id` gets an ordinary answer
    /// with the same status, headers and body, and its id.
    public mutating func add(_ method: String, _ path: String, fixed choose: @escaping @Sendable () -> FixedResponse) {
        put(
            path, method,
            Route(handler: { _, responder in responder.respond(choose().response) }, maxBodyBytes: nil, fixed: choose))
    }

    /// Adds the routes `build` declares under a common path prefix, each behind `middleware`,
    /// which runs when the headers are in: a refused request's body is never read.
    ///
    /// ```swift
    /// router.group("/v1", middleware: [authenticate]) { v1 in
    ///     v1.add("POST", "/preflight") { request, responder in ... }
    /// }
    /// ```
    public mutating func group(
        _ prefix: String, middleware: [HTTPMiddleware], _ build: (inout RouteGroup) -> Void
    ) {
        var group = RouteGroup(prefix: prefix, middleware: middleware)
        build(&group)
        for route in group.routes {
            put(
                prefix + route.path, route.method,
                Route(
                    handler: route.handler, maxBodyBytes: route.maxBodyBytes, admission: group.middleware,
                    opener: route.opener))
            noteParameter(prefix + route.path)
        }
    }

    /// Finds the handler for a method and path; HEAD is served by GET.
    public func match(method: String, path: String) -> Match {
        // The path itself, looked up once, else the template of a path with a parameter.
        let label: String
        let at: Int
        if let exact = routes(at: path) {
            (label, at) = (path, exact)
        } else if let template = parameterTemplate(path), let templated = routes(at: template) {
            (label, at) = (template, templated)
        } else {
            return .notFound
        }
        if let route = table[at].route(for: method) ?? (method == "HEAD" ? table[at].route(for: "GET") : nil) {
            if let fixed = route.fixed { return .fixed(fixed, route: label) }
            if let opener = route.opener {
                return .stream(opener, route: label, maxBodyBytes: route.maxBodyBytes, admission: route.admission)
            }
            return .handler(
                route.handler, route: label, maxBodyBytes: route.maxBodyBytes, admission: route.admission)
        }
        return .methodNotAllowed(allowed: table[at].methods.map(\.name).sorted(), route: label)
    }
}

/// The routes of one `Router.group`, declared relative to its prefix.
public struct RouteGroup {
    struct Entry {
        var method: String
        var path: String
        var maxBodyBytes: Int?
        var handler: HTTPHandler
        var opener: HTTPStreamOpener? = nil
    }

    let prefix: String
    let middleware: [HTTPMiddleware]
    var routes: [Entry] = []

    /// Adds a route under the group's prefix; see `Router.add`.
    public mutating func add(
        _ method: String, _ path: String, maxBodyBytes: Int? = nil, _ handler: @escaping HTTPHandler
    ) {
        routes.append(Entry(method: method, path: path, maxBodyBytes: maxBodyBytes, handler: handler))
    }

    /// Adds a route that takes its body as it arrives; see `Router.add(_:_:maxBodyBytes:streaming:)`.
    public mutating func add(
        _ method: String, _ path: String, maxBodyBytes: Int? = nil, streaming opener: @escaping HTTPStreamOpener
    ) {
        routes.append(
            Entry(
                method: method, path: path, maxBodyBytes: maxBodyBytes, handler: Router.streamingHandler,
                opener: opener))
    }
}
