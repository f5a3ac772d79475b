// libFuzzer target: the fuzzer's bytes drive a builder of well-nested ISO BMFF files (ftyp, moov/mvhd,
// trak/mdia/mdhd+hdlr, minf/stbl/stsd with sound entries of versions 0, 1 and 2 and visual entries
// with avcC/hvcC/esds children), so every input reaches the moov reader and the rules, which a byte
// mutator rarely does. Field values come from the input: NaN and infinite float64 rates, sizes at
// their limits, up to 300 tracks. Built by Fuzz/build.sh like the other targets.

private let configuration = PreflightConfiguration()
private let reference = MediaReference(key: "image", url: try! MediaURL.parse("https://cdn.example.com/a.mp4"))

/// The fuzzer's bytes read front to back; zeros once they run out.
private struct Source {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    mutating func byte() -> UInt8 {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func int(_ count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { value, _ in value << 8 | UInt64(byte()) }
    }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
    mutating func chance(_ outOf: UInt8) -> Bool { byte() % outOf == 0 }
    mutating func raw(_ count: Int) -> [UInt8] { (0..<count).map { _ in byte() } }
}

private func be(_ value: UInt64, _ count: Int) -> [UInt8] {
    (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
}

/// A box; now and then its size lies (too small, too large, 0 or a 64-bit size).
private func box(_ type: String, _ body: [UInt8], _ source: inout Source) -> [UInt8] {
    let size = UInt64(body.count + 8)
    switch source.byte() % 32 {
    case 0: return be(size &+ UInt64(source.byte()), 4) + Array(type.utf8) + body
    case 1: return be(size &- UInt64(source.byte() % 9), 4) + Array(type.utf8) + body
    case 2: return be(0, 4) + Array(type.utf8) + body
    case 3: return be(1, 4) + Array(type.utf8) + be(size + 8, 8) + body
    case 4: return be(1, 4) + Array(type.utf8) + be(source.int(8), 8) + body
    default: return be(size, 4) + Array(type.utf8) + body
    }
}

private let rates: [UInt64] = [
    Double.nan.bitPattern, 0x7FF0_0000_0000_0001, Double.infinity.bitPattern, (-Double.infinity).bitPattern,
    (1e300).bitPattern, (-1.0).bitPattern, 0, (44_100.0).bitPattern, (768_000.0).bitPattern, UInt64.max,
]

private func timed(_ type: String, _ source: inout Source) -> [UInt8] {
    let version = source.byte() % 3
    var body: [UInt8] = [version, 0, 0, 0]
    body += version == 1 ? source.raw(16) + be(source.int(4), 4) + be(source.int(8), 8) : source.raw(8) + source.raw(8)
    body += source.raw(Int(source.byte() % 100))
    return box(type, body, &source)
}

private func esds(_ source: inout Source) -> [UInt8] {
    var specific = [UInt8(0x05), source.byte() % 8] + source.raw(8)
    if source.chance(4) { specific = [0x05, 0x80, 0x80, 0x80, source.byte()] + source.raw(32) }
    let config =
        [UInt8(0x04), UInt8(13 + specific.count)] + [source.pick([0x40, 0x6B, 0xDD, 0xAD, source.byte()])]
        + source.raw(12) + specific
    let es =
        [UInt8(0x03), UInt8(truncatingIfNeeded: 3 + config.count)] + source.raw(2) + [source.byte() & 0xE0]
        + config
    return box("esds", [0, 0, 0, 0] + es, &source)
}

private func soundEntry(_ source: inout Source) -> [UInt8] {
    let fourcc = source.pick(["mp4a", "Opus", "fLaC", "lpcm", "alac", "ac-3", "ec-3", ".mp3", "sowt", "xxxx"])
    let version = source.byte() % 4
    var body = [UInt8](repeating: 0, count: 28)
    body[7] = 1
    body[9] = version
    body[16..<18] = be(source.int(2), 2)[...]
    body[24..<28] = be(source.int(4), 4)[...]
    if version == 1 { body += source.raw(16) }
    if version == 2 {
        body += [UInt8](repeating: 0, count: 36)
        body[32..<40] = be(source.chance(2) ? source.pick(rates) : source.int(8), 8)[...]
        body[40..<44] = be(source.int(4), 4)[...]
    }
    if source.chance(2) { body += esds(&source) }
    return box(fourcc, body, &source)
}

private func avcC(_ source: inout Source) -> [UInt8] {
    let profile = source.pick([66, 77, 100, 110, 122, 244, 44, 88, source.byte()])
    let sps = [UInt8(0x67), profile] + source.raw(Int(source.byte() % 24))
    var length = UInt64(sps.count)
    if source.chance(8) { length = source.int(2) }
    return box(
        "avcC", [1, profile, source.byte(), source.byte(), 0xFF, 0xE0 | (source.byte() & 0x1F)] + be(length, 2) + sps,
        &source)
}

private func visualEntry(_ source: inout Source) -> [UInt8] {
    let fourcc = source.pick(["avc1", "hvc1", "hev1", "vp09", "av01", "mp4v", "apch", "mjpa", "yyyy"])
    var body = [UInt8](repeating: 0, count: 78)
    body[7] = 1
    body[24..<28] = be(source.int(4), 4)[...]
    for _ in 0..<Int(source.byte() % 3) {
        switch source.byte() % 3 {
        case 0: body += avcC(&source)
        case 1: body += box("hvcC", source.raw(Int(source.byte() % 40)), &source)
        default: body += esds(&source)
        }
    }
    return box(fourcc, body, &source)
}

private func trak(_ source: inout Source) -> [UInt8] {
    let handler = source.pick(["soun", "vide", "text", "meta", "zzzz"])
    let hdlr = box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array(handler.utf8) + source.raw(12), &source)
    var entries: [UInt8] = []
    let count = Int(source.byte() % 3)
    for _ in 0..<count {
        entries += (handler == "vide") != source.chance(8) ? visualEntry(&source) : soundEntry(&source)
    }
    let stsd = box("stsd", [0, 0, 0, 0] + be(UInt64(count), 4) + entries, &source)
    let stbl = box("stbl", stsd, &source)
    let minf = box("minf", source.chance(4) ? stbl + stbl : stbl, &source)
    var mdia = timed("mdhd", &source) + hdlr + minf
    if source.chance(6) { mdia = hdlr + minf + timed("mdhd", &source) }
    return box("trak", box("mdia", mdia, &source), &source)
}

private func file(_ source: inout Source) -> [UInt8] {
    let brand = source.pick(["isom", "M4A ", "mp42", "qt  ", "heic"])
    var out = box("ftyp", Array(brand.utf8) + source.raw(4), &source)
    var moov = timed("mvhd", &source)
    let shapes = Int(source.byte() % 5) + 1
    var traks: [[UInt8]] = []
    for _ in 0..<shapes { traks.append(trak(&source)) }
    // Many tracks cost few input bytes: the shapes, repeated.
    let count = source.chance(4) ? Int(source.int(2) % 300) : shapes
    for index in 0..<count { moov += traks[index % traks.count] }
    let moovBox = box("moov", moov, &source)
    let mdat = box("mdat", source.raw(Int(source.byte() % 64)), &source)
    out += source.chance(2) ? moovBox + mdat : mdat + moovBox
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMp4(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var source = Source(bytes: UnsafeBufferPointer(start: data, count: size))
    let bytes = file(&source)
    // The box walk: the same result whole and in chunks of a size the input picks; a budget that refuses.
    var whole = BoxScanner(moovLimit: 1 << 20)
    whole.consume(bytes)
    let chunk = Int(source.byte() % 31) + 1
    var pieces = BoxScanner(moovLimit: 1 << 20)
    var at = 0
    while at < bytes.count {
        pieces.consume(Array(bytes[at..<min(bytes.count, at + chunk)]))
        at += chunk
    }
    let scan = whole.scan
    if scan != pieces.scan { fatalError("the box walk depends on the chunking") }
    var refused = BoxScanner(moovLimit: 1 << 20, admit: { _ in false })
    refused.consume(bytes)
    if case .moov = refused.result { fatalError("a refused moov was kept") }
    if case .movie(let movie) = scan {
        if movie.tracks.count > MovieInfo.trackLimit { fatalError("more tracks than the limit") }
        var omitted: [FindingCode: Int] = [:]
        let findings = MovieRules.findings(movie, key: "image", omitted: &omitted)
        for code in Set(findings.map(\.code)) where findings.filter({ $0.code == code }).count > Report.findingsPerCode
        {
            fatalError("\(code) made past the cap")
        }
        for track in movie.tracks {
            if let rate = track.sampleRate, !(1...768_000).contains(rate) { fatalError("rate \(rate) kept") }
        }
    }
    var download = DownloadOutcome(url: reference.url.text)
    download.movie = scan
    download.httpStatus = 200
    download.bytes = bytes.count
    download.prefix = Array(bytes.prefix(65_536))
    download.sha256 = String(repeating: "0", count: 64)
    download.contentType = "video/mp4"
    for preset in ExtensionProfile.presets.values {
        let judged = MediaRules.evaluate(download, reference: reference, configuration: configuration, profile: preset)
        var report = Report(findings: [], payload: PayloadSummary(bytes: 0, limit: 4096, pushType: "alert"))
        report.append(contentsOf: judged.findings, omitted: judged.omitted)
        report.media = judged.summary
        report.attachment = judged.attachment
        _ = report.jsonBytes
    }
    return 0
}
