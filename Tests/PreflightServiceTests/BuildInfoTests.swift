import PreflightCore
import Testing

@testable import PreflightService

/// `GET /v1/version`: what the binary is (`BuildInfo`, the linked libraries), from the API.
@Suite struct BuildInfoTests {
    @Test func versionNamesTheBuildAndTheLibraries() throws {
        try withService { service in
            let response = try httpRequest(port: service.port, "GET", "/v1/version")
            #expect(response.status == 200)
            let info = try #require(response.json)
            #expect(info["version"]?.string == PreflightService.version)
            #expect(info["libmicrohttpd"]?.string == "0.9.75")
            #expect(info["libcurl"]?.string?.first?.isNumber == true)
            #expect(info["openssl"]?.string?.hasPrefix("OpenSSL 3.") == true)
            #expect(info["commit"]?.string == BuildInfo.current.commit)
            #expect(info["build_date"]?.string == BuildInfo.current.buildDate)
        }
    }
}
