extension String {
    /// Calls `body` with the string's UTF-8 where it is: a native string's storage, a small
    /// string's bytes on the stack. A bridged string (none on Linux) is read from a copy.
    /// `withUTF8` is `mutating`, so calling it needs a `var` copy of the string, and that copy
    /// retained and released its storage on every call: a rule's member lookup, a key or value
    /// the report writes, a text scanned for placeholders.
    @inline(__always)
    func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
