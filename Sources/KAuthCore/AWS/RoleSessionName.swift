/// STS's `RoleSessionName`: 2 to 64 characters of `[\w+=,.@-]` (ASCII letters, digits, `_`,
/// and `+=,.@-`). AWS puts it in the assumed role's ARN and in CloudTrail, so by default it
/// names the user: `kauth-` and the provider's user id.
package enum RoleSessionName {
    package static let maxLength = 64
    package static let minLength = 2

    /// `kauth-` and `userID`, made a valid name.
    package static func derived(userID: String) -> String {
        sanitized("kauth-" + userID)
    }

    /// `text` with every character STS refuses replaced by `-`, cut to 64 characters. (Built
    /// from scalars, as the default name is on every `kauth aws credential-process` run.)
    package static func sanitized(_ text: String) -> String {
        var name = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(maxLength) { name.append(isAllowed(scalar) ? scalar : "-") }
        return String(name)
    }

    /// Whether `text` is a name STS takes as it is.
    package static func isValid(_ text: String) -> Bool {
        (minLength...maxLength).contains(text.unicodeScalars.count) && text.unicodeScalars.allSatisfy(isAllowed)
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "+", "=", ",", ".", "@", "-": true
        default: false
        }
    }
}
