/// What a download gave, as the fetcher saw it; the media rules judge it.
@dynamicMemberLookup
public struct DownloadOutcome: Sendable, Equatable {
    /// Why a download stopped early.
    public enum Failure: Sendable, Equatable {
        /// The egress policy refused an address before any connection.
        case blocked(address: String, rule: String)
        case dns(String)
        case connect(String)
        case tls(String)
        case timeout(String)
        case tooManyRedirects
        /// Fewer bytes than announced, or the connection broke mid-body.
        case truncated(String)
        /// The body passed the kind's limit and the download was stopped there.
        case tooLarge(limit: Int)
        /// A redirect to a scheme other than http(s), or another refused request.
        case refused(String)
        /// App Transport Security would refuse a hop: plain http, or TLS it does not accept.
        case ats(String)
        case other(String)
    }

    /// Milliseconds from the start, as curl measures them.
    public struct Timing: Sendable, Equatable {
        public var dns = 0.0
        public var connect = 0.0
        public var tls = 0.0
        public var firstByte = 0.0
        public var total = 0.0

        public init(dns: Double = 0, connect: Double = 0, tls: Double = 0, firstByte: Double = 0, total: Double = 0) {
            self.dns = dns
            self.connect = connect
            self.tls = tls
            self.firstByte = firstByte
            self.total = total
        }
    }

    /// What the outcome holds but `cached`, read and written as its properties
    /// (`outcome.bytes`: `subscript(dynamicMember:)`).
    public struct Fields: Sendable, Equatable {
        public var url: String
        public var finalURL: String?
        public var httpStatus: Int?
        public var redirects = 0
        public var contentType: String?
        public var contentEncoding: String?
        /// The final response's `Content-Disposition` (it names the file for some extensions).
        public var contentDisposition: String?
        /// The final response's announced `Content-Length` (what `URLResponse.expectedContentLength`
        /// gives an extension), nil when it sent none.
        public var contentLength: Int?
        /// Body bytes received.
        public var bytes = 0
        /// SHA-256 of the whole body (hex), nil when the body is incomplete.
        public var sha256: String?
        /// The first bytes of the body (at most 64 KiB), for sniffing and headers.
        public var prefix: [UInt8] = []
        public var timing = Timing()
        public var primaryIP: String?
        public var failure: Failure?
        /// Seconds the result may be reused for, from `Cache-Control` (nil: no directive).
        public var maxAge: Int?
        /// `Cache-Control: no-store` was sent.
        public var noStore = false

        /// What the first bytes showed, kept when the bytes themselves are dropped (in the cache).
        public var analysis: MediaAnalysis?
        /// The ISO BMFF boxes of the whole body and its `moov` (`BoxScanner`), when they were walked
        /// and the download completed.
        public var movie: MovieScan?
        /// What the last https hop's TLS negotiated and presented.
        public var tls: TLSFacts?
        /// Each TLS hop's certificate chain, in the order the hops started (iOS's trust rules read them).
        public var chains: [PresentedChain] = []
        /// Which part of the extension's ATS applied to each hop, in order (`TransportSecurity.judge`).
        public var ats: [HopATS] = []

        init(url: String) {
            self.url = url
        }
    }

    /// Whether this came from the probe cache.
    public var cached = false

    /// The fields, in storage shared by every copy of the outcome until one of them changes a
    /// field (`makeUnique`): a copy is one reference counted, not some twenty. An outcome is
    /// copied from the cache and along the media rules several times a push, and its strings'
    /// and arrays' reference counts were the largest part of a cache hit's time (each an
    /// atomic operation of some 5 ns).
    @usableFromInline var storage: Storage

    /// One `Fields` value at a fixed address, read and written through its pointer (a class's
    /// stored `var` would be checked for exclusive access at run time on every read).
    /// `@unchecked Sendable`: its value is written only through `subscript(dynamicMember:)`'s
    /// `_modify`, after `makeUnique()` made the storage referenced by that one outcome alone
    /// (`isKnownUniquelyReferenced`), so storage two outcomes (or two threads) share is only
    /// ever read; `Fields` is `Sendable`.
    @usableFromInline final class Storage: @unchecked Sendable {
        @usableFromInline let fields: UnsafeMutablePointer<Fields>

        init(_ value: Fields) {
            fields = .allocate(capacity: 1)
            fields.initialize(to: value)
        }

        deinit {
            fields.deinitialize(count: 1)
            fields.deallocate()
        }
    }

    /// Each field of `Fields` as a property of the outcome (`outcome.prefix.append(...)` changes
    /// it in place). Inlined where it is used, so a field's key path is a direct access there.
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { storage.fields.pointee[keyPath: field] }
        _modify {
            makeUnique()
            yield &storage.fields.pointee[keyPath: field]
        }
    }

    /// Gives the outcome storage of its own before a field changes, if it shares its storage.
    @usableFromInline mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields.pointee) }
    }

    public static func == (lhs: DownloadOutcome, rhs: DownloadOutcome) -> Bool {
        guard lhs.cached == rhs.cached else { return false }
        return lhs.storage === rhs.storage || lhs.storage.fields.pointee == rhs.storage.fields.pointee
    }

    public init(url: String) {
        storage = Storage(Fields(url: url))
    }

    /// The format and image header the first bytes show.
    public func analyzed() -> MediaAnalysis {
        // Read through the storage: the fields are not members `self.` can leave out.
        let fields = storage.fields
        if let analysis = fields.pointee.analysis { return analysis }
        let sniffed = MediaSniffer.sniff(fields.pointee.prefix)
        var image: ImageHeader.Outcome?
        if let sniffed, sniffed.kind == .image {
            let complete = fields.pointee.failure == nil && fields.pointee.bytes == fields.pointee.prefix.count
            image = ImageHeader.read(fields.pointee.prefix, format: sniffed, complete: complete)
        }
        return MediaAnalysis(sniffed: sniffed, image: image)
    }

    /// The first bytes a cached outcome keeps: enough for a helper's own header sniff
    /// (Airship's reads 16 at most), so a cached download is named as a fresh one.
    public static let keptPrefixBytes = 16

    /// The outcome with its analysis kept and its first bytes dropped but `keptPrefixBytes`:
    /// small enough to cache.
    public func compacted() -> DownloadOutcome {
        var compact = self
        compact.analysis = analyzed()
        compact.prefix = Array(self.prefix.prefix(Self.keptPrefixBytes))
        return compact
    }
}

/// The format of a body and, for images, what its header says.
public struct MediaAnalysis: Sendable, Equatable {
    public var sniffed: MediaFormat?
    public var image: ImageHeader.Outcome?
}
