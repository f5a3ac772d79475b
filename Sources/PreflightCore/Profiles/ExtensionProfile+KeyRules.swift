// MARK: - Which media keys an extension reads, when that depends on the payload's shape

extension ExtensionProfile {
    /// A set of media keys the extension reads only when the payload has a given shape
    /// (OneSignal reads `os_data.att` when `os_data` is an object, and then never the top-level
    /// `att`): the first rule whose conditions all hold decides the keys.
    public struct KeyRule: Sendable, Equatable {
        /// What must hold of the payload for the rule to apply.
        public enum Condition: Sendable, Equatable {
            /// The value at the pointer is an object.
            case object(JSONPointer)
            /// The value at the pointer is an array.
            case array(JSONPointer)
            /// The pointer reaches a value that is not `null`.
            case present(JSONPointer)
            /// The pointer reaches nothing, or `null`.
            case absent(JSONPointer)
        }

        /// All must hold; none means the rule always applies (the last rule, as a default).
        public var when: [Condition]
        public var keys: [JSONPointer]

        public init(when: [Condition] = [], keys: [JSONPointer]) {
            self.when = when
            self.keys = keys
        }

        /// Whether every condition holds in the payload.
        public func applies(in root: JSONView) -> Bool {
            when.allSatisfy { condition in
                switch condition {
                case .object(let pointer): pointer.first(in: root)?.value.isObject == true
                case .array(let pointer): pointer.first(in: root)?.value.isArray == true
                case .present(let pointer): pointer.first(in: root) != nil
                case .absent(let pointer): pointer.first(in: root) == nil
                }
            }
        }

        /// The rule as the profiles table says it: `` `/at/*` when `/m` is present ``.
        var description: String {
            let keys = keys.map { "`\($0.text)`" }.joined(separator: ", ")
            guard !when.isEmpty else { return "else " + keys }
            let conditions = when.map { condition in
                switch condition {
                case .object(let pointer): "`\(pointer.text)` is an object"
                case .array(let pointer): "`\(pointer.text)` is an array"
                case .present(let pointer): "`\(pointer.text)` is present"
                case .absent(let pointer): "`\(pointer.text)` is absent"
                }
            }
            return keys + " when " + conditions.joined(separator: " and ")
        }
    }

    /// The media keys the extension reads in this payload: those of the first key rule that
    /// applies, else `mediaKeys`.
    public func mediaKeys(in root: JSONView) -> [JSONPointer] {
        keyRules.first { $0.applies(in: root) }?.keys ?? mediaKeys
    }

    /// A pointer of a preset, from its literal text.
    static func pointer(_ text: String) -> JSONPointer {
        pointers([text])[0]
    }
}
