import Dispatch
import Foundation
import Glibc
import PreflightHost
import Synchronization

/// The name lookups of downloads, on at most `maximum` threads of its own.
///
/// libcurl 7.88's threaded resolver starts a thread per lookup, and with `CURLOPT_QUICK_EXIT` a
/// transfer that gives up leaves that thread running until getaddrinfo returns (10 s and more
/// for a resolver that never answers): one client naming fresh unresolvable hosts made 1,508
/// threads in 8 s, and under a pids limit real downloads then failed. Here a lookup that outlives
/// its download keeps its thread busy, and counted, until getaddrinfo returns; lookups past
/// `maximum` wait in a queue (a queued push is better than a failed one) within the download's
/// whole budget. curl is then handed the address (`CURLOPT_CONNECT_TO`), so it starts no
/// resolver thread of its own for the name.
final class NameLookups: Sendable {
    /// What a lookup gives: a numeric address, or why there is none.
    typealias Completion = @Sendable (Result<String, Failure>) -> Void

    struct Failure: Error {
        var message: String
    }

    /// One lookup's life: queued, resolving on a thread, or answered (the thread may still be
    /// in getaddrinfo: `abandoned`).
    private enum Phase {
        case queued
        case resolving
        case abandoned
        case done
    }

    private final class Lookup: Sendable {
        let host: String
        let port: Int
        let resolveBudget: Duration
        let completion: Completion
        let phase = Mutex(Phase.queued)

        init(host: String, port: Int, resolveBudget: Duration, completion: @escaping Completion) {
            self.host = host
            self.port = port
            self.resolveBudget = resolveBudget
            self.completion = completion
        }
    }

    private struct State {
        var queue: [Lookup] = []
        var head = 0
        var threads = 0
        var idle = 0
        var resolving = 0
        var abandoned = 0
        /// curl's own resolver threads for the names redirects lead to (`holdForRedirect`).
        var redirectLookups = 0
        /// When each redirect lookup whose download gave up mid-lookup stops being counted.
        var abandonedRedirects: [ContinuousClock.Instant] = []
    }

    /// How long a curl resolver thread left by a download that gave up mid-lookup is counted:
    /// curl gives no word when it ends, and glibc's default retry (RES_TIMEOUT 5 s x RES_DFLRETRY
    /// 2, per address family in parallel; resolv.conf(5)) ends well within this.
    static let abandonedRedirectHold = Duration.seconds(30)

    /// Threads that may be in getaddrinfo at once.
    let maximum: Int
    private let state = Mutex(State())
    private let work = DispatchSemaphore(value: 0)
    private let timers = DispatchQueue(label: "preflight-lookup-deadlines")

    init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// Threads in getaddrinfo now, those whose download gave up included; lookups waiting for
    /// one; and the threads left by downloads that gave up mid-lookup (this pool's and curl's
    /// for redirects, the latter counted for `abandonedRedirectHold`).
    var load: (resolving: Int, queued: Int, abandoned: Int) {
        state.withLock { state in
            let now = ContinuousClock.now
            let redirects = state.abandonedRedirects.filter { $0 > now }.count
            return (state.resolving, state.queue.count - state.head, state.abandoned + redirects)
        }
    }

    // MARK: - curl's lookups for redirects

    /// A redirect leads to a name curl resolves with a thread of its own (the first hop's name
    /// went through `lookup`): true holds one of `maximum` slots for it, false refuses the
    /// lookup (the download fails as `media.fetch.dns`). Release it with `releaseRedirect` once
    /// the lookup has answered, or `abandonRedirect` when the download ended during it.
    func holdForRedirect() -> Bool {
        state.withLock { state in
            let now = ContinuousClock.now
            state.abandonedRedirects.removeAll { $0 <= now }
            guard state.redirectLookups + state.abandonedRedirects.count < maximum else { return false }
            state.redirectLookups += 1
            return true
        }
    }

    /// The redirect's lookup answered: its curl thread has ended.
    func releaseRedirect() {
        state.withLock { $0.redirectLookups -= 1 }
    }

