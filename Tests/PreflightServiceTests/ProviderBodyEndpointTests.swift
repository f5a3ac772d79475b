import PreflightCore
import PreflightService
import Testing

/// Provider bodies over real HTTP: OneSignal's text push passes, a FCM message to an
/// installation (`fid`) is judged as FCM.
@Suite(.serialized) struct ProviderBodyEndpointTests {
    func post(_ service: PreflightService, _ body: String) throws -> (status: Int, codes: [String], verdict: String?) {
        let response = try httpRequest(
            port: service.port, "POST", "/v1/preflight", headers: [("apns-push-type", "alert")],
            body: Array(body.utf8))
        guard case .array(let findings)? = response.json?["findings"] else { return (response.status, [], nil) }
        return (response.status, findings.compactMap { $0["code"]?.string }, response.json?["verdict"]?.string)
    }

    @Test func aOneSignalTextPushPasses() throws {
        try withService { service in
            let result = try post(service, #"{"app_id":"a","contents":{"en":"Order shipped"}}"#)
            #expect(result.status == 200)
            #expect(result.verdict == "pass")
            #expect(result.codes == ["envelope.detected", "media.none"])
        }
    }

    @Test func anFCMMessageToAnInstallationIsJudgedAsFCM() throws {
        try withService { service in
            let result = try post(
                service, #"{"message":{"fid":"fHqLzyUT0WbEHd7lVBtDUq","notification":{"title":"a","body":"b"}}}"#)
            #expect(result.status == 200)
            #expect(result.verdict == "pass")
            #expect(result.codes == ["envelope.detected", "media.none"])
        }
    }
}
