import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// User properties: the string values an app keeps on its users under keys registered in the
/// console (update profile and signup).
enum SandboxProperties {
    /// Kakao's default keys, filled from the profile until the app sets them.
    static let defaultKeys = ["nickname", "profile_image", "thumbnail_image"]

    /// The app's registered keys: the default ones, then its own.
    static func registered(_ configuration: SandboxConfiguration) -> [String] {
        defaultKeys + configuration.customPropertyKeys.filter { !defaultKeys.contains($0) }
    }

    enum ParseError: Error, Equatable {
        case notAJSONObject
        case unregistered(String)
        case notAString(String)
    }

    /// Reads `properties`, a JSON object of string values (`{"level":"3"}`). A key that is not
    /// registered is `unregistered` (Kakao's -201) even when its value is also wrong.
    static func parse(_ text: String, registered: [String]) throws -> [String: String] {
        guard let object = try? JSONDecoder().decode([String: Value].self, from: Data(text.utf8)) else {
            throw ParseError.notAJSONObject
        }
        let keys = object.keys.sorted()
        if let key = keys.first(where: { !registered.contains($0) }) {
            throw ParseError.unregistered(key)
        }
        var values: [String: String] = [:]
        for key in keys {
            guard case .string(let value) = object[key] else { throw ParseError.notAString(key) }
            values[key] = value
        }
        return values
    }

    /// A property value as sent: only strings are kept.
    private enum Value: Decodable {
        case string(String)
        case other

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else {
                self = .other
            }
        }
    }
}

/// `POST /v1/user/update_profile` and `POST /v1/user/signup`.
extension SandboxEngine {
    /// `POST /v1/user/update_profile` with form `properties` = JSON object: stores the values
    /// (`/v2/user/me` then lists them under `properties`) and answers `{"id"}`. An unregistered
    /// key is 400 -201 and nothing is stored. A user the app has not signed up yet (auto-link
    /// off) is not linked: -101.
    mutating func updateProfile(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        guard state.consents[caller.consentIndex].signedUp else {
            return Self.apiError(
                400, -101, "not registered user: the app has not signed this user up (POST /v1/user/signup)", &entry)
        }
        guard let text = Self.parameters(request).first(named: "properties") else {
            return Self.apiError(
                400, -2, "properties is required: a JSON object of string values, e.g. {\"level\":\"3\"}", &entry)
        }
        let values: [String: String]
        switch parseProperties(text, &entry) {
        case .success(let parsed): values = parsed
        case .failure(let refusal): return refusal.response
        }
        state.consents[caller.consentIndex].properties.merge(values) { _, new in new }
        return .json(200, OrderedJSON.object([("id", .int(Int(caller.user.id)))]).data)
    }

    /// `POST /v1/user/signup` with optional form `properties`: links the user to an app with
    /// auto-link off and answers `{"id"}`. With auto-link on, or a second time: 400 -102.
    mutating func signup(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        if configuration.autoLink {
            return Self.apiError(
                400, -102, "already registered user: the app links users at login (auto-link is on)", &entry)
        }
        guard !state.consents[caller.consentIndex].signedUp else {
            return Self.apiError(400, -102, "already registered user", &entry)
        }
        var values: [String: String] = [:]
        if let text = Self.parameters(request).first(named: "properties") {
            switch parseProperties(text, &entry) {
            case .success(let parsed): values = parsed
            case .failure(let refusal): return refusal.response
            }
        }
        state.consents[caller.consentIndex].signedUp = true
        state.consents[caller.consentIndex].properties.merge(values) { _, new in new }
        return .json(200, OrderedJSON.object([("id", .int(Int(caller.user.id)))]).data)
    }

    private func parseProperties(_ text: String, _ entry: inout SandboxLogEntry) -> Result<
        [String: String], Unauthorized
    > {
        do {
            return .success(try SandboxProperties.parse(text, registered: SandboxProperties.registered(configuration)))
        } catch SandboxProperties.ParseError.unregistered(let key) {
            return .failure(
                Unauthorized(
                    response: Self.apiError(
                        400, -201, "user property not found: \(key) is not a registered property key of this app",
                        &entry)))
        } catch SandboxProperties.ParseError.notAString(let key) {
            return .failure(
                Unauthorized(
                    response: Self.apiError(400, -2, "invalid properties: the value of \(key) must be a string", &entry)
                ))
        } catch {
            return .failure(
                Unauthorized(
                    response: Self.apiError(
                        400, -2,
                        "invalid properties: a JSON object of string values is expected, e.g. {\"level\":\"3\"}", &entry
                    )))
        }
    }
}
