import PreflightCore
import PreflightService
import Testing

/// Every push can be called (a plain push passes with `media.none`), and one header
/// policy everywhere (the six APNs headers, `apns-id` checked; other `apns-` names refused; the rest ignored).
@Suite(.serialized) struct PlainPushTests {
    func post(_ service: PreflightService, _ body: String, query: String = "", headers: [(String, String)] = [])
        throws -> (status: Int, codes: [String], text: String)
    {
        let response = try httpRequest(
            port: service.port, "POST", "/v1/preflight" + query, headers: [("apns-push-type", "alert")] + headers,
            body: Array(body.utf8))
        guard case .array(let findings)? = response.json?["findings"] else {
            return (response.status, [], response.text)
        }
        return (response.status, findings.compactMap { $0["code"]?.string }, response.text)
    }

    @Test func aPushWithoutMediaIsAPlainPush() throws {
        try withService { service in
            let plain = try post(service, #"{"aps":{"alert":{"title":"Order shipped","body":"Arrives Tuesday"}}}"#)
            #expect(plain.status == 200)
            #expect(plain.codes == ["media.none"])
            #expect(plain.text.contains(#""verdict":"pass""#))
            // Expecting media, by query or header, makes a push without media fail as it always has.
            for (query, headers) in [("?expect=media", []), ("", [("Preflight-Expect", "media")])]
                as [(String, [(String, String)])]
            {
                let expected = try post(service, #"{"aps":{"alert":"hi"}}"#, query: query, headers: headers)
                #expect(expected.status == 422)
                #expect(expected.codes == ["aps.mutable-content.missing", "media.url.missing"])
            }
            // mutable-content without a URL: the extension runs (it may decrypt or log), no media to check.
            let mutable = try post(service, #"{"aps":{"alert":"hi","mutable-content":1}}"#)
            #expect(mutable.status == 200)
            #expect(mutable.codes == ["media.none"])
            #expect(mutable.text.contains(#""judged_as":"rich-alert""#))
            let bad = try httpRequest(port: service.port, "POST", "/v1/preflight?expect=image", body: Array("{}".utf8))
            #expect(bad.status == 400)
            #expect(bad.errorCode == "invalid-query")
            // The header is checked too, also beside a valid query.
            let badHeader = try httpRequest(
                port: service.port, "POST", "/v1/preflight?expect=media", headers: [("Preflight-Expect", "image")],
                body: Array("{}".utf8))
            #expect(badHeader.status == 400)
            #expect(badHeader.errorCode == "invalid-query")
        }
    }

    @Test(
        arguments: [
            ("123e4567-e89b-12d3-a456-426614174000", []), ("123E4567-E89B-12D3-A456-426614174000", []),
            ("123e4567e89b12d3a456426614174000", ["headers.apns-id.invalid"]),
            ("123e4567-e89b-12d3-a456-42661417400g", ["headers.apns-id.invalid"]),
            ("", ["headers.apns-id.invalid"]),
        ] as [(String, [String])])
    func apnsIDIsAUUID(id: String, expected: [String]) throws {
        try withService { service in
            let result = try post(service, #"{"aps":{"alert":"hi"}}"#, headers: [("apns-id", id)])
            #expect(result.codes.filter { $0 != "media.none" } == expected)
        }
    }

    /// The batch takes the same headers: apns-id checked, a non-APNs header ignored, an unknown apns- name refused.
    @Test func theBatchFollowsTheSamePolicy() throws {
        try withService { service in
            let body = #"""
                {"items": [{"payload": {"aps": {"alert": "a"}}, "headers": {"apns-id": "nope", "x-trace": "1"}}]}
                """#
            let response = try httpRequest(port: service.port, "POST", "/v1/preflight/batch", body: Array(body.utf8))
            #expect(response.status == 200)
            #expect(response.text.contains(#""code":"headers.apns-id.invalid""#))
        }
    }
}

extension CheckCommandTests {
    /// The CLI takes apns-id (checked), ignores other headers, refuses an unknown apns- name.
    @Test func theCLIFollowsTheHeaderPolicy() throws {
        let result = try check(
            ["--no-fetch", "--header", "apns-id: nope", "--header", "x-trace: 1", "--format", "json", "-"],
            stdin: Self.valid)
        #expect(result.status == 1)
        #expect(result.output.contains(#""code":"headers.apns-id.invalid""#))
        let plain = try check(["--no-fetch", "--format", "json", "-"], stdin: #"{"aps":{"alert":"hi"}}"#)
        #expect(plain.status == 0)
        #expect(plain.output.contains(#""code":"media.none""#))
    }
}
