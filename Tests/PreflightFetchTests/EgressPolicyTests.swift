import PreflightCore
import PreflightFetch
import Testing

/// The address `text` names; fails the test when it does not parse.
func ip(_ text: String) throws -> IPAddress {
    try #require(IPAddress(text), "\(text) does not parse")
}

@Suite struct EgressPolicyTests {
    let policy = try! EgressPolicy(PreflightConfiguration.Egress())

    @Test(arguments: [
        ("0.0.0.0", "\"this network\""), ("10.1.2.3", "private"), ("100.64.0.1", "carrier-grade NAT"),
        ("127.0.0.1", "loopback"), ("127.255.255.254", "loopback"), ("169.254.169.254", "link-local (cloud metadata)"),
        ("172.16.0.1", "private"), ("172.31.255.255", "private"), ("192.0.0.8", "IETF protocol assignments"),
        ("192.0.2.1", "documentation"), ("192.168.1.1", "private"), ("198.18.0.1", "benchmarking"),
        ("198.19.255.1", "benchmarking"), ("198.51.100.7", "documentation"), ("203.0.113.9", "documentation"),
        ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"), ("240.0.0.1", "reserved"),
        ("255.255.255.255", "reserved"),
    ])
    func deniesEveryIPv4SpecialRange(address: String, name: String) throws {
        let refusal = try #require(policy.check(try ip(address), port: 443))
        #expect(refusal.address == address)
        #expect(refusal.rule.hasPrefix(name))
    }

    @Test(arguments: ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "11.0.0.1", "198.20.0.1", "223.255.255.255"])
    func allowsPublicIPv4(address: String) throws {
        #expect(policy.check(try ip(address), port: 443) == nil)
    }

    @Test(arguments: [
        ("::1", "outside 2000::/3"), ("::", "outside 2000::/3"), ("fe80::1", "outside 2000::/3"),
        ("fc00::1", "outside 2000::/3"), ("fd12:3456::1", "outside 2000::/3"), ("ff02::1", "outside 2000::/3"),
        ("2001:db8::1", "documentation"), ("2001:2::1", "IETF special-purpose"), ("3fff::1", "documentation"),
        ("64:ff9b:1::1", "outside 2000::/3"),
    ])
    func deniesNonGlobalIPv6(address: String, fragment: String) throws {
        let refusal = try #require(policy.check(try ip(address), port: 443))
        #expect(refusal.rule.contains(fragment), "\(refusal.rule)")
    }

    @Test(arguments: [
        ("::ffff:127.0.0.1", "127.0.0.1"), ("::ffff:169.254.169.254", "169.254.169.254"),
        ("::ffff:10.0.0.1", "10.0.0.1"), ("64:ff9b::a9fe:a9fe", "169.254.169.254"), ("64:ff9b::7f00:1", "127.0.0.1"),
        ("2002:7f00:0001::1", "127.0.0.1"), ("2002:c0a8:0101::1", "192.168.1.1"),
        // Teredo: server 65.54.227.120, client ~(0x80ff:fffe) = 127.0.0.1.
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", "127.0.0.1"),
    ])
    func unwrapsIPv4InsideIPv6(address: String, inner: String) throws {
        let refusal = try #require(policy.check(try ip(address), port: 443))
        #expect(refusal.rule.contains("IPv6 form of \(inner)"), "\(refusal.rule)")
    }

    @Test(arguments: [
        "2606:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:0808:0808::1",
    ])
    func allowsGlobalIPv6(address: String) throws {
        #expect(policy.check(try ip(address), port: 443) == nil)
    }

    @Test func refusesPortsOutsideTheList() throws {
        let refusal = try #require(policy.check(try ip("8.8.8.8"), port: 22))
        #expect(refusal.address == "8.8.8.8 port 22")
        #expect(refusal.rule == "a port outside egress.allowed_ports")
        #expect(policy.check(try ip("8.8.8.8"), port: 8443) == nil)
    }

    @Test func allowCIDRsOpenAndDenyCIDRsClose() throws {
        var egress = PreflightConfiguration.Egress()
        egress.allowCIDRs = ["127.0.0.0/8", "::1/128"]
        egress.denyCIDRs = ["8.8.8.0/24", "2606:4700::/32"]
        egress.allowedPorts = [443, 8080]
        let custom = try EgressPolicy(egress)
        #expect(custom.check(try ip("127.0.0.1"), port: 8080) == nil)
        #expect(custom.check(try ip("::1"), port: 443) == nil)
        #expect(custom.check(try ip("::ffff:127.0.0.1"), port: 443) == nil)
        #expect(custom.check(try ip("127.0.0.1"), port: 22) != nil)
        #expect(custom.check(try ip("10.0.0.1"), port: 443)?.rule.hasPrefix("private") == true)
        #expect(custom.check(try ip("8.8.8.8"), port: 443)?.rule == "in egress.deny_cidrs (8.8.8.0/24)")
        #expect(custom.check(try ip("2606:4700::1"), port: 443) != nil)
    }

    @Test func badRangesAreConfigurationErrors() {
        var egress = PreflightConfiguration.Egress()
        egress.allowCIDRs = ["127.0.0.0/33"]
        #expect(throws: ConfigurationError.self) { try EgressPolicy(egress) }
        egress.allowCIDRs = ["localhost"]
        #expect(throws: ConfigurationError.self) { try EgressPolicy(egress) }
    }

    @Test func cidrMatching() throws {
        let range = try #require(CIDR("10.0.0.0/8"))
        #expect(range.contains(try ip("10.255.0.1")))
        #expect(!range.contains(try ip("11.0.0.0")))
        #expect(!range.contains(try ip("::ffff:10.0.0.1")))
        let v6 = try #require(CIDR("2001:db8::/33"))
        #expect(v6.contains(try ip("2001:db8:7fff::1")))
        #expect(!v6.contains(try ip("2001:db8:8000::1")))
        #expect(try #require(CIDR("0.0.0.0/0")).contains(try ip("1.2.3.4")))
        #expect(IPAddress("::ffff:127.0.0.1")?.description == "::ffff:127.0.0.1")
    }
}
