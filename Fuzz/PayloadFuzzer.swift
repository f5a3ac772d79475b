// libFuzzer target: arbitrary bytes through the whole payload engine (parse, rules, report).
// Built by Fuzz/build.sh with PreflightCore's sources: swiftc -sanitize=fuzzer,address -parse-as-library.

private let inspector = PayloadInspector(configuration: PreflightConfiguration())
private let headerSets = [
    APNsHeaders(), APNsHeaders(pushType: "alert", priority: "10"), APNsHeaders(pushType: "voip", collapseID: "c"),
    APNsHeaders(pushType: "bogus", priority: "x", topic: "", expiration: "-1"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let headers = headerSets[size % headerSets.count]
    // Detected (nil) or each named envelope format in turn.
    let formats: [EnvelopeFormat?] = [nil] + EnvelopeFormat.allCases
    let format = formats[(size / headerSets.count) % formats.count]
    // And each preset's extension in turn (nil: the default or the envelope's own).
    let profiles: [ExtensionProfile?] = [nil] + ExtensionProfile.presetOrder
    let profile = profiles[(size / 7) % profiles.count]
    let inspection = inspector.inspect(body: bytes, headers: headers, profile: profile, format: format)
    let report = inspection.report
    // The document the rules read in place must say what the tree of the same bytes says.
    if let document = try? JSONDocument.parse(bytes) {
        // Held to the end of the block: a view does not hold its document.
        defer { withExtendedLifetime(document) {} }
        agree(document.root, document.root.value)
        var fromView = JSONWriter()
        fromView.value(document.root)
        var fromTree = JSONWriter()
        fromTree.value(document.root.value)
        if fromView.bytes != fromTree.bytes { fatalError("document and tree written differently") }
    }
    // The report must always be JSON our own parser reads back.
    guard (try? JSONParser.parse(report.jsonBytes)) != nil else { fatalError("report is not valid JSON") }
    if let envelope = inspection.envelope {
        // A derived payload is always a JSON object, and its size is the one judged.
        guard envelope.usable else { return 0 }
        guard let reread = try? JSONParser.parse(envelope.payload).value, reread.members != nil else {
            fatalError("derived payload is not a JSON object")
        }
        // The rules read the document of the bytes: a usable envelope has one, and it must hold what the bytes say.
        guard let document = envelope.document else { fatalError("usable envelope without its document") }
        if reread != document.root.value { fatalError("derived document and bytes differ") }
        if inspection.summary.bytes != envelope.payload.count { fatalError("derived size not judged") }
    } else if bytes.count <= 4096, report.findings.contains(where: { $0.code == .payloadTooLarge }),
        headers.pushType != "voip"
    {
        fatalError("payload.too-large for \(bytes.count) bytes")
    }
    if let media = inspection.media { _ = MediaURLRules.extensionFindings(media) }
    // A batch item's payload object is judged from the batch's tree, not parsed again: it must be
    // what parsing the item's bytes gives, repeated keys included.
    if let batch = try? BatchRequest.parse(bytes) {
        for item in batch.items {
            guard let parsed = item.parsed else { continue }
            guard let reparsed = try? JSONDocument.parse(item.payload) else {
                fatalError("batch item bytes unreadable")
            }
            let named = Report.findingsPerCode
            if parsed.root.value != reparsed.root.value || parsed.duplicateKeyCount != reparsed.duplicateKeyCount
                || parsed.duplicateKeyPaths(limit: named) != reparsed.duplicateKeyPaths(limit: named)
            {
                fatalError("batch item tree and bytes differ")
            }
        }
    }
    return 0
}

/// Fails when the view and the tree disagree on a value, its text, or a key looked up by name.
private func agree(_ view: JSONView, _ value: JSONValue) {
    if view.string != value.string || view.integer != value.integer || view.typeName != value.typeName {
        fatalError("document and tree differ")
    }
    if let text = value.string, !view.isString(text) { fatalError("string comparison differs") }
    switch value {
    case .object(let members):
        guard let viewMembers = view.members, viewMembers.count == members.count else { fatalError("members differ") }
        for (index, (member, viewMember)) in zip(members, viewMembers).enumerated() {
            if member.key != viewMember.key { fatalError("keys differ") }
            // A lookup by name walks the members: checked for the first ones only, so that a
            // 64 KiB object of tiny members costs the check n * 16 steps, not n * n.
            if index < 16, view[member.key]?.value != value[member.key] { fatalError("lookups differ") }
            agree(viewMember.value, member.value)
        }
    case .array(let elements):
        guard let viewElements = view.elements, viewElements.count == elements.count else {
            fatalError("elements differ")
        }
        for (element, viewElement) in zip(elements, viewElements) { agree(viewElement, element) }
    default:
        break
    }
}
