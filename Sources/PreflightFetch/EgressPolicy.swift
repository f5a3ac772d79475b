public import PreflightCore

/// Which addresses and ports a download may connect to. Checked for every address curl is
/// about to connect to, first hop and every redirect, so a name that resolves into a private
/// range, or a redirect to the metadata service, is refused before any packet is sent.
///
/// ```swift
/// let policy = try EgressPolicy(PreflightConfiguration.Egress())
/// policy.check(IPAddress("169.254.169.254")!, port: 80)  // refused: link-local
/// ```
public struct EgressPolicy: Sendable {
    /// Why an address was refused, for the finding's message.
    public struct Refusal: Sendable, Equatable, CustomStringConvertible {
        public var address: String
        public var rule: String

        public var description: String { "\(address) is \(rule)" }
    }

    /// The IPv4 ranges no download may reach by default, with the name a message gives them:
    /// IANA's IPv4 special-purpose registry (RFC 6890 and its updates; 192.88.99.0/24 is the
    /// deprecated 6to4 relay anycast of RFC 7526), and 168.63.129.16, Azure's host endpoint
    /// (DHCP, DNS, health probes, the wireserver: Microsoft Learn, "What is IP address
    /// 168.63.129.16?"), reachable from every Azure VM like a metadata service.
    static let deniedIPv4: [(CIDR, String)] = [
        ("0.0.0.0/8", "\"this network\""), ("10.0.0.0/8", "private"), ("100.64.0.0/10", "carrier-grade NAT"),
        ("127.0.0.0/8", "loopback"), ("169.254.0.0/16", "link-local (cloud metadata)"), ("172.16.0.0/12", "private"),
        ("192.0.0.0/24", "IETF protocol assignments"), ("192.0.2.0/24", "documentation"),
        ("192.168.0.0/16", "private"), ("198.18.0.0/15", "benchmarking"), ("198.51.100.0/24", "documentation"),
        ("203.0.113.0/24", "documentation"), ("224.0.0.0/4", "multicast"), ("240.0.0.0/4", "reserved"),
        ("168.63.129.16/32", "Azure's host endpoint (wireserver)"), ("192.88.99.0/24", "6to4 relay anycast"),
    ].map { (CIDR($0.0)!, $0.1) }

    /// Global unicast IPv6; everything outside it is refused.
    static let globalUnicast = CIDR("2000::/3")!

    /// Teredo: judged by the IPv4 addresses it carries.
    static let teredo = CIDR("2001::/32")!

    /// Special ranges inside 2000::/3.
    static let deniedIPv6: [(CIDR, String)] = [
        ("2001:db8::/32", "documentation"), ("2001::/23", "IETF special-purpose"), ("3fff::/20", "documentation"),
    ].map { (CIDR($0.0)!, $0.1) }

    private let allow: [CIDR]
    private let deny: [CIDR]
    private let ports: Set<Int>

    /// Builds the policy; a range that does not parse is a configuration error naming it.
    public init(_ configuration: PreflightConfiguration.Egress) throws(ConfigurationError) {
        allow = try Self.parse(configuration.allowCIDRs, key: "egress.allow_cidrs")
        deny = try Self.parse(configuration.denyCIDRs, key: "egress.deny_cidrs")
        ports = Set(configuration.allowedPorts)
    }

    private static func parse(_ texts: [String], key: String) throws(ConfigurationError) -> [CIDR] {
        var ranges: [CIDR] = []
        for text in texts {
            guard let range = CIDR(text) else {
                throw ConfigurationError("\(key): \"\(text)\" is not an address range such as 10.0.0.0/8 or fd00::/8")
            }
            ranges.append(range)
        }
        return ranges
    }

    /// nil when the address and port may be connected to, else why not: every rule it breaks
    /// (a private address on a refused port names both).
    public func check(_ address: IPAddress, port: Int) -> Refusal? {
        let shown = "\(address)"
        let portRule = ports.contains(port) ? nil : "a port outside egress.allowed_ports"
        let addressRule = self.addressRule(address)
        switch (portRule, addressRule) {
        case (nil, nil): return nil
        case (let portRule?, nil): return Refusal(address: "\(shown) port \(port)", rule: portRule)
        case (nil, let addressRule?): return Refusal(address: shown, rule: addressRule)
        case (let portRule?, let addressRule?):
            return Refusal(address: "\(shown) port \(port)", rule: "\(portRule), and \(addressRule)")
        }
    }

    /// Why the address itself is refused, whatever the port; nil when it is not.
    private func addressRule(_ address: IPAddress) -> String? {
        if allow.contains(where: { $0.contains(address) }) { return nil }
        if let range = deny.first(where: { $0.contains(address) }) {
            return "in egress.deny_cidrs (\(range))"
        }
        let embedded = address.embeddedIPv4
        for value in embedded {
            let inner = IPAddress.v4(value)
            if allow.contains(where: { $0.contains(inner) }) { continue }
            if let refusal = checkIPv4(inner) {
                return "an IPv6 form of \(inner), which is \(refusal)"
            }
        }
        switch address {
        case .v4:
            return checkIPv4(address)
        case .v6:
            // Mapped and NAT64 forms live outside 2000::/3 but were judged by what they carry.
            if !embedded.isEmpty, !Self.globalUnicast.contains(address) { return nil }
            guard Self.globalUnicast.contains(address) else {
                return "not a global unicast IPv6 address (outside 2000::/3)"
            }
            if !Self.teredo.contains(address),
                let (range, name) = Self.deniedIPv6.first(where: { $0.0.contains(address) })
            {
                return "\(name) (\(range))"
            }
            return nil
        }
    }

    private func checkIPv4(_ address: IPAddress) -> String? {
        if let range = deny.first(where: { $0.contains(address) }) { return "in egress.deny_cidrs (\(range))" }
        if let (range, name) = Self.deniedIPv4.first(where: { $0.0.contains(address) }) {
            return "\(name) (\(range))"
        }
        return nil
    }
}
