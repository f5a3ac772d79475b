import Testing

@testable import PreflightHTTP

/// The header refusal follows the configured family, and there is none without one.
struct ReservedHeadersTests {
    static let acme = ReservedHeaders(
        prefix: "X-Acme-", names: ["x-acme-tenant", "X-Acme-Region"], kind: "an Acme header")

    static func problem(_ name: String, _ reserved: ReservedHeaders?) -> String? {
        Array(name.utf8).withUnsafeBytes { raw in
            HeaderBlock.problem(name: raw, reserved: reserved)
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
