/// Reads a download's body as it streams, for what only the whole body shows (an MP4's `moov`
/// box wherever it sits). The fetcher feeds it every chunk in order, off the network thread,
/// and lets it write what it found into the outcome; it knows nothing of what is looked for.
/// `BoxScanner` is the one the service gives it.
///
/// ```swift
/// var scanner: any BodyScanner = BoxScanner(moovLimit: 8 << 20)
/// scanner.consume(chunk)             // as often as bytes arrive, until `isDone`
/// scanner.record(into: &outcome)     // once, for a download that finished
/// ```
public protocol BodyScanner {
    /// Whether more bytes can change what it finds: once true, it is fed no more.
    var isDone: Bool { get }
    /// Bytes it keeps that its `admit` granted: the fetcher gives them back when the download ends.
    var admittedBytes: Int { get }
    /// The next piece of the body.
    mutating func consume(_ chunk: UnsafeRawBufferPointer)
    /// Writes what it found into `outcome`; called once, for a download that finished.
    func record(into outcome: inout DownloadOutcome)
}

extension BoxScanner: BodyScanner {
    /// The walk's result, with the `moov` box read, as `outcome.movie`.
    public func record(into outcome: inout DownloadOutcome) {
        outcome.movie = scan
    }
}
