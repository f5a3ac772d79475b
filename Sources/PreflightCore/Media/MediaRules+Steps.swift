/// The media rules as an ordered list of small named steps: each reads and adds to the
/// judgement, and says whether the next one runs. A step that stops ends the judgement with
/// the findings so far and no attachment.
extension MediaRules {
    /// What a step says: go on to the next one, or stop here.
    enum StepResult: Sendable, Equatable {
        case next
        case stop
    }

    /// One named step of `evaluate`.
    struct Step: Sendable {
        var name: String
        var run: @Sendable (inout MediaJudgement) -> StepResult
    }

    /// The steps, in the order they run.
    static let steps: [Step] = [
        Step(name: "redirects", run: redirects),
        Step(name: "trust", run: trust),
        Step(name: "failure", run: failure),
        Step(name: "http-status", run: httpStatus),
        Step(name: "size-cap", run: sizeCap),
        Step(name: "slow", run: slow),
        Step(name: "empty", run: empty),
        Step(name: "content-encoding", run: contentEncoding),
        Step(name: "container", run: container),
        Step(name: "type", run: type),
        Step(name: "size", run: size),
        Step(name: "image", run: image),
        Step(name: "device", run: device),
        Step(name: "required-keys", run: requiredKeys),
        Step(name: "untyped", run: untyped),
        Step(name: "attachment", run: attachment),
    ]

    /// Each redirect spends the extension's time (not said again when there were too many).
    static func redirects(_ judgement: inout MediaJudgement) -> StepResult {
        let download = judgement.download
        if download.redirects > 0, download.failure != .tooManyRedirects {
            judgement.findings.append(
                Finding(
                    .fetchRedirected, path: judgement.key,
                    message:
                        "the URL redirected \(download.redirects) time(s) to \(download.finalURL ?? "another URL"); each hop spends the extension's 30 s",
                    fix: "put the final URL in the payload"))
        }
        return .next
    }

    /// A download that failed gets its failure's finding (`finding(for:)`, one row per kind) and nothing else;
    /// one stopped for size is judged on, so the size step can say by how much.
    static func failure(_ judgement: inout MediaJudgement) -> StepResult {
        guard let failure = judgement.download.failure else { return .next }
        if case .tooLarge = failure { return .next }
        judgement.findings.append(finding(for: failure, key: judgement.key, download: judgement.download))
        return .stop
    }

    static func httpStatus(_ judgement: inout MediaJudgement) -> StepResult {
        guard let status = judgement.download.httpStatus, !(200...299).contains(status) else { return .next }
        judgement.findings.append(
            Finding(
                .fetchHTTPStatus, path: judgement.key,
                message: "the media URL answered HTTP \(status); the extension gets no media",
                fix: "make the URL answer 200 with the file (check its path, permissions and expiry)"))
        return .stop
    }

    static func slow(_ judgement: inout MediaJudgement) -> StepResult {
        let download = judgement.download
        if download.timing.total > Double(judgement.slowMs) {
            judgement.findings.append(
                Finding(
                    .fetchSlow, path: judgement.key,
                    message:
                        "the download took \(Int(exactly: download.timing.total.rounded(.down)) ?? 0) ms; the extension has about 30 s for everything",
                    fix: "serve the media from a CDN close to users, and make it smaller"))
        }
        return .next
    }

    static func empty(_ judgement: inout MediaJudgement) -> StepResult {
        guard judgement.download.bytes == 0 else { return .next }
        judgement.findings.append(
            Finding(
                .mediaEmpty, path: judgement.key, message: "the media URL answered with an empty body",
                fix: "make the URL serve the file's bytes"))
        return .stop
    }

    static func contentEncoding(_ judgement: inout MediaJudgement) -> StepResult {
        let download = judgement.download
        if let encoding = download.contentEncoding, !encoding.isEmpty, encoding.lowercased() != "identity" {
            // Judged on the decoded bytes, as the device gets them. A warning, not info: Apple
            // documents no list of codings URLSession decodes (dotnet/macios#24924 observes gzip,
            // deflate, br and zstd), and a download task's file may keep the encoded bytes.
            judgement.findings.append(
                Finding(
                    .fetchContentEncoding, path: judgement.key,
                    message:
                        "the server compressed the body (Content-Encoding: \(encoding)); URLSession decodes it, so its type and size were checked on the \(download.bytes) decoded bytes",
                    fix: "serve media files without Content-Encoding (images and video are compressed already)"))
        }
        return .next
    }

    /// Sniffs the first bytes; an MPEG-4 body is judged by the box walk and its tracks.
    static func container(_ judgement: inout MediaJudgement) -> StepResult {
        let download = judgement.download
        judgement.analysis = download.analyzed()
        judgement.sniffed = judgement.analysis.sniffed
        guard let format = judgement.sniffed, format == .mpeg4 || format == .mpeg4Audio, download.failure == nil
        else { return .next }
        let container = containerFindings(download.movie, format: format, key: judgement.key)
        judgement.findings += container.findings
        judgement.containerBroken = container.broken
        if let movie = container.movie {
            judgement.summary.movie = movie
            // Kind by track, not by brand: only sound is audio, any picture is video.
            if movie.hasVideo {
                judgement.sniffed = .mpeg4
            } else if movie.hasAudio {
                judgement.sniffed = .mpeg4Audio
            }
            judgement.findings += MovieRules.findings(movie, key: judgement.key, omitted: &judgement.omitted)
        }
        return .next
    }

