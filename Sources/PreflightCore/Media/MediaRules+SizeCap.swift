// MARK: - A cap the extension puts on the download itself

extension MediaRules {
    /// The extension cancels a download whose `Content-Length` passes its own cap (OneSignal-iOS-SDK
    /// `OneSignalAttachmentHandler.m`, `DirectDownloadDelegate`
    /// `URLSession:dataTask:didReceiveResponse:completionHandler:`: `expectedContentLength >
    /// MAX_NOTIFICATION_MEDIA_SIZE_BYTES` answers `NSURLSessionResponseCancel`), so nothing is
    /// attached. A response without `Content-Length` is not cancelled (`expectedContentLength` is -1).
    static func sizeCap(_ judgement: inout MediaJudgement) -> StepResult {
        guard let cap = judgement.profile.maxContentLength, let length = judgement.download.contentLength,
            length > cap
        else { return .next }
        judgement.findings.append(
            Finding(
                .attachmentSizeCap, path: judgement.key,
                message:
                    "the response announces Content-Length: \(length), over the \(cap)-byte cap of the \(judgement.profile.name) extension: it cancels the download and attaches nothing",
                fix: "serve a file of at most \(cap) bytes"))
        return .stop
    }
}
