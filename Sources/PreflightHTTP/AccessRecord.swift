/// What the server knows of one finished request, for access logs and metrics.
public struct AccessRecord: Sendable {
    public var requestID: String
    /// The method as the client sent it (for the log line).
    public var method: String
    /// The method as a bounded label (for metrics).
    public var methodLabel: HTTPMethod { HTTPMethod(token: method) }
    public var path: String
    /// The matched route, or `unmatched`: a bounded label for metrics.
    public var route: String
    public var status: Int
    /// Body bytes sent.
    public var bytes: Int
    /// Seconds from the request's headers to the end of the answer.
    public var duration: Double
    /// Seconds since 1970 when the request's headers arrived.
    public var startedAt: Double

    public init(
        requestID: String, method: String, path: String, route: String, status: Int, bytes: Int, duration: Double,
        startedAt: Double
    ) {
        self.requestID = requestID
        self.method = method
        self.path = path
        self.route = route
        self.status = status
        self.bytes = bytes
        self.duration = duration
        self.startedAt = startedAt
    }
}
