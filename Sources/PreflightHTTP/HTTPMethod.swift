/// A request method as a metric label: the methods of RFC 9110 (and PATCH, RFC 5789) by
/// name, every other token folded into `other`. A client chooses the method, so a label made
/// from the raw token would let it create series without bound (20,000 invented methods would make
/// 20,001 series).
public enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case connect = "CONNECT"
    case options = "OPTIONS"
    case trace = "TRACE"
    case patch = "PATCH"
    case other = "other"

    /// The method's place in `allCases`, by a switch: `allCases` is an array made on each read.
    public var index: Int {
        switch self {
        case .get: 0
        case .head: 1
        case .post: 2
        case .put: 3
        case .delete: 4
        case .connect: 5
        case .options: 6
        case .trace: 7
        case .patch: 8
        case .other: 9
        }
    }

    /// The method for a request's token (methods are case-sensitive: `get` is `other`).
    public init(token: String) {
        // The two every request but a few sends, compared first: the synthesized `rawValue`
        // init searches the case names through a runtime call, some 180 instructions.
        if token == "GET" {
            self = .get
        } else if token == "POST" {
            self = .post
        } else {
            self = HTTPMethod(rawValue: token).flatMap { $0 == .other ? nil : $0 } ?? .other
        }
    }
}
