import Testing

@testable import PreflightHTTP

/// The header refusal follows the configured family, and there is none without one.
struct ReservedHeadersTests {
    static let acme = ReservedHeaders(
        prefix: "X-Acme-", names: ["x-acme-tenant", "X-Acme-Region"], kind: "an Acme header")

    /// The problem the server finds with `name`, stored in a table after other headers (so its
    /// position is not the first).
    static func problem(_ name: String, _ reserved: ReservedHeaders?) -> String? {
        var headers: HeaderFields = ["Host": "x", "X-Acme-Tenant": "t"]
        var reserved = reserved
        return Array(name.utf8).withUnsafeBytes { raw in
            let position = headers.add(name: raw, value: UnsafeRawBufferPointer(start: nil, count: 0))
            return HeaderBlock.problem(name: raw, at: position, in: &headers, reserved: &reserved)
        }
    }

    @Test(arguments: ["x-acme-tenant", "X-Acme-Tenant", "x-acme-region", "x-other", "apns-anything"])
    func configuredOrUnreservedNamePasses(name: String) {
        #expect(Self.problem(name, Self.acme) == nil)
    }

    @Test func otherNameUnderThePrefixIsRefused() {
        #expect(
            Self.problem("X-Acme-Tenat", Self.acme)
                == #""X-Acme-Tenat" is not an Acme header (a misspelling, or a folded line)"#)
        #expect(
            Self.problem("x-acme-", Self.acme) == #""x-acme-" is not an Acme header (a misspelling, or a folded line)"#)
    }

    /// The prefix is compared by its words masked to its length, and past 16 bytes byte by byte:
    /// prefixes at each length around those bounds, names that differ from them in their last
    /// byte.
    @Test(arguments: [2, 5, 8, 9, 16, 17, 24])
    func aPrefixOfAnyLengthIsMatchedToItsLastByte(length: Int) {
        let prefix = String(repeating: "p", count: length - 1) + "-"
        let reserved = ReservedHeaders(prefix: prefix.uppercased(), names: [prefix + "Known"], kind: "a P header")
        let refusal = " is not a P header (a misspelling, or a folded line)"
        #expect(Self.problem(prefix + "known", reserved) == nil)
        #expect(Self.problem(prefix.uppercased() + "KNOWN", reserved) == nil)
        #expect(Self.problem(prefix + "knowm", reserved) == "\"\(prefix)knowm\"" + refusal)
        #expect(Self.problem(prefix.uppercased() + "X", reserved) == "\"\(prefix.uppercased())X\"" + refusal)
        #expect(Self.problem(prefix, reserved) == "\"\(prefix)\"" + refusal)
        #expect(Self.problem(String(prefix.dropLast()) + "_known", reserved) == nil)
        #expect(Self.problem(String(prefix.dropLast()), reserved) == nil)
    }

    @Test(arguments: ["x-acme-tenat", "apns-push-typeextra", "anything"])
    func noneIsRefusedWithoutARule(name: String) {
        #expect(Self.problem(name, nil) == nil)
    }

    @Test func aNameThatIsNotATokenIsRefusedWithOrWithoutARule() {
        let expected =
            #"the header name "x-acme-tenant " is not a token (whitespace before the colon, or a folded line)"#
        #expect(Self.problem("x-acme-tenant ", Self.acme) == expected)
        #expect(Self.problem("x-acme-tenant ", nil) == expected)
    }

    /// The token bytes' masks are RFC 9110 5.6.2's tchar, byte for byte over all 256.
    @Test func tokenBytesAreTheRFCsTchar() {
        let symbols = Set("!#$%&'*+-.^_`|~".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            let tchar =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || symbols.contains(byte)
            #expect(HeaderBlock.isTokenByte(byte) == tchar, "byte \(value)")
        }
    }

    @Test func refusedNameReachesTheMachineAs400() {
        var head = ExchangeStateMachineTests.head("GET", "/hello")
        head.headerProblem = Self.problem("X-Acme-Tenat", Self.acme)
        var machine = ExchangeStateMachine(requestID: "s-1", maxBodyBytes: 1024)
        let action = machine.headersReceived(head, router: ExchangeStateMachineTests.router())
        #expect(
            ExchangeStateMachineTests.text(action)
                == #"answer 400 Connection: close {"error":{"code":"bad-request","message":"\"X-Acme-Tenat\" is not an Acme header (a misspelling, or a folded line)"}}"#
        )
    }
}
