import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A provider's JWK set (its `jwks_uri`), kept on disk next to the keystore for as long as the
/// provider's HTTP caching headers allow, so that validating an ID token usually costs no request.
///
/// The file is `$KAUTH_HOME/jwks/<hex SHA-256 of jwks_uri>.json`, `0600`, written atomically. A
/// fresh copy is used as is; a stale or missing one is fetched. When a token names a key that a
/// fresh copy lacks, the set is fetched once more (the provider may have rotated its keys, OIDC
/// Core §10.1.1) and then `IDTokenError.unknownKeyID` is thrown: one request per validation at
/// most, so a token with an invented `kid` cannot make kauth loop.
///
/// The file is only an optimisation: one that cannot be read, is corrupt, or is writable by others
/// is ignored (and replaced by the next fetch), and a failed write is not reported.
package struct JWKSCache: Sendable {
    /// How long a set is kept when the response says nothing about caching.
    static let defaultLifetime: TimeInterval = 3600
    /// The longest a set is kept whatever the response says: a withdrawn key should not stay
    /// trusted for the year a careless `max-age` may claim.
    static let maximumLifetime: TimeInterval = 86_400

    package let jwksURI: String
    /// The cache file.
    package let path: String

    private let directory: String
    private let fileSystem: FileSystem
    private let http: HTTPClient
    private let clock: Clock
    private let defaultLifetime: TimeInterval
    private let maximumLifetime: TimeInterval

    package init(
        jwksURI: String,
        paths: KAuthPaths,
        fileSystem: FileSystem,
        http: HTTPClient,
        clock: Clock,
        defaultLifetime: TimeInterval = JWKSCache.defaultLifetime,
        maximumLifetime: TimeInterval = JWKSCache.maximumLifetime
    ) {
        self.jwksURI = jwksURI
        self.directory = paths.home + "/jwks"
        self.path = directory + "/" + Self.hex(SHA256.hash(jwksURI)) + ".json"
        self.fileSystem = fileSystem
        self.http = http
        self.clock = clock
        self.defaultLifetime = defaultLifetime
        self.maximumLifetime = maximumLifetime
    }

    /// The cache of `jwksURI` under the world's `KAUTH_HOME`, with its files, HTTP and clock.
    package init(jwksURI: String, world: World) {
        self.init(
            jwksURI: jwksURI, paths: KAuthPaths.resolve(world.environment),
            fileSystem: world.fileSystem, http: world.http, clock: world.clock)
    }

    /// The set: the stored copy while it is fresh, else a fetched one.
    package func keys() async throws -> JWKSet {
        if let entry = freshEntry() { return entry.jwks }
        return try await fetch()
    }

    /// A set that has a key with `kid`, fetching when the stored copy is stale or missing, or is
    /// fresh but lacks `kid`; `IDTokenError.unknownKeyID` when even the fetched set lacks it.
    /// Without a `kid`, the same as `keys()`.
    ///
    /// Throws `KAuthError.unavailable` when the provider cannot be reached or answers with a
    /// server error, `KAuthError.invalidResponse` for any other answer that is not a JWK set.
    package func keys(forKid kid: String?) async throws -> JWKSet {
        if let entry = freshEntry() {
            guard let kid, entry.jwks.keys(withID: kid).isEmpty else { return entry.jwks }
        }
        let keys = try await fetch()
        if let kid, keys.keys(withID: kid).isEmpty {
            throw IDTokenError.unknownKeyID(kid)
        }
        return keys
    }

    /// Fetches the set now, stores it as its response allows, and returns it.
    @discardableResult
    package func refresh() async throws -> JWKSet {
        try await fetch()
    }

    // MARK: Fetching

    private func fetch() async throws -> JWKSet {
        let request = HTTPRequest(
            method: "GET", url: jwksURI,
            headers: [HTTPHeader("Accept", "application/jwk-set+json, application/json")])
        let response = try await http.perform(request)
        let shown = Redaction.url(jwksURI)
        switch response.status {
        case 200:
            break
        case 429, 500...:
            throw KAuthError.unavailable(.serverError(.jwks(url: shown), status: response.status))
        default:
            throw KAuthError.invalidResponse(.jwksStatus(url: shown, status: response.status))
        }
        let keys: JWKSet
        do {
            keys = try JSONDecoder().decode(JWKSet.self, from: response.body)
        } catch {
            throw KAuthError.invalidResponse(.notAKeySet(url: shown))
        }
        store(keys, headers: response.headers)
        return keys
    }

    // MARK: The file

    private struct Entry: Codable {
        var jwksURI: String
        var fetchedAt: Double
        var expiresAt: Double
        var jwks: JWKSet

        enum CodingKeys: String, CodingKey {
            case jwksURI = "jwks_uri"
            case fetchedAt = "fetched_at"
            case expiresAt = "expires_at"
            case jwks
        }
    }

    /// The stored entry, if there is one for this URI that is fresh now.
    private func freshEntry() -> Entry? {
        guard let info = try? fileSystem.fileInfo(path), !info.isDirectory,
            info.ownerID == fileSystem.currentUserID(), info.permissions & 0o022 == 0,
            let data = try? fileSystem.readFile(path),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.jwksURI == jwksURI
        else { return nil }
        let now = clock.now().timeIntervalSince1970
        // An entry "fetched" after now means the clock was set back: its age is unknown.
        guard entry.fetchedAt <= now, now < entry.expiresAt else { return nil }
        return entry
    }

    private func store(_ keys: JWKSet, headers: [HTTPHeader]) {
        let now = clock.now()
        guard let lifetime = HTTPFreshness.lifetime(headers: headers, now: now, default: defaultLifetime),
            lifetime > 0
        else {
            // `no-store`, or stale on arrival: an older copy must not outlive what the provider
            // just said, so it goes too.
            try? fileSystem.removeFile(path)
            return
        }
        let entry = Entry(
            jwksURI: jwksURI,
            fetchedAt: now.timeIntervalSince1970,
            expiresAt: now.timeIntervalSince1970 + min(lifetime, maximumLifetime),
            jwks: keys)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entry) else { return }
        try? fileSystem.createDirectory(directory, 0o700)
        try? fileSystem.writeFileAtomically(path, data, 0o600)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// How long a response may be reused, from its caching headers (RFC 9111 §4.2.1, §5.2.2).
enum HTTPFreshness {
    /// Seconds the response stays fresh from `now`, or nil when it must not be stored
    /// (`no-store`). `no-cache` counts as zero; `max-age` (less `Age`) wins over `Expires`, which is
    /// taken relative to the response's `Date` when there is one; a malformed value counts as
    /// already stale, as §4.2.1 and §5.3 ask; no header at all gives `default`.
    static func lifetime(headers: [HTTPHeader], now: Date, default defaultLifetime: TimeInterval) -> TimeInterval? {
        var directives: [String: String?] = [:]
        for header in headers where header.name.lowercased() == "cache-control" {
            for item in header.value.split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingWhitespace().lowercased()
                var value = parts.count > 1 ? parts[1].trimmingWhitespace() : nil
                // `max-age="60"` is invalid but common enough to accept (RFC 9111 §5.2).
                if let quoted = value, quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") {
                    value = String(quoted.dropFirst().dropLast())
                }
                // §4.2.1: with a directive given twice, the first one counts.
                if directives[name] == nil { directives[name] = value }
            }
        }
        if directives["no-store"] != nil { return nil }
        if directives["no-cache"] != nil { return 0 }
        let age = headers.value(for: "Age").flatMap { Int($0.trimmingWhitespace()) }.map(Double.init) ?? 0
        if let maxAge = directives["max-age"] {
            guard let maxAge, !maxAge.isEmpty, maxAge.allSatisfy(\.isASCIIDigit) else { return 0 }
            // A max-age too large for Int is as good as "forever"; the caller caps it.
            let seconds = Int(maxAge).map(Double.init) ?? .greatestFiniteMagnitude
            return max(0, seconds - age)
        }
        if let expires = headers.value(for: "Expires") {
            guard let expiresAt = HTTPDate.parse(expires) else { return 0 }
            let base = headers.value(for: "Date").flatMap(HTTPDate.parse) ?? now
            return max(0, expiresAt.timeIntervalSince(base) - age)
        }
        return defaultLifetime
    }
}

/// The IMF-fixdate form of an HTTP date (RFC 9110 §5.6.7), `Sun, 06 Nov 1994 08:49:37 GMT`: the
/// only form senders may generate. The obsolete forms parse to nil, which callers treat as "in the
/// past", as RFC 9111 §5.3 asks of invalid dates.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> Date? {
        let words = text.trimmingWhitespace().split(separator: " ")
        guard words.count == 6, words[0].count == 4, words[0].hasSuffix(","), words[5] == "GMT",
            words[1].count == 2, let day = Int(words[1]),
            let monthIndex = months.firstIndex(of: String(words[2])),
            words[3].count == 4, let year = Int(words[3])
        else { return nil }
        let clock = words[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysFromCivil(year: year, month: monthIndex + 1, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
