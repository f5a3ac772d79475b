/// The attachment a Notification Service Extension would build from the download.
public struct AttachmentPlan: Sendable, Equatable {
    /// The attachment identifier: the payload key the URL came from.
    public var identifier: String
    public var kind: AttachmentKind
    public var uti: String
    /// Content hash plus the sniffed type's extension: what to name the file on disk.
    public var fileName: String
    /// The UTI to pass as `UNNotificationAttachmentOptionsTypeHintKey`, when the URL's
    /// extension is missing or names another type.
    public var typeHint: String?
    public var bytes: Int
    public var limit: Int
}
