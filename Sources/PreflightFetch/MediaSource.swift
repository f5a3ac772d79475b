public import PreflightCore

/// Something that turns a media URL into a download outcome: the fetcher itself, or a cache in front of it.
public protocol MediaSource: Sendable {
    /// Gets the outcome for `url`; `completion` may run on any thread.
    func fetch(_ url: String, completion: @escaping @Sendable (DownloadOutcome) -> Void)
}

extension MediaFetcher: MediaSource {}
