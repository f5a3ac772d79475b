import PreflightCore
import PreflightFetch

/// Where a check stands once the payload rules are done (`PreflightCheck.begin`): finished, or
/// waiting for its downloads. A payload-only check is answered from `finished` on the caller's
/// thread, with no completion closure made for it.
public enum CheckStep: Sendable {
    /// Nothing is downloaded: the outcome, made on the caller's thread.
    case finished(CheckOutcome)
    /// The media to download: `start` them; the outcome comes to the completion.
    case downloading(PendingDownloads)
}

/// The downloads of one check, not started yet, and what their outcome is judged with.
public struct PendingDownloads: Sendable {
    let candidates: [MediaCandidate]
    let source: any MediaSource
    let accept: String?
    let transport: TransportPolicy
    let payloadReport: Report
    let configuration: PreflightConfiguration
    let profile: ExtensionProfile
    let root: JSONView?

    /// Starts every download; `completion` gets the outcome on the thread that finished the last one.
    public func start(completion: @escaping @Sendable (CheckOutcome) -> Void) {
        let judged = (report: payloadReport, configuration: configuration, profile: profile, root: root)
        PreflightCheck.download(candidates, from: source, accept: accept, transport: transport) { items in
            completion(
                CheckOutcome(
                    payloadReport: judged.report, items: items, configuration: judged.configuration,
                    profile: judged.profile, root: judged.root))
        }
    }
}
