// MARK: - A profile as `GET /v1/profiles` lists it

extension ExtensionProfile {
    /// Writes the profile as one JSON object: every field of the struct under its configuration
    /// key (`media_keys`, `required_keys`, `naming`, `type_key`, `download`, `attachments`,
    /// `accept`, `ats`, `device`), then `source` (absent for a profile the configuration defines),
    /// then what the running configuration says of it (`default`, the `apps` mapped to it) and
    /// its `url`.
    ///
    /// ```swift
    /// var writer = JSONWriter()
    /// ExtensionProfile.clevertap.writeJSON(to: &writer, isDefault: false, apps: [])
    /// ```
    public func writeJSON(to writer: inout JSONWriter, isDefault: Bool, apps: [String]) {
        writer.object { object in
            object.field("name", name)
            object.key("media_keys")
            object.array { list in for key in mediaKeys { list.value(key.text) } }
            object.key("required_keys")
            object.array { list in for key in requiredKeys { list.value(key.text) } }
            object.field("naming", naming.rawValue)
            object.field("type_key", typeKey?.text)
            object.field("download", download.rawValue)
            object.key("attachments")
            Self.write(attachments, to: &object)
            object.field("accept", accept)
            object.key("ats")
            if let ats { ats.writeJSON(to: &object) } else { object.value(nil as String?) }
            object.key("device")
            object.object { device in
                device.field("memory_bytes", self.device.memoryBytes)
                device.field("time_budget_s", self.device.timeBudgetSeconds)
                device.field("throughput_bits_per_s", self.device.throughputBitsPerSecond)
            }
            if let source {
                object.key("source")
                source.writeJSON(to: &object, citation: true)
            }
            object.field("default", isDefault)
            object.key("apps")
            object.array { list in for app in apps { list.value(app) } }
            object.field("url", Self.catalogPath(name))
        }
    }

    /// `{"mode":"first"}`, or `{"mode":"every","order":...,"on_failure":...}`.
    static func write(_ attachments: Attachments, to writer: inout JSONWriter) {
        writer.object { object in
            switch attachments {
            case .first:
                object.field("mode", "first")
            case .every(let order, let onFailure):
                object.field("mode", "every")
                object.field("order", order.rawValue)
                object.field("on_failure", onFailure.rawValue)
            }
        }
    }

    /// The path of the profile's own entry in the API, `/v1/profiles/NAME`, its name
    /// percent-encoded past RFC 3986's unreserved characters (a configured name may hold any).
    public static func catalogPath(_ name: String) -> String {
        var path: [UInt8] = []
        forEachCatalogPathPiece(name) { path.append(contentsOf: $0) }
        return String(decoding: path, as: UTF8.self)
    }

    /// Hands `body` `catalogPath(name)` piece by piece without building a string (each report
    /// writes it): the prefix, the runs of unreserved characters, each other byte as `%XX`. Only
    /// those are written, so the path needs no JSON escaping.
    static func forEachCatalogPathPiece(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let prefix: StaticString = "/v1/profiles/"
        prefix.withUTF8Buffer(body)
        name.withUTF8InPlace { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where !isUnreserved(byte) {
                body(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                var encoded = (UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF))
                withUnsafeBytes(of: &encoded) { body($0.assumingMemoryBound(to: UInt8.self)) }
                runStart = index + 1
            }
            body(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}

extension ExtensionProfile.Source {
    /// `{"models":...,"citation":...,"unverified":...}` (`unverified` null when everything was
    /// read); without the citation for the report, which links to the profile for it.
    public func writeJSON(to writer: inout JSONWriter, citation withCitation: Bool) {
        writer.object { object in
            object.field("models", models)
            if withCitation { object.field("citation", citation) }
            object.field("unverified", unverified)
        }
    }
}

// MARK: - A profile as a report names it

/// The members a report's `payload` object writes for the profile a push was judged for
/// (`profile`, `profile_url` and, for a profile with a source, `profile_source`), rendered once,
/// when the profile is made: they are the same for every push judged for it, and were written
/// field by field for each report, some 700 instructions. A summary holds them while it names
/// this profile and source (`PayloadSummary.set(profile:)`; changing either drops them), and
/// the report copies `json`; without them it writes the members field by field (`write`), the
/// same bytes.
final class ProfileReportMembers: Sendable {
    let name: String
    let source: ExtensionProfile.Source?
    /// The members, as `write` writes them after another member, without the comma before them.
    let json: [UInt8]

    init(name: String, source: ExtensionProfile.Source?) {
        self.name = name
        self.source = source
        var writer = JSONWriter(capacity: 128)
        writer.beginObject()
        Self.write(name: name, source: source, to: &writer)
        writer.endObject()
        // Without the object's braces.
        json = Array(writer.finished().dropFirst().dropLast())
    }

    /// Writes the members field by field.
    static func write(name: String, source: ExtensionProfile.Source?, to writer: inout JSONWriter) {
        writer.field("profile", name)
        writer.key("profile_url")
        writer.unescapedString { path in
            ExtensionProfile.forEachCatalogPathPiece(name) { path.raw($0) }
        }
        if let source {
            writer.key("profile_source")
            source.writeJSON(to: &writer, citation: false)
        }
    }
}

/// A summary's rendered profile members (`ProfileReportMembers`), or none: a cache of what its
/// `profile` and `profileSource` say, so summaries are equal whatever it holds.
struct RenderedProfile: Sendable, Equatable {
    let members: ProfileReportMembers?

    static func == (lhs: RenderedProfile, rhs: RenderedProfile) -> Bool { true }
}
