/// The process environment, read once at start-up.
public struct Environment: Sendable {
    public var values: [String: String]

    public init(_ values: [String: String]) {
        self.values = values
    }

    /// The value of `name`, or nil when it is unset or empty (an empty variable counts as unset).
    public subscript(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }
}
