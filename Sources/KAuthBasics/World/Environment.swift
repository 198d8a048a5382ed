/// The process environment, read once at start-up.
package struct Environment: Sendable {
    package var values: [String: String]

    package init(_ values: [String: String]) {
        self.values = values
    }

    /// The value of `name`, or nil when it is unset or empty (an empty variable counts as unset).
    package subscript(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }
}
