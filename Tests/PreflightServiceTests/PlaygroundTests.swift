import Foundation
import PreflightService
import Testing

/// The playground is served from the binary, byte for byte as `Resources/playground/` has it, under a
/// strict CSP (no inline code, so a pasted payload cannot run as script).
@Suite struct PlaygroundTests {
    @Test(arguments: [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/playground.css", "playground.css", "text/css; charset=utf-8"),
        ("/playground.js", "playground.js", "text/javascript; charset=utf-8"),
    ])
    func theFilesAreServedAsTheyAre(path: String, file: String, type: String) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PreflightService/Resources/playground")
            .appendingPathComponent(file)
        let expected = try Data(contentsOf: source)
        try withService { service in
            let response = try httpRequest(port: service.port, "GET", path)
            #expect(response.status == 200)
            #expect(Data(response.body) == expected)
            #expect(response.headers["content-type"] == type)
            let policy = response.headers["content-security-policy"] ?? ""
            #expect(policy.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"))
            #expect(!policy.contains("unsafe"))
        }
    }
}
