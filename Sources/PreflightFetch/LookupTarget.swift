internal import CCurl
import Glibc

/// The host and port a URL names, read by libcurl's own URL parser (so it is the name curl
/// would resolve), and whether that name needs a lookup at all.
struct LookupTarget: Equatable {
    /// Lowercased; an IPv6 literal keeps its brackets, as curl gives it.
    var host: String
    var port: Int

    /// nil when curl cannot parse `url` (curl then fails the download itself).
    init?(url: String) {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, 0) == CURLUE_OK else { return nil }
        var hostPart: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, CURLUPART_HOST, &hostPart, 0) == CURLUE_OK, let hostPart else { return nil }
        defer { curl_free(hostPart) }
        var portPart: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, CURLUPART_PORT, &portPart, UInt32(CURLU_DEFAULT_PORT)) == CURLUE_OK, let portPart
        else { return nil }
        defer { curl_free(portPart) }
        guard let port = Int(String(cString: portPart)) else { return nil }
        self.host = String(cString: hostPart).lowercased()
        self.port = port
    }

    /// Whether the host is a numeric address, which curl reads without a resolver thread.
    var isAddress: Bool {
        var buffer = in6_addr()
        if host.hasPrefix("[") { return true }
        return inet_pton(AF_INET, host, &buffer) == 1
    }

    /// `HOST:PORT` of a `fetch.resolve` pin (`[+]HOST:PORT:ADDRESS`); nil for a removal (`-`) or
    /// an entry of another shape.
    static func pinned(_ entry: String) -> String? {
        var text = Substring(entry)
        if text.hasPrefix("-") { return nil }
        if text.hasPrefix("+") { text = text.dropFirst() }
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return parts[0].lowercased() + ":" + parts[1]
    }

    var key: String { "\(host):\(port)" }

    /// The `CURLOPT_CONNECT_TO` entry that sends this name to `address` (brackets for IPv6).
    func connectTo(_ address: String) -> String {
        let target = address.contains(":") ? "[\(address)]" : address
        return "\(host):\(port):\(target):\(port)"
    }
}
