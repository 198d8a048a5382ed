import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The RFC 8628 device authorization grant, a sandbox addition (Kakao does not offer it): for
/// testing a client's headless login. `POST /oauth/device/code` hands out the codes,
/// `GET /device?user_code=…` is the user approving on another device, and the token endpoint
/// answers `grant_type=urn:ietf:params:oauth:grant-type:device_code` polls.
extension SandboxEngine {
    static let deviceGrantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// Seconds a device code lives (RFC 8628 §3.2 `expires_in`).
    static let deviceCodeLifetime = 600
    /// RFC 8628 §3.5: each `slow_down` adds 5 seconds to the interval.
    static let slowDownStep = 5
    /// RFC 8628 §6.1's alphabet: 20 consonants, no vowels (no words) and no digits (none to
    /// confuse with letters).
    private static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    /// `POST /oauth/device/code`, form `client_id` (client authentication as at the token
    /// endpoint) and `scope` (optional; the consent items `/oauth/authorize` accepts, `openid`
    /// included) → `{"device_code","user_code","verification_uri","verification_uri_complete",
    /// "expires_in","interval"}`.
    mutating func deviceAuthorization(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        let form = request.form
        entry.clientID = form.first(named: "client_id")
        entry.scope = form.first(named: "scope")
        let clientID: String
        switch authenticateClient(request, form, &entry) {
        case .success(let value): clientID = value
        case .failure(let refusal): return refusal.response
        }
        let asked = form.first(named: "scope").map(SandboxScopes.parse) ?? []
        if let unknown = asked.first(where: { !SandboxScopes.known.contains($0) }) {
            return Self.oauthError(400, "invalid_scope", "unknown scope: \(unknown)", "KOE001", &entry)
        }

        let deviceCode = SandboxSecrets.make(random)
        var userCode = makeUserCode()
        while state.deviceCodes.values.contains(where: { $0.userCode == userCode }) { userCode = makeUserCode() }
        let interval = configuration.deviceInterval
        state.deviceCodes[deviceCode] = DeviceCodeRecord(
            deviceCode: deviceCode,
            userCode: userCode,
            clientId: clientID,
            scopes: SandboxScopes.normalize(asked),
            openid: asked.contains("openid"),
            expiresAt: now.addingTimeInterval(TimeInterval(Self.deviceCodeLifetime)),
            interval: interval,
            lastPolledAt: nil,
            status: .pending
        )
        let verification = configuration.effectiveIssuer + "/device"
        return .json(
            200,
            OrderedJSON.object([
                ("device_code", .string(deviceCode)),
                ("user_code", .string(userCode)),
                ("verification_uri", .string(verification)),
                (
                    "verification_uri_complete",
                    .string(verification + "?" + FormURLEncoding.encode([("user_code", userCode)]))
                ),
                ("expires_in", .int(Self.deviceCodeLifetime)),
                ("interval", .int(interval))
            ]).data)
    }

    /// `XXXX-XXXX` from `userCodeAlphabet`: 20^8 ≈ 2^34.6 codes, enough for a code that lives ten
    /// minutes (RFC 8628 §5.1). Bytes of 240 and up are drawn again, so every letter is equally
    /// likely.
    private func makeUserCode() -> String {
        var letters: [Character] = []
        while letters.count < 8 {
            for byte in random.bytes(16) where byte < 240 && letters.count < 8 {
                letters.append(Self.userCodeAlphabet[Int(byte) % Self.userCodeAlphabet.count])
            }
        }
        return String(letters[0..<4]) + "-" + String(letters[4...])
    }

    /// A user code as typed: case, dashes and spaces do not matter (RFC 8628 §6.1).
    private static func normalizedUserCode(_ text: String) -> String {
        let letters = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard letters.count == 8 else { return letters }
        return String(letters.prefix(4)) + "-" + String(letters.dropFirst(4))
    }

    /// The live (unexpired) device code whose user code is `text`.
    private func deviceCode(userCode text: String) -> String? {
        let userCode = Self.normalizedUserCode(text)
        return state.deviceCodes.first { $0.value.userCode == userCode && $0.value.expiresAt > now }?.key
    }

