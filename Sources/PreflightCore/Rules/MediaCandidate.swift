/// One media value an extension that attaches several will handle: the concrete pointer it was
/// found at, and the parsed URL when the URL rules let it be downloaded.
public struct MediaCandidate: Sendable, Equatable {
    /// The JSON Pointer of the value (`/att/id2`): the path of its findings, its attachment's identifier.
    public var key: String
    /// Nil when the value is no usable URL (not a string, too long, a placeholder, unparsable).
    public var reference: Optional<MediaReference>

    public init(key: String, reference: MediaReference?) {
        self.key = key
        self.reference = reference
    }
}
