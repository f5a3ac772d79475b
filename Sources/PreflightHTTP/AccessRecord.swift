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
}
