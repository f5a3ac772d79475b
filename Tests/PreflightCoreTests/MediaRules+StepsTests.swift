import Testing

@testable import PreflightCore

/// `MediaRules.evaluate` as its ordered steps: the order, where a step stops, and the
/// failure table.
@Suite struct MediaRulesStepsTests {
    static func reference() throws -> MediaReference {
        MediaReference(key: "image", url: try MediaURL.parse("https://cdn.example.com/a.jpg"))
    }

    /// A JPEG whose header is three bytes: enough to sniff, too few to parse.
    static func jpeg(bytes: Int = 3) -> DownloadOutcome {
        var download = DownloadOutcome(url: "https://cdn.example.com/a.jpg")
        download.httpStatus = 200
        download.bytes = bytes
        download.prefix = [0xFF, 0xD8, 0xFF]
        download.sha256 = "00"
        return download
    }

    @Test func stepsRunInThisOrder() {
        #expect(
            MediaRules.steps.map(\.name) == [
                "redirects", "trust", "failure", "http-status", "size-cap", "slow", "empty", "content-encoding",
                "container",
                "type",
                "size", "image", "device", "required-keys", "untyped", "attachment",
            ])
    }

    @Test func aFailureStopsAfterTheRedirectFinding() throws {
        var download = Self.jpeg()
        download.redirects = 2
        download.finalURL = "https://other.example/a.jpg"
        download.failure = .dns("no such host")
        let judged = MediaRules.evaluate(download, reference: try Self.reference(), configuration: .init())
        #expect(judged.findings.map(\.code) == [.fetchRedirected, .fetchDNS])
        #expect(judged.findings[1].message == "the media host does not resolve: no such host")
        #expect(judged.findings[1].fix == "check the host name in the media URL")
        #expect(judged.findings[1].path == "image")
        #expect(judged.attachment == nil)
    }

    /// Stopped for size, the download is judged on: the size step says by how much.
    @Test func aDownloadStoppedForSizeIsJudgedBySize() throws {
        var download = Self.jpeg(bytes: 10_485_761)
        download.failure = .tooLarge(limit: 10_485_760)
        let judged = MediaRules.evaluate(download, reference: try Self.reference(), configuration: .init())
        #expect(judged.findings.map(\.code) == [.mediaTooLarge])
        #expect(
            judged.findings[0].message
                == "the image is 10485761 bytes, over the image attachment limit (10 MB, 10485760 bytes even read as binary megabytes)"
        )
        #expect(judged.attachment == nil)
    }

    @Test func theLastStepPlansTheAttachment() throws {
        var download = DownloadOutcome(url: "https://cdn.example.com/a.gif")
        download.httpStatus = 200
        download.prefix = ImageHeaderTests.gif(frames: 1)
        download.bytes = download.prefix.count
        download.sha256 = "00"
        let reference = MediaReference(key: "image", url: try MediaURL.parse("https://cdn.example.com/a.gif"))
        let judged = MediaRules.evaluate(download, reference: reference, configuration: .init())
        #expect(judged.findings.map(\.code) == [])
        #expect(judged.summary.image?.width == 320)
        #expect(judged.attachment?.uti == "com.compuserve.gif")
        #expect(judged.attachment?.bytes == 43)
        #expect(judged.attachment?.limit == 10_000_000)
    }

    /// One row per failure kind: the code each maps to.
    @Test(arguments: [
        (DownloadOutcome.Failure.blocked(address: "10.0.0.1", rule: "private"), FindingCode.fetchBlocked),
        (.connect("refused"), .fetchConnect), (.tls("bad"), .fetchTLS), (.timeout("slow"), .fetchTimeout),
        (.tooManyRedirects, .fetchTooManyRedirects), (.truncated("cut"), .fetchTruncated),
        (.refused("ftp"), .fetchBlocked), (.ats("TLSv1.1"), .fetchATS), (.other("x"), .fetchFailed),
    ])
    func eachFailureHasItsCode(failure: DownloadOutcome.Failure, code: FindingCode) throws {
        var download = Self.jpeg()
        download.failure = failure
        let judged = MediaRules.evaluate(download, reference: try Self.reference(), configuration: .init())
        #expect(judged.findings.map(\.code) == [code])
    }
}
