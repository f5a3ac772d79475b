// libFuzzer target: arbitrary bytes as a downloaded body: sniffing, image headers, the ISO BMFF box
// walk and moov reader, and the media rules.
// Built by Fuzz/build.sh with PreflightCore's sources: swiftc -sanitize=fuzzer,address -parse-as-library.

private let configuration = PreflightConfiguration()
private let reference = MediaReference(key: "image", url: try! MediaURL.parse("https://cdn.example.com/a.jpg"))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMedia(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let format = MediaSniffer.sniff(bytes)
    for candidate in [MediaFormat.jpeg, .png, .gif] {
        for complete in [true, false] {
            if case .header(let header) = ImageHeader.read(bytes, format: candidate, complete: complete) {
                if header.width <= 0 || header.height <= 0 || header.frames <= 0 {
                    fatalError("impossible image header \(header)")
                }
                _ = header.decodedBytes
            }
        }
    }
    // The box walk: the same result whole and in 7-byte chunks, and its moov read and judged.
    var whole = BoxScanner(moovLimit: 1 << 16)
    whole.consume(bytes)
    var pieces = BoxScanner(moovLimit: 1 << 16)
    var at = 0
    while at < bytes.count {
        pieces.consume(Array(bytes[at..<min(bytes.count, at + 7)]))
        at += 7
    }
    let scan = whole.scan
    if scan != pieces.scan { fatalError("the box walk depends on the chunking") }
    if case .movie(let movie) = scan { _ = MovieRules.findings(movie, key: "image") }
    var download = DownloadOutcome(url: reference.url.text)
    download.movie = scan
    download.httpStatus = 200
    download.bytes = bytes.count
    download.prefix = bytes
    download.sha256 = String(repeating: "0", count: 64)
    download.contentType = format?.mimeType
    // The first bytes also serve as a Content-Disposition value and a URL, through every preset's naming.
    download.contentDisposition = String(decoding: bytes.prefix(96), as: UTF8.self)
    let text = "https://cdn.example.com/" + String(decoding: bytes.prefix(64), as: UTF8.self)
    let urls = [reference] + ((try? MediaURL.parse(text)).map { [MediaReference(key: "/image", url: $0)] } ?? [])
    // The payload declares a type (or a type hint) made of the first bytes, wherever a preset reads one.
    let declared = (try? JSONDocument.parse(payloadDeclaring(String(decoding: bytes.prefix(24), as: UTF8.self))))
    // Held to the end: a view does not hold its document.
    defer { withExtendedLifetime(declared) {} }
    for preset in ExtensionProfile.presetOrder {
        for media in urls {
            let judged = MediaRules.evaluate(
                download, reference: media, configuration: configuration, profile: preset, root: declared?.root)
            if judged.attachment != nil, format?.isSupported != true {
                fatalError("an attachment for unsupported bytes")
            }
        }
    }
    let compact = download.compacted()
    if compact.analyzed() != download.analyzed() { fatalError("compacting changed the analysis") }
    return 0
}

/// A payload holding `text` at every preset's type key (`/ct_mediaType`, `/ab/att/type`...).
private func payloadDeclaring(_ text: String) -> [UInt8] {
    var root = JSONValue.object([])
    for key in ExtensionProfile.presetOrder.compactMap(\.typeKey) {
        root = root.setting(key.tokens[...], to: .string(text))
    }
    var writer = JSONWriter()
    writer.value(root)
    return writer.bytes
}

extension JSONValue {
    /// The value with `tokens` set to `leaf`, making the objects on the way.
    fileprivate func setting(_ tokens: ArraySlice<String>, to leaf: JSONValue) -> JSONValue {
        guard let token = tokens.first else { return leaf }
        var members = self.members ?? []
        let child = members.first(where: { $0.key == token })?.value ?? .object([])
        members.removeAll { $0.key == token }
        members.append(JSONMember(key: token, value: child.setting(tokens.dropFirst(), to: leaf)))
        return .object(members)
    }
}