    /// The download ended during the redirect's lookup: curl detached the thread
    /// (`CURLOPT_QUICK_EXIT`), which is counted for `abandonedRedirectHold` more.
    func abandonRedirect() {
        state.withLock { state in
            state.redirectLookups -= 1
            state.abandonedRedirects.append(.now + Self.abandonedRedirectHold)
        }
    }

    // MARK: - First hops

    /// Looks `host` up; `completion` runs once, on a lookup thread or a timer, with the first
    /// address getaddrinfo gives (its RFC 6724 order), or a failure: no such name, no thread
    /// free within `queueBudget`, or no answer within `resolveBudget` of starting.
    func lookup(
        _ host: String, port: Int, queueBudget: Duration, resolveBudget: Duration,
        completion: @escaping Completion
    ) {
        let lookup = Lookup(host: host, port: port, resolveBudget: resolveBudget, completion: completion)
        let spawn = state.withLock { state -> Bool in
            state.queue.append(lookup)
            guard state.idle == 0, state.threads < maximum else { return false }
            state.threads += 1
            return true
        }
        if spawn {
            HostThread.start(named: "pf-lookup") { [self] in self.serve() }
        }
        work.signal()
        timers.asyncAfter(deadline: .now() + queueBudget.dispatchInterval) {
            let expired = lookup.phase.withLock { phase -> Bool in
                guard case .queued = phase else { return false }
                phase = .done
                return true
            }
            if expired {
                lookup.completion(
                    .failure(Failure(message: "no name-lookup slot came free in time (fetch.max_lookups are busy)")))
            }
        }
    }

    /// A lookup thread: takes the next queued lookup, forever (there are at most `maximum`).
    private func serve() {
        while true {
            state.withLock { $0.idle += 1 }
            work.wait()
            let next = state.withLock { state -> Lookup? in
                state.idle -= 1
                guard state.head < state.queue.count else { return nil }
                let lookup = state.queue[state.head]
                state.head += 1
                if state.head > 64, state.head * 2 > state.queue.count {
                    state.queue.removeFirst(state.head)
                    state.head = 0
                }
                return lookup
            }
            guard let next else { continue }
            resolve(next)
        }
    }

    private func resolve(_ lookup: Lookup) {
        let started = lookup.phase.withLock { phase -> Bool in
            guard case .queued = phase else { return false }
            phase = .resolving
            return true
        }
        guard started else { return }  // its queue budget ran out first
        state.withLock { $0.resolving += 1 }
        timers.asyncAfter(deadline: .now() + lookup.resolveBudget.dispatchInterval) { [self] in
            let gaveUp = lookup.phase.withLock { phase -> Bool in
                guard case .resolving = phase else { return false }
                phase = .abandoned
                return true
            }
            guard gaveUp else { return }
            state.withLock { $0.abandoned += 1 }
            lookup.completion(
                .failure(Failure(message: "Resolving timed out: no answer for \(lookup.host) in time")))
        }
        let result = Self.getAddress(lookup.host, port: lookup.port)
        let wasAbandoned = lookup.phase.withLock { phase -> Bool in
            defer { phase = .done }
            if case .abandoned = phase { return true }
            return false
        }
        state.withLock { state in
            state.resolving -= 1
            if wasAbandoned { state.abandoned -= 1 }
        }
        if !wasAbandoned { lookup.completion(result) }
    }

    /// getaddrinfo's first TCP address for `host`, as text (IPv6 without brackets).
    private static func getAddress(_ host: String, port: Int) -> Result<String, Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            return .failure(Failure(message: "Could not resolve host: \(host) (\(reason))"))
        }
        defer { freeaddrinfo(list) }
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let named = getnameinfo(
            first.pointee.ai_addr, first.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST)
        guard named == 0 else {
            return .failure(Failure(message: "getnameinfo failed for \(host): \(String(cString: gai_strerror(named)))"))
        }
        let length = text.firstIndex(of: 0) ?? text.count
        return .success(String(decoding: text[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

extension Duration {
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
