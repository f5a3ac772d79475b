// MARK: - What an Expo request looks like

extension ExpoEnvelope {
    /// `ExponentPushToken[...]` or `ExpoPushToken[...]` (expo-server-sdk-node `isExpoPushToken`;
    /// its other form, a bare UUID, is too plain to detect a body by).
    static func isPushToken(_ text: String) -> Bool {
        (text.hasPrefix("ExponentPushToken[") || text.hasPrefix("ExpoPushToken[")) && text.hasSuffix("]")
    }

    /// Whether an Expo push token, as `isExpoPushToken` accepts one (the UUID form included).
    static func acceptsToken(_ text: String) -> Bool {
        if isPushToken(text) { return true }
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Whether `root` is an Expo message by its shape: `to` is a push token or a non-empty array of them.
    static func isMessage<Tree: JSONTree>(_ root: Tree) -> Bool {
        guard root.isObject, let to = root["to"] else { return false }
        if let text = to.string { return isPushToken(text) }
        var tokens = 0
        var allTokens = true
        to.forEachChild { _, _, child in
            tokens += 1
            allTokens = child.string.map(isPushToken) ?? false
            return allTokens
        }
        return tokens > 0 && allTokens
    }

    /// Whether `root` is a non-empty array of Expo messages.
    static func isMessageArray<Tree: JSONTree>(_ root: Tree) -> Bool {
        guard !root.isObject, root.element(at: 0) != nil else { return false }
        var all = true
        root.forEachChild { _, _, child in
            all = isMessage(child)
            return all
        }
        return all
    }

    /// A parsed body that is no object, recognised as an Expo request: any, when `format` is
    /// `expo` (the derivation says what is wrong), else an array of Expo messages by its shape;
    /// nil for any other. The one recognition: the batch split (`BatchRequest.expoBody`) and
    /// the inspector (a request judged whole) both ask it, of the one parse.
    static func messageRoot(_ root: JSONView, format: EnvelopeFormat?) -> JSONView? {
        guard format == nil || format == .expo, !root.isObject else { return nil }
        return format == .expo || isMessageArray(root) ? root : nil
    }

    /// The notifications a message makes: one per token of a `to` array, else one.
    static func notifications(_ message: JSONValue) -> Int {
        if case .array(let tokens)? = message["to"] { return tokens.count }
        return 1
    }
}
