extension PreflightConfiguration {
    /// A listener's host must be a numeric address or `localhost`: anything else failed only
    /// when the socket was made, with exit 1 and no key named.
    static func checkListenHost(_ host: String, key: String) throws(ConfigurationError) {
        guard host == "localhost" || isNumericAddress(host) else {
            throw ConfigurationError("\(key): \"\(host)\" is not a numeric IPv4 or IPv6 address (or localhost)")
        }
    }

    /// A `fetch.resolve` entry is curl's `[+]HOST:PORT:ADDRESS[,ADDRESS...]` (an IPv6 address in
    /// brackets), or `-HOST:PORT` to remove a pin (https://curl.se/libcurl/c/CURLOPT_RESOLVE.html);
    /// curl ignores an entry of another shape without a word.
    static func checkResolveEntry(_ entry: String) throws(ConfigurationError) {
        let problem = ConfigurationError(
            "fetch.resolve: \"\(entry)\" is not HOST:PORT:ADDRESS (a numeric address; IPv6 in brackets)")
        var text = Substring(entry)
        let removal = text.hasPrefix("-")
        if removal || text.hasPrefix("+") { text = text.dropFirst() }
        let parts = text.split(separator: ":", maxSplits: removal ? 1 : 2, omittingEmptySubsequences: false)
        guard parts.count == (removal ? 2 : 3), !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port)
        else { throw problem }
        if removal { return }
        let addresses = parts[2].split(separator: ",", omittingEmptySubsequences: false)
        for address in addresses {
            var value = address
            if value.hasPrefix("["), value.hasSuffix("]") { value = value.dropFirst().dropLast() }
            guard isNumericAddress(String(value)) else { throw problem }
        }
    }

    /// Whether `text` is a numeric IPv4 address (dotted decimal) or IPv6 address (RFC 4291
    /// section 2.2, an embedded IPv4 tail included), as inet_pton reads them.
    public static func isNumericAddress(_ text: String) -> Bool {
        isIPv4(Substring(text)) || isIPv6(text)
    }

    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && Int(part)! <= 255
                    && !(part.count > 1 && part.hasPrefix("0"))
            }
    }

    private static func isIPv6(_ text: String) -> Bool {
        guard text.contains(":") else { return false }
        let gaps = text.ranges(of: "::")
        guard gaps.count <= 1 else { return false }
        let halves: [Substring] = gaps.first.map { [text[..<$0.lowerBound], text[$0.upperBound...]] } ?? [text[...]]
        var groups = 0
        for (index, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            for (position, piece) in pieces.enumerated() {
                let last = index == halves.count - 1 && position == pieces.count - 1
                if last, piece.contains(".") {
                    guard isIPv4(piece) else { return false }
                    groups += 2
                    continue
                }
                guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit) else { return false }
                groups += 1
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }
}
