import Foundation
import PreflightCore
import PreflightFetch
import PreflightService
import Testing

/// A report written after a download (on the connection's worker, when it resumes) goes into the
/// connection's kept buffer like a payload-only one: the requests around it keep their own.
@Suite(.serialized) struct MediaDownloadKeptBufferTests {
    @Test func aDownloadsReportAndThePayloadOnlyRequestsAroundItEachGetTheirOwn() throws {
        let origins = try Origins.load()
        try withService(origins.configuration()) { service in
            let url = origins.https + "/media/image.jpg"
            let withMedia = Array(#"{"aps":{"alert":"Media test","mutable-content":1},"image":"\#(url)"}"#.utf8)
            let plain = PreflightEndpointKeptBufferTests.small
            let headers = PreflightEndpointKeptBufferTests.headers
            let expectedPlain = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: headers, body: plain)
            let file = try Data(contentsOf: URL(fileURLWithPath: origins.media + "/image.jpg"))

            let connection = try TestConnection(port: service.port)
            var pipelined: [UInt8] = []
            for (path, body) in [
                ("/v1/preflight?fetch=false", plain), ("/v1/preflight", withMedia),
                ("/v1/preflight?fetch=false", plain),
            ] {
                let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\napns-push-type: alert\r\n"
                pipelined += Array((head + "Content-Length: \(body.count)\r\n\r\n").utf8) + body
            }
            // The download's request parks the connection; the one after it waits its turn.
            #expect(connection.send(pipelined))
            let before = try connection.readResponse()
            let downloaded = try connection.readResponse()
            let after = try connection.readResponse()
            #expect(before.body == expectedPlain.body)
            #expect(after.body == expectedPlain.body)
            #expect(downloaded.status == 200)
            let media = try #require(downloaded.json?["media"])
            #expect(media["http_status"]?.integer == 200)
            #expect(media["sha256"]?.string == SHA256Digest.hex(Array(file)))
            #expect(downloaded.json?["attachment"]?["kind"]?.string == "image")
            #expect(downloaded.headers["content-length"] == String(downloaded.body.count))
        }
    }
}
