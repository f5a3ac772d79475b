import Foundation
import Glibc
import PreflightCore
import PreflightFetch
import PreflightService
import Testing

/// The egress policy on real downloads: every refused address is refused before connecting.
@Suite(.serialized) struct RefusedDestinationsTests {
    let origins: Origins

    init() throws {
        origins = try Origins.load()
    }

    /// URLs that reach the misbehaving origin on loopback in some spelling, which must all be refused.
    @Test(arguments: [
        "http://127.0.0.1:%PORT%/jpeg/literal.jpg",
        "http://2130706433:%PORT%/jpeg/decimal.jpg",
        "http://0177.0.0.1:%PORT%/jpeg/octal.jpg",
        "http://0x7f.0.0.1:%PORT%/jpeg/hex.jpg",
        "http://[::ffff:127.0.0.1]:%PORT%/jpeg/mapped.jpg",
        "http://[::1]:%PORT%/jpeg/v6.jpg",
        "http://localhost:%PORT%/jpeg/localhost.jpg",
        "http://origin.test:%PORT%/jpeg/resolved.jpg",
    ])
    func loopbackIsRefusedInEverySpelling(template: String) throws {
        let service = try PreflightService(
            configuration: origins.configuration(openLoopback: false), accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let url = template.replacingOccurrences(of: "%PORT%", with: String(origins.originPort))
        let result = try checkMedia(service, url: url)
        #expect(result.codes == ["media.fetch.blocked"], "\(url)")
        let path = "/jpeg/" + url.split(separator: "/").last!
        #expect(try origins.hits(path) == 0, "a connection reached the origin for \(url)")
    }

    @Test(arguments: [
        ("http://169.254.169.254/latest/meta-data/iam.jpg", "169.254.169.254 is link-local"),
        ("http://10.0.0.1/a.jpg", "10.0.0.1 is private"),
        ("http://private.test/a.jpg", "10.0.0.1 is private"),
        ("http://[fd00::1]/a.jpg", "fd00::1 is not a global unicast"),
        ("http://[::ffff:169.254.169.254]/a.jpg", "an IPv6 form of 169.254.169.254"),
    ])
    func privateRangesAreRefusedBeforeConnecting(url: String, message: String) throws {
        let service = try PreflightService(
            configuration: origins.configuration(openLoopback: false), accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let result = try checkMedia(service, url: url)
        #expect(result.codes == ["media.fetch.blocked"], "\(url)")
        #expect(result.finding("media.fetch.blocked")?["message"]?.string?.contains(message) == true, "\(url)")
    }

    @Test func allowCIDRsOpenLoopbackButPortsStillApply() throws {
        var configuration = origins.configuration(openLoopback: true)
        configuration.egress.allowedPorts = [443]
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        let result = try checkMedia(service, url: "http://127.0.0.1:\(origins.originPort)/jpeg/port.jpg")
        #expect(result.codes == ["media.fetch.blocked"])
        #expect(
            result.finding("media.fetch.blocked")?["message"]?.string?.contains("outside egress.allowed_ports") == true)
        #expect(try origins.hits("/jpeg/port.jpg") == 0)

        let open = try PreflightService(
            configuration: origins.configuration(openLoopback: true), accessLogDescriptor: nil)
        try open.start()
        defer { open.shutdown() }
        #expect(try checkMedia(open, url: "http://127.0.0.1:\(origins.originPort)/jpeg/open.jpg").codes == [])
        #expect(try origins.hits("/jpeg/open.jpg") == 1)
    }

    @Test func dnsAndConnectFailures() throws {
        var configuration = origins.configuration(openLoopback: true)
        let closed = try closedPort()
        configuration.egress.allowedPorts.append(closed)
        let service = try PreflightService(configuration: configuration, accessLogDescriptor: nil)
        try service.start()
        defer { service.shutdown() }
        #expect(try checkMedia(service, url: "https://no-such-host.invalid/a.jpg").codes == ["media.fetch.dns"])
        #expect(try checkMedia(service, url: "http://127.0.0.1:\(closed)/a.jpg").codes == ["media.fetch.connect"])
    }

    /// A loopback port nothing listens on: bound once by the kernel's choice, then closed.
    private func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
