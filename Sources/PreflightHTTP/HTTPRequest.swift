/// One HTTP request as a handler sees it: the whole body gathered, header names lowercased.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query string.
    public var path: String
    /// Query arguments, decoded; the last wins when a name repeats.
    public var query: QueryArguments
    /// Headers by lowercased name; repeated headers are joined with ", ".
    public var headers: HeaderFields
    public var body: [UInt8]
    /// The `X-Request-Id` sent by the client, or one made for this request.
    public var requestID: String

    public init(
        method: String, path: String, query: QueryArguments = [:], headers: HeaderFields = [:],
        body: [UInt8] = [], requestID: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.requestID = requestID
    }

    /// The value of header `name` (any case).
    public func header(_ name: String) -> String? { headers[HeaderName(name)] }

    /// The lowercased names of the headers sent more than once (whose values `headers` joins):
    /// RFC 9110 section 5.3 lets a recipient combine them, which loses that they were repeated.
    public var repeatedHeaders: Set<String> { Set(headers.repeatedNames) }
}
