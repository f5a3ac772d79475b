/// A request as its header block left it, before any of its body: what
/// `ExchangeStateMachine.headersReceived` decides on. Read from libmicrohttpd by the server's
/// access handler; made by hand in tests.
struct RequestHead {
    var method: String
    /// The path without the query.
    var path: String
    var version = "HTTP/1.1"
    /// The request target's bytes as sent (the URI log callback's), still percent-encoded.
    var target: [UInt8]
    /// By lowercased name; a repeated header's values joined with ", ".
    var headers = HeaderFields()
    var query = QueryArguments()
    /// The first query argument named twice: which value counts would be a guess.
    var repeatedQuery: String?
    /// The first problem seen in the header block (a name that is not a token, a NUL in a value,
    /// a reserved name its family does not define): the request is refused with 400.
    var headerProblem: String?
    /// An empty buffer for the body: the connection's last one, its capacity kept
    /// (`ConnectionContext`); the state machine moves it out into the request.
    var body: [UInt8] = []
}

extension RequestHead {
    /// Readies the head for the connection's next request, read into it in place: the request
    /// line's parts set, the tables and the body buffer emptied with their capacity kept.
    mutating func startNext(method: String, path: String, version: String, target: [UInt8]) {
        self.method = method
        self.path = path
        self.version = version
        self.target = target
        headers.removeAll()
        if !query.isEmpty { query.removeAll() }
        repeatedQuery = nil
        headerProblem = nil
        if !body.isEmpty { body.removeAll(keepingCapacity: true) }
    }

    /// A head whose target is written as text (the tests' requests).
    init(method: String, path: String, version: String = "HTTP/1.1", target: String, headers: HeaderFields = [:]) {
        self.init(method: method, path: path, version: version, target: Array(target.utf8), headers: headers)
    }
}
