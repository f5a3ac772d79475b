/// The requests whose handler returned without answering: suspended until the answer comes,
/// then resumed until the connection's worker takes it. The one record of parking, kept in the
/// server's `Control` under its lock beside the lifecycle it is decided with; pure bookkeeping,
/// the suspend and resume calls are made by the server beside each decision
/// (`HTTPServer+Parking.swift`).
struct ParkingLot {
    private enum Place {
        /// The connection is suspended: an answer must resume it.
        case suspended
        /// The connection was resumed (answered, abandoned or swept) and has not come back yet;
        /// it still counts against the cap.
        case resumed
    }

    /// At most this many requests wait at once.
    let limit: Int
    private var places: [ObjectIdentifier: (responder: Responder, place: Place)] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Requests parked, suspended or resumed and not yet back.
    var count: Int { places.count }

    /// Every parked request's responder (for the shutdown's sweep).
    var responders: [Responder] { places.values.map(\.responder) }

    /// The responders whose connections are suspended (for the hang-up check).
    var suspended: [Responder] { places.values.filter { $0.place == .suspended }.map(\.responder) }

    /// Parks `responder`'s request when the server lets requests wait (`accepting`) and there
    /// is room: the caller then suspends its connection.
    /// A body waiting for its sink (`limited` false) is not held to the cap: the route that
    /// streams bounds its own requests, and a body half read cannot be answered 503.
    mutating func park(
        _ responder: Responder, accepting: Bool, limited: Bool = true
    ) -> ExchangeStateMachine.Settlement {
        guard accepting else { return .shuttingDown }
        guard !limited || places.count < limit else { return .full(limit: limit) }
        places[ObjectIdentifier(responder)] = (responder, .suspended)
        return .parked
    }

    /// Whether `responder`'s connection is to be resumed now: true once, while it is suspended.
    mutating func resume(_ responder: Responder) -> Bool {
        let key = ObjectIdentifier(responder)
        guard places[key]?.place == .suspended else { return false }
        places[key]?.place = .resumed
        return true
    }

    /// Whether `responder`'s connection is suspended here.
    func isSuspended(_ responder: Responder) -> Bool {
        places[ObjectIdentifier(responder)]?.place == .suspended
    }

    /// The request came back, or its connection closed: it no longer counts against the cap.
    mutating func leave(_ responder: Responder) {
        places.removeValue(forKey: ObjectIdentifier(responder))
    }
}
