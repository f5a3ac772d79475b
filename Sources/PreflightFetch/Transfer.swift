internal import CCrypto
internal import CCurl
internal import CPreflightShims
import Glibc
import PreflightCore

/// One download: a curl easy handle, the sink that counts, keeps and hashes the body, and the
/// egress check on every socket. Owned and touched only by the fetch loop's thread.
final class Transfer {
    let handle: UnsafeMutableRawPointer
    let completion: @Sendable (DownloadOutcome) -> Void
    private(set) var outcome: DownloadOutcome
    private let policy: EgressPolicy
    private let body: BodyPolicy
    private let transport: TransportPolicy
    /// What the handle offers (from the transport policy, for the first URL); nil: curl's defaults.
    let offer: TLSOffer?
    /// Why the transport policy refused a hop (App Transport Security); the download stops there.
    private var atsViolation: String?
    /// Responses started so far (more than one: redirects were followed).
    private var hops = 0
    let hasher: StreamHasher
    private var limit: Int
    private var limitSettled = false
    private var refusal: EgressPolicy.Refusal?
    /// The redirect's host whose lookup was refused: the redirect lookup slots were all taken.
    private var lookupRefused: String?
    private var stoppedForSize = false
    /// A transfer coding other than chunked, which stopped the download (libcurl would decode
    /// `Transfer-Encoding: gzip` without a limit of its own: a 260 KB body became 52 MB).
    private var refusedTransferCoding: String?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var resolveList: UnsafeMutablePointer<curl_slist>?
    private var connectToList: UnsafeMutablePointer<curl_slist>?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let lookups: NameLookups
    /// `HOST:PORT` curl needs no resolver thread for: the pins and the looked-up first hop.
    private let known: Set<String>
    /// Whether this transfer holds one of `lookups`' redirect slots: curl's resolver thread runs.
    private var holdsRedirectLookup = false
    /// C strings handed to curl; curl copies them, but they are kept until cleanup anyway.
    private var strings: [UnsafeMutablePointer<CChar>] = []
    /// The first option curl refused, as "CURLOPT_NAME: reason"; the job fails with it (and the
    /// fetcher refuses to start when its start-up check sees one: an older libcurl that does not
    /// know `CURLOPT_PROTOCOLS_STR` would otherwise download with no protocol allow-list).
    private(set) var setupFailure: String?

    init?(
        url: String, settings: PreflightConfiguration.Fetch, policy: EgressPolicy, body: BodyPolicy,
        transport: TransportPolicy, moovBudget: MoovBudget? = nil, lookups: NameLookups, connectTo: String?,
        accept: String? = nil, completion: @escaping @Sendable (DownloadOutcome) -> Void
    ) {
        guard let handle = curl_easy_init() else { return nil }
        self.lookups = lookups
        var known = Set(settings.resolve.compactMap(LookupTarget.pinned))
        if let connectTo, let name = LookupTarget.pinned(connectTo) { known.insert(name) }
        self.known = known
        self.handle = handle
        self.completion = completion
        self.outcome = DownloadOutcome(url: url)
        self.policy = policy
        self.body = body
        self.transport = transport
        self.offer = transport.offer(url)
        self.limit = body.initialLimit
        self.hasher = StreamHasher(scanner: body.scanner, moovBudget: moovBudget)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        configure(url: url, fetch: settings)
        if let offer { configure(offer) }
        if let connectTo {
            connectToList = curl_slist_append(nil, connectTo)
            if let connectToList { setPointer(CURLOPT_CONNECT_TO, connectToList) }
        }
        if let accept {
            // The profile's Accept header (the configuration refuses CR, LF and other controls
            // in it), so that a content-negotiating origin answers what it answers the phone.
            headerList = curl_slist_append(nil, "Accept: \(accept)")
            if let headerList {
                setPointer(CURLOPT_HTTPHEADER, headerList)
            } else {
                check(CURLE_OUT_OF_MEMORY, CURLOPT_HTTPHEADER)
            }
        }
    }

    deinit {
        // Stopped at shutdown during a redirect's lookup: curl leaves that thread running.
        if holdsRedirectLookup { lookups.abandonRedirect() }
        curl_easy_cleanup(handle)
        curl_slist_free_all(resolveList)
        curl_slist_free_all(connectToList)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
        for string in strings { free(string) }
    }

    // MARK: - Options

