public import PreflightCore

/// Something that turns a media URL into a download outcome: the fetcher itself, or a cache in front of it.
public protocol MediaSource: Sendable {
    /// Gets the outcome for `url`, sending `accept` as the `Accept` header (nil for curl's
    /// default), under `transport` (nil for the source's own); `completion` may run on any thread.
    func fetch(
        _ url: String, accept: String?, transport: TransportPolicy?,
        completion: @escaping @Sendable (DownloadOutcome) -> Void)
}

extension MediaSource {
    /// Gets the outcome for `url` with no `Accept` header of a profile's.
    public func fetch(_ url: String, completion: @escaping @Sendable (DownloadOutcome) -> Void) {
        fetch(url, accept: nil, transport: nil, completion: completion)
    }

    /// Gets the outcome for `url` under the source's own transport policy.
    public func fetch(_ url: String, accept: String?, completion: @escaping @Sendable (DownloadOutcome) -> Void) {
        fetch(url, accept: accept, transport: nil, completion: completion)
    }
}

extension MediaFetcher: MediaSource {}
