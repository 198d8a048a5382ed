/// What git tells a credential helper (`git help credential`, "INPUT/OUTPUT FORMAT"): `key=value`
/// lines up to a blank line or the end of input; the key is everything before the first `=`, the
/// value everything after it, kept as it is. Keys kauth does not use (`capability[]`, `wwwauth[]`,
/// `authtype`, `state[]`, keys of later versions) are skipped, as the protocol asks, and so are
/// lines without `=`. A `url` counts as its parts, replacing those read before it.
struct GitCredentialRequest: Sendable, Equatable {
    var protocolName: String?
    /// `host` or `host:port`, as git sends it (with the port only when the URL has one).
    var host: String?
    var path: String?
    var username: String?
    var password: String?

    init(
        protocolName: String? = nil, host: String? = nil, path: String? = nil, username: String? = nil,
        password: String? = nil
    ) {
        self.protocolName = protocolName
        self.host = host
        self.path = path
        self.username = username
        self.password = password
    }

    /// Reads lines from `readLine` up to a blank line or the end of input.
    static func read(_ readLine: () -> String?) -> GitCredentialRequest {
        var request = GitCredentialRequest()
        // A bound, so that endless input cannot grow memory: git sends a handful of lines.
        for _ in 0..<4096 {
            guard let line = readLine(), !line.isEmpty else { break }
            request.take(line)
        }
        return request
    }

    /// Reads the lines of `text`, as `read` does.
    static func parse(_ text: String) -> GitCredentialRequest {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        return read { lines.popFirst() }
    }

    mutating func take(_ line: String) {
        guard let equals = line.firstIndex(of: "=") else { return }
        let key = line[..<equals]
        let value = String(line[line.index(after: equals)...])
        switch key {
        case "protocol": protocolName = value
        case "host": host = value
        case "path": path = value
        case "username": username = value
        case "password": password = value
        case "url": takeURL(value)
        default: break
        }
    }

    /// `protocol://[user[:password]@]host[:port][/path]`, as git's own `credential_from_url`
    /// splits it (without the user information).
    private mutating func takeURL(_ url: String) {
        guard let (scheme, after) = splitScheme(Substring(url)) else { return }
        protocolName = String(scheme)
        var rest = after
        var pathPart: Substring?
        if let slash = rest.firstIndex(of: "/") {
            pathPart = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        // User information is left out: kauth answers with its own user name and token.
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        host = String(rest)
        path = pathPart.flatMap { $0.isEmpty ? nil : String($0) }
    }
}

/// Docker's credential-helper protocol (docker-credential-helpers): `get` and `erase` read the
/// registry's server URL on stdin (a host, `host:port`, or a URL such as Docker Hub's
/// `https://index.docker.io/v1/`), whitespace around it dropped.
enum DockerCredentialRequest {
    /// The registry's `host[:port]`: a URL's authority without user information, else the text
    /// up to its first `/`; lowercased, as host names compare.
    static func host(of serverURL: String) -> String {
        var rest = Substring(serverURL)
        if let (_, after) = splitScheme(rest) { rest = after }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        return rest.lowercased()
    }

    /// The server URL as Docker's helpers read it: all of the input, whitespace around it dropped.
    static func serverURL(_ input: String) -> String { input.trimmingSpacesAndLineBreaks() }
}

/// `scheme://rest` as the scheme and the rest; nil without `://`.
private func splitScheme(_ text: Substring) -> (scheme: Substring, rest: Substring)? {
    var index = text.startIndex
    while index < text.endIndex {
        if text[index...].hasPrefix("://") {
            return (text[..<index], text[text.index(index, offsetBy: 3)...])
        }
        index = text.index(after: index)
    }
    return nil
}