    private func configure(url: String, fetch: PreflightConfiguration.Fetch) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        setString(CURLOPT_URL, url)
        setLong(CURLOPT_NOSIGNAL, 1)
        // When a transfer ends while its name lookup still runs (a resolver that never answers),
        // libcurl 7.88 joins the resolver thread inside curl_multi_perform/remove_handle, and the
        // fetch thread, with every other download, waits for getaddrinfo's own timeout (~10 s).
        // QUICK_EXIT makes it detach the thread instead (https://curl.se/libcurl/c/CURLOPT_QUICK_EXIT.html,
        // lib/asyn-thread.c Curl_resolver_kill); the thread ends on its own when getaddrinfo returns.
        setLong(CURLOPT_QUICK_EXIT, 1)
        setLong(CURLOPT_FOLLOWLOCATION, 1)
        setLong(CURLOPT_MAXREDIRS, fetch.maxRedirects)
        setString(CURLOPT_PROTOCOLS_STR, "http,https")
        setString(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        setString(CURLOPT_PROXY, "")  // never a proxy from the environment
        setLong(CURLOPT_DISALLOW_USERNAME_IN_URL, 1)
        setLong(CURLOPT_TIMEOUT_MS, fetch.timeoutMs)
        setLong(CURLOPT_CONNECTTIMEOUT_MS, fetch.connectTimeoutMs)
        if fetch.lowSpeedBytesPerSecond > 0 {
            setLong(CURLOPT_LOW_SPEED_LIMIT, fetch.lowSpeedBytesPerSecond)
            setLong(CURLOPT_LOW_SPEED_TIME, fetch.lowSpeedSeconds)
        }
        setLong(CURLOPT_BUFFERSIZE, 128 * 1024)
        setString(CURLOPT_USERAGENT, "Preflight/\(FetchVersion.string) (rich push media probe)")
        // The device's URLSession asks for compressed bodies and decodes them itself (Apple
        // documents no list; dotnet/macios#24924 observes gzip, deflate, br and zstd), so the
        // decoded bytes are what is judged. "" asks for every coding this libcurl decodes. The
        // size cap counts decoded bytes in the write callback, so a decompression bomb stops at
        // the attachment limit like any other large body.
        setString(CURLOPT_ACCEPT_ENCODING, "")
        if let caFile = fetch.caFile { setString(CURLOPT_CAINFO, caFile) }
        for entry in fetch.resolve { resolveList = curl_slist_append(resolveList, entry) }
        if let resolveList { setPointer(CURLOPT_RESOLVE, resolveList) }
        setPointer(CURLOPT_ERRORBUFFER, errorBuffer)
        check(CPreflightShims_curl_easy_setopt_write(handle, bodyCallback), CURLOPT_WRITEFUNCTION)
        setPointer(CURLOPT_WRITEDATA, context)
        check(CPreflightShims_curl_easy_setopt_header(handle, headerCallback), CURLOPT_HEADERFUNCTION)
        setPointer(CURLOPT_HEADERDATA, context)
        check(CPreflightShims_curl_easy_setopt_opensocket(handle, openSocketCallback), CURLOPT_OPENSOCKETFUNCTION)
        setPointer(CURLOPT_OPENSOCKETDATA, context)
        check(
            CPreflightShims_curl_easy_setopt_resolver_start(handle, resolverStartCallback),
            CURLOPT_RESOLVER_START_FUNCTION)
        setPointer(CURLOPT_RESOLVER_START_DATA, context)
        check(CPreflightShims_curl_easy_setopt_ssl_ctx(handle, lowerSecurityLevel), CURLOPT_SSL_CTX_FUNCTION)
    }

    /// Records the first option curl refused, named as libcurl names it (`curl_easy_option_by_id`).
    private func check(_ code: CURLcode, _ option: CURLoption) {
        guard code != CURLE_OK, setupFailure == nil else { return }
        let name = curl_easy_option_by_id(option).map { "CURLOPT_" + String(cString: $0.pointee.name) }
        setupFailure = "\(name ?? "option \(option.rawValue)"): \(String(cString: curl_easy_strerror(code)))"
    }

    func setLong(_ option: CURLoption, _ value: Int) {
        check(CPreflightShims_curl_easy_setopt_long(handle, option, value), option)
    }

    private func setPointer(_ option: CURLoption, _ value: UnsafeRawPointer) {
        check(CPreflightShims_curl_easy_setopt_ptr(handle, option, value), option)
    }

