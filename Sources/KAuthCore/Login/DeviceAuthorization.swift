import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// RFC 8628: the device authorization grant, for machines where no browser can reach the
/// loopback listener.
///
/// Everything in the provider's answer is untrusted: the verification URIs are used only when they
/// are https (or on this machine), the interval is kept between 1 and 60 seconds, and the wait
/// never outlasts the smaller of the code's lifetime and the user's timeout.
struct DeviceAuthorization: Decodable, Sendable, Equatable {
    var deviceCode: String
    var userCode: String
    var verificationURI: String
    var verificationURIComplete: String?
    var expiresIn: Int
    /// Seconds between polls (default 5, RFC 8628 §3.2).
    var interval: Int?

    /// The interval kauth keeps to, whatever the provider says.
    static let intervalRange = 1...60

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationURI = "verification_uri"
        case verificationURIComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
    }

    init(
        deviceCode: String, userCode: String, verificationURI: String, verificationURIComplete: String?, expiresIn: Int,
        interval: Int?
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceCode = try container.decode(String.self, forKey: .deviceCode)
        userCode = try container.decode(String.self, forKey: .userCode)
        verificationURI = try container.decode(String.self, forKey: .verificationURI)
        verificationURIComplete = try? container.decodeIfPresent(String.self, forKey: .verificationURIComplete)
        expiresIn = container.seconds(.expiresIn, clampedTo: 0...86_400) ?? 0
        interval = container.seconds(.interval, clampedTo: 0...3600)
    }

    /// The verification URI, when it is safe to show and open (https, or http on this machine).
    var safeVerificationURI: String? { Self.safe(verificationURI) }
    /// The same for `verification_uri_complete`.
    var safeVerificationURIComplete: String? { verificationURIComplete.flatMap(Self.safe) }

    private static func safe(_ uri: String) -> String? {
        (try? Provider.requireSecure(uri, label: "verification_uri")) != nil
            && URLComponents(string: uri)?.host != nil ? uri : nil
    }

    /// RFC 8628 §3.1–3.2: `client_id` and `scope` to the device authorization endpoint.
    static func start(endpoint: String, provider: Provider, scopes: [String], world: World) async throws
        -> DeviceAuthorization
    {
        var pairs: [(String, String)] = []
        if !scopes.isEmpty { pairs.append(("scope", scopes.joined(separator: " "))) }
        let credentials = try provider.tokenCredentials(fileSystem: world.fileSystem)
        let http = world.http.trusting(provider.tls)
        func ask(_ credentials: ClientCredentials) async throws -> HTTPResponse {
            let (form, headers) = try credentials.apply(
                to: pairs, at: endpoint, clock: world.clock, random: world.random)
            return try await http.perform(
                .form(endpoint, form, headers: headers + [HTTPHeader("Accept", "application/json")]))
        }
        var response = try await ask(credentials)
        if let alone = credentials.withEndpointAudience(at: endpoint, after: response) {
            response = try await ask(alone)
        }
        guard response.status == 200,
            let authorization = try? JSONDecoder().decode(DeviceAuthorization.self, from: response.body)
        else {
            if let failure = OAuthErrorResponse.decode(response.body) {
                throw KAuthError.oauth(failure.failure(provider: provider))
            }
            if response.status >= 500 {
                throw KAuthError.unavailable(.serverError(.deviceAuthorization, status: response.status))
            }
            throw KAuthError.invalidResponse(.noDeviceCode(status: response.status))
        }
        guard authorization.safeVerificationURI != nil else {
            throw KAuthError.invalidResponse(.insecureVerificationURI)
        }
        return authorization
    }

    /// RFC 8628 §3.4–3.5: poll until tokens, a denial or expiry; `slow_down` adds 5 s to the interval for
    /// good.
    static func poll(
        _ authorization: DeviceAuthorization, provider: Provider, world: World, lifetime: Duration
    ) async throws -> TokenResponse {
        let clock = world.clock
        let endpoint = TokenEndpoint(world: world, provider: provider)
        var interval = (authorization.interval ?? 5).clamped(to: intervalRange)
        let seconds = min(Int(lifetime.components.seconds), authorization.expiresIn)
        let deadline = clock.now().addingTimeInterval(TimeInterval(seconds))
        while true {
            let remaining = deadline.timeIntervalSince(clock.now())
            guard remaining > 0 else { break }
            try await clock.sleep(.seconds(min(Double(interval), remaining)))
            do {
                return try await endpoint.pollDevice(deviceCode: authorization.deviceCode)
            } catch KAuthError.oauth(let failure) {
                switch failure.error {
                case "authorization_pending": continue
                case "slow_down": interval = (interval + 5).clamped(to: intervalRange)
                case "access_denied": throw KAuthError.loginCancelled(.deviceDenied(provider: provider.displayName))
                case "expired_token": throw KAuthError.loginCancelled(.deviceExpired)
                default: throw KAuthError.oauth(failure)
                }
            }
        }
        throw KAuthError.loginCancelled(.deviceTimedOut(seconds: seconds))
    }
}

extension Comparable {
    /// The value kept within `range`.
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
