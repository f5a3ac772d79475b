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

/// The downloads of one check, not started yet, and what their outcome is judged with. A class,
/// so that a `CheckStep` is the size of a payload-only outcome: the step of every check is
/// moved through its caller, and only one with media makes this.
public final class PendingDownloads: Sendable {
    let candidates: [MediaCandidate]
    let source: any MediaSource
    let accept: String?
    let transport: TransportPolicy
    let payloadReport: Report
    /// The check, for its configuration: held by reference, not copied (every part retained).
    let check: PreflightCheck
    let profile: ExtensionProfile
    /// The parsed payload, with its document.
    let payload: HeldView?
    var root: JSONView? { payload?.view }

    init(
        candidates: [MediaCandidate], source: any MediaSource, accept: String?, transport: TransportPolicy,
        payloadReport: Report, check: PreflightCheck, profile: ExtensionProfile, payload: HeldView?
    ) {
        self.candidates = candidates
        self.source = source
        self.accept = accept
        self.transport = transport
        self.payloadReport = payloadReport
        self.check = check
        self.profile = profile
        self.payload = payload
    }

    /// Starts every download; `completion` gets the outcome on the thread that finished the last one.
    public func start(completion: @escaping @Sendable (CheckOutcome) -> Void) {
        PreflightCheck.download(candidates, from: source, accept: accept, transport: transport) { [self] items in
            completion(CheckOutcome(media: DownloadedMedia(items: items, downloads: self)))
        }
    }
}
