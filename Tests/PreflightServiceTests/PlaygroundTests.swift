import Foundation
import PreflightService
import Testing

/// Issue 15: the playground is served from the binary, as playground/ has it, under a strict CSP.
@Suite struct PlaygroundTests {
    @Test(arguments: [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/playground.css", "playground.css", "text/css; charset=utf-8"),
        ("/playground.js", "playground.js", "text/javascript; charset=utf-8"),
    ])
    func theFilesAreServedAsTheyAre(path: String, file: String, type: String) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("playground/\(file)")
        let expected = try Data(contentsOf: source)
        try withService { service in
            let response = try httpRequest(port: service.port, "GET", path)
            #expect(response.status == 200)
            #expect(Data(response.body) == expected, "run make playground after editing playground/\(file)")
            #expect(response.headers["content-type"] == type)
            let policy = response.headers["content-security-policy"] ?? ""
            #expect(policy.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"))
            #expect(!policy.contains("unsafe"))
        }
    }
}