    func setString(_ option: CURLoption, _ value: String) {
        guard let copy = strdup(value) else {
            check(CURLE_OUT_OF_MEMORY, option)
            return
        }
        strings.append(copy)
        setPointer(option, copy)
    }

    // MARK: - Callbacks' work

    /// A piece of the body: count, keep the start, hash, stop past the limit.
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if outcome.prefix.count < body.keepBytes {
            outcome.prefix.append(contentsOf: bytes.prefix(body.keepBytes - outcome.prefix.count))
        }
        if !limitSettled, outcome.prefix.count >= min(body.decideAfter, body.keepBytes) {
            limitSettled = true
            if let kindLimit = body.limitForPrefix(outcome.prefix) { limit = kindLimit }
        }
        outcome.bytes += bytes.count
        if outcome.bytes > limit {
            stoppedForSize = true
            return false
        }
        hasher.update(bytes)
        return true
    }

    /// A response header line; a status line starts a new response (after a redirect).
    /// False stops the download (a transfer coding other than chunked).
    fileprivate func header(_ line: String) -> Bool {
        if line.hasPrefix("HTTP/") {
            outcome.contentEncoding = nil
            outcome.contentDisposition = nil
            outcome.contentLength = nil
            outcome.maxAge = nil
            outcome.noStore = false
            return hopAllowed()
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = line[..<colon].lowercased()
        let value = trim(line[line.index(after: colon)...])
        switch name {
        case "transfer-encoding":
            let codings = value.lowercased().split(separator: ",").map { trim($0) }.filter { !$0.isEmpty }
            if codings.contains(where: { $0 != "chunked" }) {
                refusedTransferCoding = value
                return false
            }
        case "content-encoding": outcome.contentEncoding = value
        case "content-disposition": outcome.contentDisposition = value
        case "content-length": outcome.contentLength = Int(value)
        case "cache-control":
            for directive in value.lowercased().split(separator: ",") {
                let part = trim(directive)
                if part == "no-store" || part == "no-cache" || part == "private" { outcome.noStore = true }
                if part.hasPrefix("max-age="), let seconds = Int(part.dropFirst(8)) { outcome.maxAge = seconds }
            }
        default: break
        }
        return true
    }

    /// The hop whose response starts, as the transport policy judges it: its URL and, on TLS,
    /// what was negotiated and presented (kept in the outcome). False stops the download.
    private func hopAllowed() -> Bool {
        hops += 1
        guard let url = stringInfo(CURLINFO_EFFECTIVE_URL) else { return true }
        var hop = TransportFacts(url: url, isRedirect: hops > 1)
        if !hop.isPlainHTTP {
            hop.tls = tlsFacts()
            if let tls = hop.tls { outcome.tls = tls }
            if let chain = presentedCertificates() {
                outcome.chains.append(PresentedChain(url: url, certificates: chain))
            }
        }
        let verdict = transport.judge(hop)
        outcome.ats.append(HopATS(url: url, applied: verdict.applied))
        guard let reason = verdict.refusal else { return true }
        atsViolation = reason
        return false
    }

    /// This connection's OpenSSL `SSL *` (`CURLINFO_TLS_SSL_PTR`); nil when the session is not OpenSSL's.
    func openSSLSession() -> OpaquePointer? {
        var pointer: UnsafeMutableRawPointer?
        guard CPreflightShims_curl_easy_getinfo_ptr(handle, CURLINFO_TLS_SSL_PTR, &pointer) == CURLE_OK,
            let info = pointer?.assumingMemoryBound(to: curl_tlssessioninfo.self).pointee,
            info.backend == CURLSSLBACKEND_OPENSSL, let internals = info.internals
        else { return nil }
        return OpaquePointer(internals)
    }

    /// What OpenSSL negotiated on this connection.
    private func tlsFacts() -> TLSFacts? {
        guard let ssl = openSSLSession(), let version = SSL_get_version(ssl), let cipher = SSL_get_current_cipher(ssl),
            let cipherName = SSL_CIPHER_get_name(cipher)
        else { return nil }
        let exchange: String =
            switch SSL_CIPHER_get_kx_nid(cipher) {
            case NID_kx_ecdhe: "ECDHE"
            case NID_kx_dhe: "DHE"
            case NID_kx_rsa: "RSA"
            case NID_kx_any: "any"
            default: "other"
            }
        var facts = TLSFacts(
            version: String(cString: version), cipher: String(cString: cipherName), keyExchange: exchange)
        if let certificate = SSL_get1_peer_certificate(ssl) {
            defer { X509_free(certificate) }
            if let key = X509_get0_pubkey(certificate) {
                switch EVP_PKEY_get_base_id(key) {
                case EVP_PKEY_RSA: facts.certificateKeyType = "RSA"
                case EVP_PKEY_EC: facts.certificateKeyType = "EC"
                case EVP_PKEY_ED25519: facts.certificateKeyType = "Ed25519"
                default: facts.certificateKeyType = "other"
                }
                let bits = EVP_PKEY_get_bits(key)
                facts.certificateKeyBits = bits > 0 ? Int(bits) : nil
            }
            let signature = X509_get_signature_nid(certificate)
            if signature != NID_undef, let name = OBJ_nid2ln(signature) { facts.signature = String(cString: name) }
            if signature == NID_rsassaPss {
                // RSA-PSS names no hash: it is in the algorithm's parameters (RFC 4055 section 3.1),
                // which OpenSSL reads for X509_get_signature_info.
                var digest: Int32 = NID_undef
                var key: Int32 = NID_undef
                var bits: Int32 = 0
                var flags: UInt32 = 0
                if X509_get_signature_info(certificate, &digest, &key, &bits, &flags) == 1, digest != NID_undef,
                    let hash = OBJ_nid2ln(digest)
                {
                    facts.signature = "rsassaPss with \(String(cString: hash))"
                } else {
                    facts.signature = "rsassaPss with unreadable parameters"
                }
            }
        }
        return facts
    }

    /// curl is about to resolve the current hop's name. A name without a known address (a
    /// redirect to another host) starts a resolver thread of curl's own: it takes one of the
    /// bounded redirect slots, or the lookup is refused (`media.fetch.dns`).
    fileprivate func resolverStarts() -> Bool {
        guard let url = stringInfo(CURLINFO_EFFECTIVE_URL), let target = LookupTarget(url: url),
            !target.isAddress, !known.contains(target.key)
        else { return true }
        if holdsRedirectLookup { return true }
        guard lookups.holdForRedirect() else {
            lookupRefused = target.host
            return false
        }
        holdsRedirectLookup = true
        return true
    }

    /// The egress gate: every address curl is about to connect to.
    fileprivate func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        if holdsRedirectLookup {
            // An address came: the lookup's thread is done.
            holdsRedirectLookup = false
            lookups.releaseRedirect()
        }
        let family = address.pointee.family
        let offset = MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr) ?? 16
        let raw = UnsafeRawPointer(address).advanced(by: offset)
        guard let (ip, port) = IPAddress.from(sockaddr: raw) else {
            refusal = EgressPolicy.Refusal(address: "an address of family \(family)", rule: "not IPv4 or IPv6")
            return CURL_SOCKET_BAD
        }
        if let denied = policy.check(ip, port: port) {
            refusal = denied
            return CURL_SOCKET_BAD
        }
        let descriptor = socket(family, address.pointee.socktype, address.pointee.protocol)
        return descriptor < 0 ? CURL_SOCKET_BAD : descriptor
    }

    // MARK: - Result

    /// Fills the outcome from curl's result and counters; the digest is added by the hasher
    /// (`hasher.finish`), off the fetch thread.
    func finish(_ code: CURLcode) -> DownloadOutcome {
        var status = 0
        if CPreflightShims_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK, status > 0 {
            outcome.httpStatus = status
        }
        var redirects = 0
        CPreflightShims_curl_easy_getinfo_long(handle, CURLINFO_REDIRECT_COUNT, &redirects)
        outcome.redirects = redirects
        outcome.finalURL = stringInfo(CURLINFO_EFFECTIVE_URL)
        outcome.contentType = stringInfo(CURLINFO_CONTENT_TYPE)
        outcome.primaryIP = stringInfo(CURLINFO_PRIMARY_IP).flatMap { $0.isEmpty ? nil : $0 }
        outcome.timing = DownloadOutcome.Timing(
            dns: milliseconds(CURLINFO_NAMELOOKUP_TIME_T), connect: milliseconds(CURLINFO_CONNECT_TIME_T),
            tls: milliseconds(CURLINFO_APPCONNECT_TIME_T), firstByte: milliseconds(CURLINFO_STARTTRANSFER_TIME_T),
            total: milliseconds(CURLINFO_TOTAL_TIME_T))
        outcome.failure = failure(for: code)
        if holdsRedirectLookup {
            holdsRedirectLookup = false
            // "Could not resolve": getaddrinfo answered, its thread ended. Anything else ended
            // the download during the lookup, and curl left the thread running.
            if code == CURLE_COULDNT_RESOLVE_HOST { lookups.releaseRedirect() } else { lookups.abandonRedirect() }
        }
        return outcome
    }

    private func failure(for code: CURLcode) -> DownloadOutcome.Failure? {
        if code == CURLE_OK { return nil }
        if let refusal { return .blocked(address: refusal.address, rule: refusal.rule) }
        if let lookupRefused {
            return .dns("a redirect leads to \(lookupRefused), and fetch.max_lookups lookups for redirects already run")
        }
        if let atsViolation { return .ats(atsViolation) }
        if stoppedForSize { return .tooLarge(limit: limit) }
        if let coding = refusedTransferCoding {
            return .other(
                "the origin sent Transfer-Encoding: \(coding); only chunked is read (URLSession is not documented to decode other transfer codings)"
            )
        }
        let detail = errorDetail(code)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .dns(detail)
        case CURLE_COULDNT_CONNECT: return .connect(detail)
        case CURLE_OPERATION_TIMEDOUT:
            // curl says "Resolving timed out after N milliseconds" when the name lookup was what ran out.
            return detail.hasPrefix("Resolving timed out") ? .dns(detail) : .timeout(detail)
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER:
            if let refusal = atsHandshakeRefusal(detail) {
                // No response started, so no hop was judged: the offer's rules are what applied.
                if let offer, let url = outcome.finalURL, outcome.ats.last?.url != url {
                    outcome.ats.append(HopATS(url: url, applied: offer.applied))
                }
                return .ats(refusal)
            }
            return .tls(detail)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_USE_SSL_FAILED:
            return .tls(detail)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2_STREAM, CURLE_HTTP2:
            return .truncated(detail)
        case CURLE_UNSUPPORTED_PROTOCOL where detail.hasPrefix("Protocol "):
            // "Protocol "ftp" not supported or disabled in libcurl": a redirect to another scheme.
            return .refused(detail)
        case CURLE_LOGIN_DENIED:
            return .refused(detail)
        default:
            // Including another CURLE_UNSUPPORTED_PROTOCOL (a garbage answer: "Unsupported HTTP
            // version in response"), CURLE_URL_MALFORMAT (a bad Location) and CURLE_WEIRD_SERVER_REPLY:
            // the download failed; nothing was refused by policy.
            return .other(detail)
        }
    }

    private func errorDetail(_ code: CURLcode) -> String {
        let buffer = String(cString: errorBuffer)
        return buffer.isEmpty ? String(cString: curl_easy_strerror(code)) : buffer
    }

    private func stringInfo(_ info: CURLINFO) -> String? {
        var pointer: UnsafePointer<CChar>?
        guard CPreflightShims_curl_easy_getinfo_string(handle, info, &pointer) == CURLE_OK, let pointer else {
            return nil
        }
        return String(cString: pointer)
    }

    private func milliseconds(_ info: CURLINFO) -> Double {
        var microseconds: curl_off_t = 0
        CPreflightShims_curl_easy_getinfo_off_t(handle, info, &microseconds)
        return Double(microseconds) / 1000
    }
}

// MARK: - C callbacks (non-isolated: curl calls them on the fetch loop's thread)

private let bodyCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning fewer bytes than given makes curl stop with CURLE_WRITE_ERROR.
    return transfer.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let headerCallback: curl_write_callback = { data, size, count, context in
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    // Returning fewer bytes than given makes curl stop with CURLE_WRITE_ERROR.
    return transfer.header(line) ? length : 0
}

private let resolverStartCallback: curl_resolver_start_callback = { _, _, context in
    guard let context else { return 1 }
    // Non-zero makes curl fail the lookup (CURLE_COULDNT_RESOLVE_HOST).
    return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().resolverStarts() ? 0 : 1
}

private let openSocketCallback: curl_opensocket_callback = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().openSocket(address)
}

/// `text` without surrounding spaces, tabs and line ends.
private func trim(_ text: Substring) -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" || character.isNewline }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
}

/// The version the User-Agent names.
enum FetchVersion {
    static let string = PreflightVersion.release
}
