public import PreflightCore

extension JSONValue {
    /// A path through a generated file's JSON did not lead to an object.
    public struct PathError: Error, CustomStringConvertible {
        public var path: [String]
        public var description: String { "no object at \(path.joined(separator: " > "))" }
    }

    /// This value with the member at `path` set to `value` (appended to its object when absent),
    /// or removed when `value` is nil; the other members keep their order.
    public func setting(_ path: [String], to value: JSONValue?) throws(PathError) -> JSONValue {
        try setting(path[...], to: value, whole: path)
    }

    private func setting(_ path: ArraySlice<String>, to value: JSONValue?, whole: [String]) throws(PathError)
        -> JSONValue
    {
        guard case .object(var members) = self, let key = path.first else { throw PathError(path: whole) }
        let index = members.firstIndex { $0.key == key }
        if path.count == 1 {
            switch (index, value) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(JSONMember(key: key, value: value))
            case (nil, nil): break
            }
        } else {
            guard let index else { throw PathError(path: whole) }
            members[index].value = try members[index].value.setting(path.dropFirst(), to: value, whole: whole)
        }
        return .object(members)
    }
}
