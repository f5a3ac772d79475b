import Foundation
import PreflightCore
import PreflightService
import Testing

/// Over real HTTP: SNS Publish bodies (their mistakes, their attributes as headers) and Azure
/// Notification Hubs sends (chosen by their format header), media on the loopback nginx.
extension EnvelopeEndpointTests {
    @Test func anSNSPayloadObjectWhereAStringIsNeededFails() throws {
        try withService(origins.configuration()) { service in
            // One JSON.stringify instead of two: APNS holds the payload object.
            let apns = #"{"aps":{"alert":"a","mutable-content":1},"image":"\#(origins.https)/media/image.png"}"#
            let body =
                #"{"TargetArn":"arn:aws:sns:us-east-1:1:endpoint/APNS/A/1","MessageStructure":"json","Message":"{\"default\":\"d\",\"APNS\":\#(apns.replacingOccurrences(of: "\"", with: "\\\""))}"}"#
            let (response, result) = try post(service, body, query: "?format=sns")
            #expect(response.status == 422, "\(response.text)")
            #expect(result.codes == ["envelope.sns.not-string"])
            #expect(result.finding("envelope.sns.not-string")?["path"]?.string == "Message.APNS")
            #expect(result.media == nil)
        }
    }

    @Test func snsAttributesReachTheHeaderRules() throws {
        try withService(origins.configuration()) { service in
            let body = try example("sns").replacingOccurrences(
                of: #""StringValue": "10""#, with: #""StringValue": "7""#)
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight?fetch=false", headers: [("Preflight-Format", "sns")],
                body: Array(body.utf8))
            #expect(response.status == 422, "\(response.text)")
            guard case .array(let findings)? = response.json?["findings"] else {
                throw TestConnection.Failure(description: "no findings in \(response.text)")
            }
            let codes = findings.compactMap { $0["code"]?.string }
            #expect(codes == ["headers.priority.invalid", "media.not-fetched"])
            #expect(response.json?["envelope"]?["derived_headers"]?["apns-priority"]?.string == "7")
        }
    }

    @Test func anAzureSendIsChosenByItsFormatHeaderAndAttached() throws {
        try withService(origins.configuration()) { service in
            let body = try example("azure")
            let (response, result) = try post(
                service, body,
                headers: [
                    ("ServiceBusNotification-Format", "apple"), ("apns-push-type", "alert"),
                    ("ServiceBusNotification-Apns-Expiry", "2030-07-16T19:20+01:00"),
                ])
            #expect(response.status == 200, "\(response.text)")
            #expect(result.codes == ["envelope.detected"])
            #expect(result.report["envelope"]?["format"]?.string == "azure")
            #expect(result.report["envelope"]?["derived_headers"]?["apns-expiration"]?.string == "1910456400")
            #expect(result.report["payload"]?["bytes"]?.integer == Int64(body.utf8.count))
            #expect(result.attachment?["uti"]?.string == "public.png")
            let (wrong, refused) = try post(
                service, body, query: "?format=azure", headers: [("ServiceBusNotification-Format", "gcm")])
            #expect(wrong.status == 422)
            #expect(refused.codes == ["envelope.azure.format.invalid"])
            #expect(refused.media == nil)
        }
    }

    /// Batch items name `sns` and `azure` (with its header among the item's headers).
    @Test func batchItemsNameSNSAndAzure() throws {
        try withService(origins.configuration()) { service in
            let items = [
                #"{"payload": \#(try example("sns")), "format": "sns"}"#,
                #"{"payload": \#(try example("azure")), "headers": {"ServiceBusNotification-Format": "apple"}}"#,
                #"{"payload": \#(try example("azure")), "format": "azure"}"#,
            ]
            let response = try httpRequest(
                port: service.port, "POST", "/v1/preflight/batch",
                body: Array(#"{"items": [\#(items.joined(separator: ","))]}"#.utf8))
            #expect(response.status == 200, "\(response.text)")
            guard case .array(let reports)? = response.json?["results"] else {
                throw TestConnection.Failure(description: "no results in \(response.text)")
            }
            #expect(reports.map { $0["envelope"]?["format"]?.string } == ["sns", "azure", "azure"])
            #expect(reports.map { $0["verdict"]?.string } == ["pass", "pass", "fail"])
            #expect(reports[0]["attachment"]?["uti"]?.string == "public.png")
        }
    }
}
