import Testing

@testable import PreflightCore

/// The report's `media` is the first downloaded attachment's, written once and copied into its
/// entry: the text must be the one each entry written in full gives.
@Suite struct ReportAttachmentsTests {
    static func summary(_ url: String, bytes: Int) -> MediaSummary {
        var download = DownloadOutcome(url: url)
        download.httpStatus = 200
        download.contentType = "image/jpeg"
        download.bytes = bytes
        download.sha256 = String(repeating: "ab", count: 32)
        download.timing = .init(dns: 0.026, connect: 0.085, firstByte: 0.914, total: 1.063)
        return MediaSummary(download: download, sniffed: .jpeg, image: nil)
    }

    static func text(_ media: MediaSummary) -> String {
        var writer = JSONWriter()
        Report.write(media, to: &writer)
        return writer.text
    }

    static let first = summary("https://c.test/a \"quoted\".jpg", bytes: 13_290)
    static let third = summary("https://c.test/c.jpg", bytes: 20_000)
    static let entries = [
        AttachmentOutcome(key: "/att/k1", media: first, findingCodes: [.mediaTypeMismatch]),
        AttachmentOutcome(key: "/att/k2"),
        AttachmentOutcome(key: "/att/k3", media: third),
    ]

    static func occurrences(of piece: String, in text: String) -> Int {
        var count = 0
        var rest = text[...]
        while let found = rest.firstRange(of: piece) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }

    @Test func theFirstMediaIsWrittenOnceAndCopiedIntoItsEntry() {
        var report = Report(findings: [], payload: PayloadSummary(bytes: 94, limit: 4096, pushType: "alert"))
        report.show(Self.entries)
        #expect(report.mediaBox === report.attachments[0].mediaBox)
        #expect(report.media == Self.first)
        var shared = JSONWriter()
        report.write(to: &shared)
        let text = shared.text
        #expect(Self.occurrences(of: #""media":"# + Self.text(Self.first), in: text) == 2)
        #expect(Self.occurrences(of: #""media":"# + Self.text(Self.third), in: text) == 1)
        #expect(Self.occurrences(of: #""media":null"#, in: text) == 1)
        #expect(text.hasSuffix(#""finding_codes":[],"media":"# + Self.text(Self.third) + "}]}"))

        // The same media in a box of its own: every entry written in full, the same text.
        var separate = Report(findings: [], payload: PayloadSummary(bytes: 94, limit: 4096, pushType: "alert"))
        separate.attachments = Self.entries
        separate.media = Self.first
        #expect(separate.mediaBox !== separate.attachments[0].mediaBox)
        var full = JSONWriter()
        separate.write(to: &full)
        #expect(full.text == text)
    }

    /// A value written again after a comma, in an array and as a member, is the bytes marked
    /// (its own comma not among them), whatever room the writer made between.
    @Test func aValueWrittenAgainIsTheBytesMarked() {
        var writer = JSONWriter(capacity: 4)
        var marked = 0..<0
        writer.array { list in
            list.value(1)
            marked = list.value(marking: { $0.object { $0.field("a", "b") } })
            list.value(again: marked)
            list.object { member in
                member.key("c")
                member.value(again: marked)
            }
        }
        #expect(writer.text == #"[1,{"a":"b"},{"a":"b"},{"c":{"a":"b"}}]"#)
        #expect(marked == 3..<12)
    }
}
