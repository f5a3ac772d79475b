import Foundation
import PreflightCore
import PreflightService
import Testing

/// Posts `body` as an alert push judged for `profile`; the finding codes, the header ones left
/// out. The report must say it was judged for that profile.
func judgePreset(_ service: PreflightService, _ profile: String, body: String) throws -> MediaCheckResult {
    let response = try httpRequest(
        port: service.port, "POST", "/v1/preflight?profile=\(profile)", headers: [("apns-push-type", "alert")],
        body: Array(body.utf8))
    let report = try #require(response.json, "not JSON: \(response.text)")
    guard case .array(let findings)? = report["findings"] else {
        throw TestConnection.Failure(description: "no findings in \(response.text)")
    }
    #expect(report["payload"]?["profile"]?.string == profile)
    return MediaCheckResult(
        status: response.status, report: report,
        codes: findings.compactMap { $0["code"]?.string }.filter { !$0.hasPrefix("headers.") })
}

/// The `aps` of a rich alert, for the presets' payloads.
let richAPS = #""aps":{"alert":"Sale","mutable-content":1}"#