    /// The type iOS attaches: the bytes' format, checked against what the server and the URL
    /// say, unless the extension decodes the image and writes a JPEG. Stops when it is no
    /// format iOS attaches.
    static func type(_ judgement: inout MediaJudgement) -> StepResult {
        judgement.summary.sniffed = judgement.sniffed
        let profile = judgement.profile
        if profile.decodesImages, let format = judgement.sniffed, AttachmentNaming.decodableImages.contains(format) {
            // Decoded and written again as JPEG by the extension: what iOS attaches is a JPEG,
            // whatever the origin's type or name said.
            judgement.sniffed = .jpeg
        } else {
            judgement.findings += typeFindings(
                judgement.download, sniffed: judgement.sniffed, reference: judgement.reference)
        }
        guard let format = judgement.sniffed, let kind = format.kind, format.uti != nil else { return .stop }
        let named = AttachmentNaming.name(
            profile, url: judgement.reference.url, download: judgement.download, root: judgement.root)
        let attachedKind = named.uti.flatMap(MediaFormat.forUTI)?.kind ?? kind
        let limits = judgement.limits
        judgement.attached = MediaJudgement.Attached(
            format: format, named: named, kind: attachedKind, limit: attachedKind.limit(limits),
            binaryLimit: attachedKind.binaryLimit(limits))
        return .next
    }

    /// Over the kind's limit, or in the band where decimal and binary megabytes disagree. A
    /// download stopped for size has always counted past the limit it was stopped at, which is
    /// this kind's (or the larger cap used before the kind was known): `bytes` alone decides.
    static func size(_ judgement: inout MediaJudgement) -> StepResult {
        guard let attached = judgement.attached else { return .stop }
        let bytes = judgement.download.bytes
        let (limit, binaryLimit) = (attached.limit, attached.binaryLimit)
        let what = attached.kind.rawValue
        if bytes > binaryLimit {
            judgement.findings.append(
                Finding(
                    .mediaTooLarge, path: judgement.key,
                    message:
                        "the \(what) is \(bytes) bytes, over the \(what) attachment limit (\(limit / 1_000_000) MB, \(binaryLimit) bytes even read as binary megabytes)",
                    fix:
                        "shrink the \(what) below \(limit / 1_000_000) MB, \(limit) bytes (recompress, resize or shorten it)"
                ))
        } else if bytes > limit {
            judgement.findings.append(
                Finding(
                    .mediaSizeNearLimit, path: judgement.key,
                    message:
                        "the \(what) is \(bytes) bytes: over \(limit / 1_000_000) MB in decimal megabytes (\(limit)), under it in binary ones (\(binaryLimit)); Apple does not say which it means",
                    fix: "shrink the \(what) below \(limit) bytes to be safe either way"))
        }
        return .next
    }

    /// The image header: its size in the summary, the memory decoding it takes, or why it is corrupt.
    static func image(_ judgement: inout MediaJudgement) -> StepResult {
        guard let attached = judgement.attached else { return .stop }
        switch judgement.analysis.image {
        case .header(let header)?:
            judgement.summary.image = header
            // Only an extension that decodes the image spends its own memory on the pixels.
            let memory = judgement.limits.nseMemoryBytes
            if judgement.profile.decodesImages, header.decodedBytes > memory {
                judgement.findings.append(
                    Finding(
                        .mediaImageMemory, path: judgement.key,
                        message:
                            "the image is \(header.width) x \(header.height): decoding it takes \(header.decodedBytes / 1_048_576) MB, over the extension's \(memory / 1_048_576) MB",
                        fix: "resize the image (1024 x 1024 is plenty for a notification)"))
            }
        case .corrupt(let reason)?:
            judgement.corrupt = true
            judgement.findings.append(
                Finding(
                    .mediaCorrupt, path: judgement.key,
                    message: "the file starts like a \(attached.format.name) but \(reason)",
                    fix: "re-export the image with a standard encoder"))
        case .unknown?, nil:
            break
        }
        return .next
    }

    static func device(_ judgement: inout MediaJudgement) -> StepResult {
        judgement.findings += deviceFindings(
            judgement.download, image: judgement.summary.image, profile: judgement.profile, key: judgement.key)
        return .next
    }

    /// The extension stops before it downloads (media.url.required-key-missing or
    /// media.url.required-value-mismatch says so).
    static func requiredKeys(_ judgement: inout MediaJudgement) -> StepResult {
        guard let root = judgement.root, judgement.profile.stopsBeforeDownload(in: root) else { return .next }
        return .stop
    }

    /// URL-named profiles were judged with the URL; the others only now, with the response.
    static func untyped(_ judgement: inout MediaJudgement) -> StepResult {
        guard let attached = judgement.attached else { return .stop }
        if !AttachmentNaming.isURLNamed(judgement.profile.naming) {
            judgement.findings += MediaURLRules.untyped(attached.named, judgement.profile, key: judgement.key)
        }
        judgement.findings += typeMismatch(attached, judgement.profile, reference: judgement.reference)
        judgement.findings += MediaURLRules.aifcBytes(attached, key: judgement.key)
        return .next
    }

    /// The attachment plan, when nothing so far keeps iOS from attaching the file.
    static func attachment(_ judgement: inout MediaJudgement) -> StepResult {
        let download = judgement.download
        guard let attached = judgement.attached, download.failure == nil, !judgement.corrupt,
            !judgement.containerBroken, download.bytes <= attached.binaryLimit, download.sha256 != nil,
            let attachedUTI = attached.named.uti,
            !judgement.findings.contains(where: { unplayableCodes.contains($0.code) })
        else { return .stop }
        judgement.attachment = AttachmentPlan(
            identifier: judgement.key, kind: attached.kind, uti: attachedUTI, fileName: attached.named.fileName,
            typeHint: attached.named.typeHint, bytes: download.bytes, limit: attached.limit)
        return .stop
    }
}
