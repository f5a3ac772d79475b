import Testing

@testable import PreflightCore

/// The text report writes what strangers send (payload text, an origin's headers) as visible
/// escapes: nothing in it can move the cursor, recolour a line or reorder it.
@Suite struct TextReportTests {
    /// Every byte a terminal takes as a control, and every scalar that reorders a line.
    static let hostile =
        "\u{1B}[2K\r\u{1B}[32mPASS\u{1B}[0m\t\n\u{07}\u{7F}\u{85}\u{9B}31m\u{61C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}"
    static let escapedHostile =
        #"\x1b[2K\x0d\x1b[32mPASS\x1b[0m\x09\x0a\x07\x7f\u{85}\u{9b}31m\u{61c}\u{200e}\u{200f}\u{202a}\u{202e}\u{2066}\u{2069}"#

    @Test func controlsAndBidiCharactersAreWrittenAsEscapes() {
        #expect(TextReport.escaped(Self.hostile) == Self.escapedHostile)
        // Printable text, accents and emoji stay as they are.
        #expect(TextReport.escaped("Sale: 50% off \\ é 👨‍👩‍👧") == "Sale: 50% off \\ é 👨‍👩‍👧")
        #expect(TextReport.escaped("\u{0}") == #"\x00"#)
    }

    /// Each field of the report that comes from the input.
    @Test func everyFieldOfTheReportIsEscaped() {
        let hostile = Self.hostile
        var summary = PayloadSummary(
            bytes: 10, limit: 4096, pushType: "alert" + hostile, mediaURL: "https://a.test/" + hostile,
            mediaKey: "/image" + hostile)
        summary.profile = "generic"
        let finding = Finding(
            .mediaTypeMismatch, path: "/image" + hostile, message: "Content-Type: image/png" + hostile,
            fix: "serve" + hostile)
        var report = Report(findings: [finding], payload: summary)
        report.attachment = AttachmentPlan(
            identifier: "image", kind: .image, uti: "public.png" + hostile, fileName: "a.png" + hostile,
            typeHint: "public.png" + hostile, bytes: 1, limit: 2)
        for color in [false, true] {
            let text = TextReport(report: report, color: color).text
            let bytes = Array(text.utf8)
            // The report's own colour codes, where asked for, are the only escapes.
            let escapes = bytes.filter { $0 == 0x1B }.count
            #expect(escapes == (color ? 4 : 0))
            #expect(!bytes.contains(0x0D) && !bytes.contains(0x07) && !bytes.contains(0x7F))
            #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
            // One line per field: 1 headline, 1 profile, 1 finding, 1 attachment.
            #expect(bytes.filter { $0 == 0x0A }.count == 3)
            #expect(text.ranges(of: Self.escapedHostile).count == 9)
        }
    }

    /// The second line names the profile and what it models, and what of it was not read.
    @Test(
        arguments: [
            // Everything read: no "not read" part.
            ("generic", "  profile generic: models \(ExtensionProfile.generic.source?.models ?? "?")"),
            (
                "braze",
                "  profile braze: models \(ExtensionProfile.braze.source?.models ?? "?"); not read from source: "
                    + (ExtensionProfile.braze.source?.unverified ?? "?")
            ),
        ])
    func theSecondLineSaysWhatTheProfileModels(name: String, line: String) throws {
        var summary = PayloadSummary(bytes: 10, limit: 4096, pushType: "alert", mediaURL: nil, mediaKey: nil)
        let profile = try #require(ExtensionProfile.presets[name])
        summary.profile = profile.name
        summary.profileSource = profile.source
        let text = TextReport(report: Report(findings: [], payload: summary)).text
        #expect(text.split(separator: "\n").dropFirst().first.map(String.init) == line)
    }

    /// A profile from the configuration says so; its name is escaped like any input.
    @Test func aConfiguredProfileSaysItComesFromTheConfiguration() {
        var summary = PayloadSummary(bytes: 10, limit: 4096, pushType: "alert", mediaURL: nil, mediaKey: nil)
        summary.profile = "my\u{1B}app"
        #expect(TextReport.profileLine(summary) == #"profile my\x1bapp: defined in the configuration"#)
    }

    /// The report's `media.tls` and `media.ats` get a line each, after the findings.
    @Test func theConnectionsTLSAndATSHaveALineEach() {
        var download = DownloadOutcome(url: "https://cdn.example.com/a.jpg")
        download.tls = TLSFacts(
            version: "TLSv1.3", cipher: "TLS_AES_256_GCM_SHA384", keyExchange: "any", certificateKeyType: "RSA",
            certificateKeyBits: 2048, signature: "sha256WithRSAEncryption")
        download.ats = [
            HopATS(url: "https://cdn.example.com/a.jpg", applied: "exception domain example.com"),
            HopATS(url: "https://img.example.net/a.jpg", applied: "default"),
        ]
        var report = Report(
            findings: [],
            payload: PayloadSummary(
                bytes: 10, limit: 4096, pushType: "alert", mediaURL: download.url, mediaKey: "/image"))
        report.media = MediaSummary(download: download)
        let lines = TextReport(report: report).text.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst(2)) == [
                "  no findings",
                "  tls: TLSv1.3 TLS_AES_256_GCM_SHA384, key exchange any, certificate RSA 2048 signed with sha256WithRSAEncryption",
                "  ats: exception domain example.com for https://cdn.example.com/a.jpg; default for https://img.example.net/a.jpg",
            ])
    }

    /// Without a certificate's facts, a plain http hop (no `tls`), or no download, those parts
    /// and lines are left out; a URL from the payload is escaped.
    @Test func absentTLSFactsAndHopsLeaveTheirLinesOut() {
        var download = DownloadOutcome(url: "https://a.test/")
        download.tls = TLSFacts(version: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256", keyExchange: "ECDHE")
        #expect(
            TextReport.transportLines(download) == [
                "  tls: TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256, key exchange ECDHE"
            ])
        download.tls?.signature = "ecdsa-with-SHA256"
        #expect(
            TextReport.transportLines(download) == [
                "  tls: TLSv1.2 ECDHE-RSA-AES128-GCM-SHA256, key exchange ECDHE, certificate signed with ecdsa-with-SHA256"
            ])
        var plain = DownloadOutcome(url: "http://a.test/" + Self.hostile)
        plain.ats = [HopATS(url: plain.url, applied: "allows_arbitrary_loads")]
        #expect(
            TextReport.transportLines(plain) == [
                "  ats: allows_arbitrary_loads for http://a.test/" + Self.escapedHostile
            ])
        #expect(TextReport.transportLines(DownloadOutcome(url: "https://a.test/")).isEmpty)
    }

    /// A payload's own text, as `preflight check --format text` and `Accept: text/plain` show it.
    @Test func aPayloadCannotRedrawTheVerdict() {
        let payload =
            #"{"aps":{"alert":"Hi","mutable-content":"\u001b[2K\r\u001b[32mPASS\u202e"},"image":"https://cdn.example.com/a.jpg"}"#
        let inspection = PayloadInspector(configuration: PreflightConfiguration()).inspect(
            body: Array(payload.utf8), headers: APNsHeaders(pushType: "alert"))
        let text = TextReport(report: inspection.report).text
        #expect(text.hasPrefix("FAIL"))
        #expect(!text.utf8.contains(0x1B) && !text.utf8.contains(0x0D))
        #expect(text.contains(#"mutable-content is "\x1b[2K\x0d\x1b[32mPASS\u{202e}""#))
    }
}
