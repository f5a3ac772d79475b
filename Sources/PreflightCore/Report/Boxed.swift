/// A value held by reference, never changed once made: a large part of a struct that is copied
/// often and is mostly absent. Copying the struct copies a reference, not the part; setting the
/// part makes a new box, so the struct keeps value semantics.
final class Boxed<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
