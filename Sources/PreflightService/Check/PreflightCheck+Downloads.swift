import PreflightCore
import PreflightFetch
import Synchronization

extension PreflightCheck {
    /// Downloads every candidate's URL through `source` at once (so the cache, its coalescing
    /// and the egress policy hold for each), and gives the items, in the candidates' order, when
    /// the last one ends. A candidate without a usable URL gets no download. The order the
    /// extension downloads in is judged on the outcomes (`MediaRules.timeBudget`), not by waiting.
    static func download(
        _ candidates: [MediaCandidate], from source: any MediaSource, accept: String?,
        transport: TransportPolicy? = nil, completion: @escaping @Sendable ([MediaRules.Item]) -> Void
    ) {
        if candidates.count == 1, let reference = candidates[0].reference {
            // One media (a profile that attaches the first): no tally of the ones to come.
            let key = candidates[0].key
            source.fetch(reference.url.text, accept: accept, transport: transport) { outcome in
                completion([MediaRules.Item(key: key, reference: reference, download: outcome)])
            }
            return
        }
        let wanted = candidates.indices.filter { candidates[$0].reference != nil }
        let gathered = Mutex(Gathered(candidates: candidates, missing: wanted.count))
        for index in wanted {
            guard let reference = candidates[index].reference else { continue }
            source.fetch(reference.url.text, accept: accept, transport: transport) { outcome in
                let complete = gathered.withLock { state -> [MediaRules.Item]? in
                    state.items[index].download = outcome
                    state.missing -= 1
                    return state.missing == 0 ? state.items : nil
                }
                if let complete { completion(complete) }
            }
        }
    }
}

/// The downloads of one push as they arrive.
private struct Gathered {
    var items: [MediaRules.Item]
    var missing: Int

    init(candidates: [MediaCandidate], missing: Int) {
        self.items = candidates.map { MediaRules.Item(key: $0.key, reference: $0.reference, download: nil) }
        self.missing = missing
    }
}
