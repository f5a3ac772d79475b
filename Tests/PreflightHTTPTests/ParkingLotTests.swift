import Testing

@testable import PreflightHTTP

/// The parking lot's decisions, without a socket: nothing parked here is ever suspended.
struct ParkingLotTests {
    static func responder() -> Responder { ExchangeStateMachineTests.responder() }

    static func outcome(_ settlement: ExchangeStateMachine.Settlement) -> String {
        switch settlement {
        case .answered: "answered"
        case .parked: "parked"
        case .full(let limit): "full \(limit)"
        case .shuttingDown: "shutting down"
        }
    }

    @Test func parksUpToItsLimitThenRefusesAsFull() {
        var lot = ParkingLot(limit: 2)
        let (first, second, third) = (Self.responder(), Self.responder(), Self.responder())
        #expect(Self.outcome(lot.park(first, accepting: true)) == "parked")
        #expect(Self.outcome(lot.park(second, accepting: true)) == "parked")
        #expect(Self.outcome(lot.park(third, accepting: true)) == "full 2")
        #expect(lot.count == 2)
        // A resumed request still holds its place until it comes back.
        #expect(lot.resume(first) == true)
        #expect(Self.outcome(lot.park(third, accepting: true)) == "full 2")
        lot.leave(first)
        #expect(Self.outcome(lot.park(third, accepting: true)) == "parked")
    }

    @Test func refusesWhileTheServerIsClosing() {
        var lot = ParkingLot(limit: 2)
        #expect(Self.outcome(lot.park(Self.responder(), accepting: false)) == "shutting down")
        #expect(lot.count == 0)
    }

    @Test func serverAcceptsParkingWhileRunningAndDrainingOnly() {
        let server = HTTPServer(configuration: .init(port: 0), router: Router())
        let daemon = Daemon(pointers: [OpaquePointer(bitPattern: 0x10)!], context: .passUnretained(server))
        let accepts = [
            HTTPServer.Lifecycle.idle, .running(daemon), .draining(daemon), .closing(daemon), .stopped,
        ].map { HTTPServer.Control(lifecycle: $0, parking: ParkingLot(limit: 1)).acceptsParking }
        #expect(accepts == [false, true, true, false, false])
    }

    @Test func resumesASuspendedConnectionOnce() {
        var lot = ParkingLot(limit: 2)
        let responder = Self.responder()
        #expect(lot.resume(responder) == false)
        _ = lot.park(responder, accepting: true)
        #expect(lot.isSuspended(responder))
        #expect(lot.suspended.count == 1)
        #expect(lot.resume(responder) == true)
        #expect(lot.resume(responder) == false)
        #expect(!lot.isSuspended(responder))
        #expect(lot.suspended.isEmpty)
        #expect(lot.responders.count == 1)
    }
}
