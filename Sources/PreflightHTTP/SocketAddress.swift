import Glibc

/// A numeric listen address, IPv4 or IPv6, as the `sockaddr` libmicrohttpd binds.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool

    init?(host: String, port: UInt16) {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in
                raw.storeBytes(of: v4, as: sockaddr_in.self)
            }
            isIPv6 = false
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in
                raw.storeBytes(of: v6, as: sockaddr_in6.self)
            }
            isIPv6 = true
            return
        }
        return nil
    }

    mutating func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}
