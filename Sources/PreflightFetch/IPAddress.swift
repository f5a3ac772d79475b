import Glibc

/// An IPv4 or IPv6 address as numbers, for range checks.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    case v4(UInt32)
    /// High and low 64 bits.
    case v6(UInt64, UInt64)

    /// Parses the numeric text forms `inet_pton` accepts (dotted quad, RFC 4291).
    public init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self = Self.fromIPv6Bytes(v6)
            return
        }
        return nil
    }

    /// Reads a `sockaddr_in` or `sockaddr_in6`, with its port.
    static func from(sockaddr pointer: UnsafeRawPointer) -> (IPAddress, Int)? {
        let family = pointer.load(as: sa_family_t.self)
        switch Int32(family) {
        case AF_INET:
            let address = pointer.loadUnaligned(as: sockaddr_in.self)
            return (.v4(UInt32(bigEndian: address.sin_addr.s_addr)), Int(UInt16(bigEndian: address.sin_port)))
        case AF_INET6:
            let address = pointer.loadUnaligned(as: sockaddr_in6.self)
            return (fromIPv6Bytes(address.sin6_addr), Int(UInt16(bigEndian: address.sin6_port)))
        default:
            return nil
        }
    }

    private static func fromIPv6Bytes(_ address: in6_addr) -> IPAddress {
        var bytes = [UInt8](repeating: 0, count: 16)
        withUnsafeBytes(of: address) { raw in
            for index in 0..<16 { bytes[index] = raw[index] }
        }
        let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return .v6(high, low)
    }

    public var description: String {
        switch self {
        case .v4(let value):
            return "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
        case .v6(let high, let low):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { raw in
                for index in 0..<8 {
                    raw[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
                    raw[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
                }
            }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            return String(decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The IPv4 addresses an IPv6 address carries inside it: IPv4-mapped (`::ffff:a.b.c.d`),
    /// NAT64 (`64:ff9b::/96`), 6to4 (`2002::/16`) and Teredo (`2001::/32`, server and client).
    var embeddedIPv4: [UInt32] {
        guard case .v6(let high, let low) = self else { return [] }
        if high == 0, low >> 32 == 0xFFFF { return [UInt32(truncatingIfNeeded: low)] }
        if high == 0x0064_FF9B_0000_0000, low >> 32 == 0 { return [UInt32(truncatingIfNeeded: low)] }
        if high >> 48 == 0x2002 { return [UInt32(truncatingIfNeeded: high >> 16)] }
        if high >> 32 == 0x2001_0000 {
            return [UInt32(truncatingIfNeeded: high), ~UInt32(truncatingIfNeeded: low)]
        }
        return []
    }
}

/// An address range such as `10.0.0.0/8` or `2001:db8::/32`.
public struct CIDR: Hashable, Sendable, CustomStringConvertible {
    public let network: IPAddress
    public let prefixLength: Int

    /// Parses `ADDRESS/PREFIX`; a bare address is a single-address range. Anything else is nil:
    /// an empty text, an empty or signed prefix (`8.8.8.0/` is not read as a /32, `/+8` not as /8).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, !first.isEmpty, let address = IPAddress(first) else { return nil }
        let maximum: Int
        switch address {
        case .v4: maximum = 32
        case .v6: maximum = 128
        }
        var length = maximum
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.utf8.count <= 3, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let value = Int(digits)
            else { return nil }
            length = value
        }
        guard (0...maximum).contains(length) else { return nil }
        self.network = address
        self.prefixLength = length
    }

    public var description: String { "\(network)/\(prefixLength)" }

    public func contains(_ address: IPAddress) -> Bool {
        switch (network, address) {
        case (.v4(let net), .v4(let value)):
            guard prefixLength > 0 else { return true }
            let mask = UInt32.max << (32 - UInt32(prefixLength))
            return net & mask == value & mask
        case (.v6(let netHigh, let netLow), .v6(let high, let low)):
            let highBits = min(prefixLength, 64)
            let lowBits = max(prefixLength - 64, 0)
            let highMask = highBits == 0 ? 0 : UInt64.max << (64 - UInt64(highBits))
            let lowMask = lowBits == 0 ? 0 : UInt64.max << (64 - UInt64(lowBits))
            return netHigh & highMask == high & highMask && netLow & lowMask == low & lowMask
        default:
            return false
        }
    }
}