    /// `GET /device?user_code=…`: the simulated user opens the verification page, is logged in
    /// and approves at once (or refuses, when the configuration says `deny`), agreeing to the
    /// scopes asked for as at `/oauth/authorize`. An HTML page says what happened.
    mutating func devicePage(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let text = request.query.first(named: "user_code")
        entry.userCodeSent = text != nil
        guard let text, !text.isEmpty else {
            return Self.devicePage(
                400, "Enter the code shown on your device",
                "Open this page with ?user_code=XXXX-XXXX: the sandbox has no form to type it in.", &entry,
                error: "invalid_request")
        }
        guard let key = deviceCode(userCode: text), let record = state.deviceCodes[key] else {
            return Self.devicePage(
                404, "Unknown code", "This code does not exist or has expired. Start the login on your device again.",
                &entry, error: "invalid_request")
        }
        entry.clientID = record.clientId
        entry.scope = record.scopes.joined(separator: " ")
        switch record.status {
        case .approved:
            return Self.devicePage(
                200, "Already approved", "This device is already signed in. You can close this page.", &entry)
        case .denied:
            return Self.devicePage(
                403, "Access denied", "This request was refused. Start the login on your device again.", &entry,
                error: "access_denied")
        case .pending:
            break
        }
        if configuration.deny {
            state.deviceCodes[key]?.status = .denied
            return Self.devicePage(
                403, "Access denied", "The sandbox user refused access (the sandbox is configured to deny).", &entry,
                error: "access_denied")
        }
        let user = state.users[0]
        var approved = record
        approved.scopes = consent(user: user.id, clientID: record.clientId, requested: record.scopes, terms: [])
        approved.status = .approved
        approved.userId = user.id
        approved.approvedAt = now
        state.deviceCodes[key] = approved
        return Self.devicePage(
            200, "Device approved",
            "\(user.nickname) signed in on the device. You can close this page and return to it.", &entry)
    }

    /// `POST /_sandbox/device/deny`, form `user_code`: the user refuses, so polls answer
    /// `access_denied`.
    mutating func denyDevice(_ form: [(String, String)]) -> HTTPServerResponse {
        guard let text = form.first(named: "user_code"), let key = deviceCode(userCode: text) else {
            return .json(
                404, OrderedJSON.object([("error", .string("no live device authorization with that user_code"))]).data)
        }
        guard state.deviceCodes[key]?.status == .pending else {
            return .json(
                409,
                OrderedJSON.object([
                    (
                        "error",
                        .string("that device authorization is already \(state.deviceCodes[key]!.status.rawValue)")
                    )
                ]).data)
        }
        state.deviceCodes[key]?.status = .denied
        return .json(
            200,
            OrderedJSON.object([
                ("user_code", .string(state.deviceCodes[key]!.userCode)),
                ("status", .string("denied"))
            ]).data)
    }

    /// The token endpoint's device grant (RFC 8628 §3.4, §3.5). Checked in this order: the code
    /// and its client, expiry (`expired_token`), polling faster than the interval (`slow_down`,
    /// and the interval grows by 5 s), a refusal (`access_denied`), no decision yet
    /// (`authorization_pending`). An approved code gives tokens once and is then spent.
    mutating func redeemDeviceCode(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        guard let deviceCode = form.first(named: "device_code"), !deviceCode.isEmpty else {
            return Self.oauthError(400, "invalid_request", "device_code is required", "KOE001", &entry)
        }
        guard let record = state.deviceCodes[deviceCode], record.clientId == clientID else {
            return Self.standardError(400, "invalid_grant", "device_code not found", &entry)
        }
        guard record.expiresAt > now else {
            return Self.standardError(400, "expired_token", "the device_code has expired: start again", &entry)
        }
        let tooSoon = record.lastPolledAt.map { now.timeIntervalSince($0) < TimeInterval(record.interval) } ?? false
        state.deviceCodes[deviceCode]?.lastPolledAt = now
        if tooSoon {
            let interval = record.interval + Self.slowDownStep
            state.deviceCodes[deviceCode]?.interval = interval
            return Self.standardError(
                400, "slow_down", "polling too fast: wait at least \(interval) seconds between requests", &entry)
        }
        switch record.status {
        case .denied:
            return Self.standardError(400, "access_denied", "the user refused the device authorization", &entry)
        case .pending:
            return Self.standardError(
                400, "authorization_pending", "the user has not yet approved the device authorization", &entry)
        case .approved:
            break
        }
        state.deviceCodes[deviceCode] = nil
        guard let userID = record.userId else {
            return Self.standardError(400, "invalid_grant", "device_code not found", &entry)
        }
        let openid = record.openid
        return tokenResponse(
            userID: userID, clientID: clientID, grantID: SandboxSecrets.make(random), scopes: record.scopes,
            idToken: openid ? IDTokenRequest(authTime: record.approvedAt ?? now, nonce: nil) : nil,
            refreshToken: configuration.issueRefreshTokens, &entry
        )
    }

    /// An OAuth error body without a KOE code (`{"error","error_description"}`, RFC 6749 §5.2),
    /// for the answers Kakao has no code for: the device grant's polling errors.
    static func standardError(_ status: Int, _ error: String, _ description: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        entry.error = error
        return .json(
            status,
            OrderedJSON.object([
                ("error", .string(error)),
                ("error_description", .string(description))
            ]).data)
    }

    private static func devicePage(
        _ status: Int, _ title: String, _ message: String, _ entry: inout SandboxLogEntry, error: String? = nil
    ) -> HTTPServerResponse {
        entry.error = error
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>kauth sandbox: \(HTML.escape(title))</title></head>
            <body><h1>\(HTML.escape(title))</h1>
            <p>\(HTML.escape(message))</p>
            <p>This is the kauth sandbox, a local stand-in for a provider's device login page.</p></body></html>

            """
        return .html(status, page)
    }
}
