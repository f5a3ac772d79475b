import Testing

@testable import PreflightCore

/// `MediaRules.evaluate` over several media: each judged at its own key, the time budget in the
/// extension's order, and its failure rule.
@Suite struct MediaRulesAttachmentsTests {
    /// A PNG header of 1 x 1 pixels served with `bytes` bytes.
    static func png(_ url: String, bytes: Int = 1000, status: Int = 200) -> DownloadOutcome {
        var download = DownloadOutcome(url: url)
        download.httpStatus = status
        download.bytes = bytes
        download.contentType = "image/png"
        download.prefix =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
        download.sha256 = "00"
        return download
    }

    static func item(_ name: String, bytes: Int = 1000, status: Int = 200) throws -> MediaRules.Item {
        let url = "https://cdn.example.com/\(name).png"
        return MediaRules.Item(
            key: "/images/\(name)", reference: MediaReference(key: "/images/\(name)", url: try MediaURL.parse(url)),
            download: png(url, bytes: bytes, status: status))
    }

    static func profile(_ attachments: ExtensionProfile.Attachments) -> ExtensionProfile {
        var profile = ExtensionProfile(
            name: "carousel", mediaKeys: ExtensionProfile.pointers(["/images/*"]), naming: .urlPath, download: .disk,
            attachments: attachments)
        // 750,000 bytes take 0.6 s at 10 Mbit/s: one fits the 1 s budget, two do not.
        profile.device.throughputBitsPerSecond = 10_000_000
        profile.device.timeBudgetSeconds = 1
        return profile
    }

    @Test func eachMediaIsJudgedAtItsOwnKey() throws {
        let items = [try Self.item("a"), try Self.item("b", status: 404), try Self.item("c")]
        let judged = MediaRules.evaluate(
            items, configuration: .init(), profile: Self.profile(.every(order: .sequential, onFailure: .dropsThatOne)))
        #expect(judged.findings.map(\.code) == [.fetchHTTPStatus])
        #expect(judged.findings.map(\.path) == ["/images/b"])
        #expect(judged.entries.map(\.key) == ["/images/a", "/images/b", "/images/c"])
        #expect(judged.entries.map(\.attached) == [true, false, true])
        #expect(judged.entries.map(\.findingCodes) == [[], [.fetchHTTPStatus], []])
        #expect(judged.entries.map { $0.named?.fileName } == ["a.png", nil, "c.png"])
        #expect(judged.entries.map { $0.plan?.uti } == ["public.png", nil, "public.png"])
    }

    /// Airship's rule: one failed media, none attached, and an error at the failed one's key.
    @Test func dropsAllLeavesNoneAttached() throws {
        let items = [try Self.item("a"), try Self.item("b", status: 404), try Self.item("c")]
        let judged = MediaRules.evaluate(
            items, configuration: .init(), profile: Self.profile(.every(order: .parallel, onFailure: .dropsAll)))
        #expect(judged.findings.map(\.code) == [.fetchHTTPStatus, .attachmentDroppedAll])
        let dropped = try #require(judged.findings.last)
        #expect(dropped.path == "/images/b")
        #expect(dropped.severity == .error)
        #expect(
            dropped.message
                == "the carousel extension attaches none of its 3 media when one fails: /images/b is not attached (see its findings), so the 2 that would have been are dropped with it"
        )
        #expect(judged.entries.map(\.attached) == [false, false, false])
        #expect(judged.entries.map(\.findingCodes) == [[], [.fetchHTTPStatus, .attachmentDroppedAll], []])
        // The plans stay: what each would have been, had the others not failed.
        #expect(judged.entries.map { $0.plan != nil } == [true, false, true])
    }

    /// A value with no usable URL fails too (Airship's payload decoding fails on it).
    @Test func aValueWithoutAURLCountsAsAFailure() throws {
        let items = [try Self.item("a"), MediaRules.Item(key: "/images/b", reference: nil, download: nil)]
        let judged = MediaRules.evaluate(
            items, configuration: .init(), profile: Self.profile(.every(order: .parallel, onFailure: .dropsAll)))
        #expect(judged.findings.map(\.code) == [.attachmentDroppedAll])
        #expect(judged.entries.map(\.attached) == [false, false])
        #expect(judged.entries[1].media == nil)
    }

    /// When every media fails, their own findings say it; no drop-all finding is added.
    @Test func nothingToDropWhenAllFailed() throws {
        let items = [try Self.item("a", status: 404), try Self.item("b", status: 500)]
        let judged = MediaRules.evaluate(
            items, configuration: .init(), profile: Self.profile(.every(order: .parallel, onFailure: .dropsAll)))
        #expect(judged.findings.map(\.code) == [.fetchHTTPStatus, .fetchHTTPStatus])
    }

    /// One after another the times add up: the finding is at the media that ends past the budget.
    @Test func sequentialDownloadsSumTheirTimes() throws {
        let items = try ["a", "b", "c"].map { try Self.item($0, bytes: 750_000) }
        let judged = MediaRules.evaluate(
            items, configuration: .init(), profile: Self.profile(.every(order: .sequential, onFailure: .dropsThatOne)))
        #expect(judged.findings.map(\.code) == [.attachmentDeviceTime])
        let late = try #require(judged.findings.first)
        #expect(late.path == "/images/b")
        #expect(late.severity == .warning)
        #expect(
            late.message
                == "the carousel extension downloads its 3 media one after another (order: sequential): at 10 Mbit/s the 2 MB take about 1.8 s, over the 1 s it has; media 2, /images/b, would end at about 1.2 s"
        )
        #expect(judged.entries.map(\.findingCodes) == [[], [.attachmentDeviceTime], []])
        #expect(judged.entries.map(\.attached) == [true, true, true])
    }

    /// All at once, the longest counts: three that each fit, fit.
    @Test func parallelDownloadsTakeTheLongest() throws {
        let fitting = try ["a", "b", "c"].map { try Self.item($0, bytes: 750_000) }
        let profile = Self.profile(.every(order: .parallel, onFailure: .dropsThatOne))
        #expect(MediaRules.evaluate(fitting, configuration: .init(), profile: profile).findings.isEmpty)
        let slow = fitting + [try Self.item("d", bytes: 1_500_000)]
        let judged = MediaRules.evaluate(slow, configuration: .init(), profile: profile)
        #expect(judged.findings.map(\.code) == [.attachmentDeviceTime])
        #expect(judged.findings.first?.path == "/images/d")
        #expect(
            judged.findings.first?.message
                == "the carousel extension downloads its 4 media at once (order: parallel): the longest, /images/d, 1 MB, takes about 1.2 s at 10 Mbit/s, over the 1 s it has"
        )
    }

    /// An extension that attaches the first value keeps its one finding per download.
    @Test func aSingleAttachmentKeepsItsOwnTimeFinding() throws {
        let judged = MediaRules.evaluate(
            [try Self.item("a", bytes: 1_500_000)], configuration: .init(), profile: Self.profile(.first))
        #expect(judged.findings.map(\.code) == [.attachmentDeviceTime])
        #expect(judged.findings.first?.path == "/images/a")
        #expect(judged.findings.first?.message.hasPrefix("at 10 Mbit/s the 1 MB take about 1.2 s") == true)
    }
}
