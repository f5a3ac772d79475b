// MARK: - Which media keys an extension reads, when that depends on the payload's shape

extension ExtensionProfile {
    /// A set of media keys the extension reads only when the payload has a given shape
    /// (OneSignal reads `os_data.att` when `os_data` is an object, and then never the top-level
    /// `att`): the first rule whose conditions all hold decides the keys.
    public struct KeyRule: Sendable, Equatable {
        /// What must hold of the payload for the rule to apply: a test of the value a pointer reaches.
        ///
        /// A struct, not an enum with a pointer in each case: Swift keeps such an enum's case in the
        /// spare bits of the payload's references, which LeakSanitizer cannot follow, so the fuzzers
        /// (`Fuzz/`) reported the presets' pointers as leaked.
        public struct Condition: Sendable, Equatable {
            public enum Test: Sendable, Equatable {
                /// The value at the pointer is an object.
                case object
                /// The value at the pointer is an array.
                case array
                /// The pointer reaches a value that is not `null`.
                case present
                /// The pointer reaches nothing, or `null`.
                case absent
            }

            public var test: Test
            public var pointer: JSONPointer

            public static func object(_ pointer: JSONPointer) -> Self { Self(test: .object, pointer: pointer) }
            public static func array(_ pointer: JSONPointer) -> Self { Self(test: .array, pointer: pointer) }
            public static func present(_ pointer: JSONPointer) -> Self { Self(test: .present, pointer: pointer) }
            public static func absent(_ pointer: JSONPointer) -> Self { Self(test: .absent, pointer: pointer) }
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
                let found = condition.pointer.first(in: root)
                return switch condition.test {
                case .object: found?.value.isObject == true
                case .array: found?.value.isArray == true
                case .present: found != nil
                case .absent: found == nil
                }
            }
        }

        /// The rule as the profiles table says it: `` `/at/*` when `/m` is present ``.
        var description: String {
            let keys = keys.map { "`\($0.text)`" }.joined(separator: ", ")
            guard !when.isEmpty else { return "else " + keys }
            let conditions = when.map { condition in
                let pointer = "`\(condition.pointer.text)`"
                return switch condition.test {
                case .object: pointer + " is an object"
                case .array: pointer + " is an array"
                case .present: pointer + " is present"
                case .absent: pointer + " is absent"
                }
            }
            return keys + " when " + conditions.joined(separator: " and ")
        }
    }

    /// The media keys the extension reads in this payload: those of the first key rule that
    /// applies, else `mediaKeys`.
    public func mediaKeys(in root: JSONView) -> [JSONPointer] {
        withMediaKeys(in: root) { $0 }
    }

    /// A pointer of a preset, from its literal text.
    static func pointer(_ text: String) -> JSONPointer {
        pointers([text])[0]
    }
}
