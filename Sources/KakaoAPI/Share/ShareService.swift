import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao Talk share from a desktop: Kakao validates the message with the app key, kauth checks the
/// SDK's 10 KB limit on what Kakao built, and the web sharer URL is where the user picks friends
/// or chats and sends — the SDK's path when Kakao Talk is not installed, and the only one a
/// desktop has. No user token is involved.
package struct ShareService: Sendable {
    /// A client of the provider's app-key APIs.
    package var client: APIClient
    /// kauth's version, for the `KA` agent string.
    package var version: String

    /// A service whose calls carry the app key; any user-token call through it is refused.
    package init(http: HTTPClient, clock: Clock, provider: Provider, version: String) throws {
        try provider.require(.share)
        client = APIClient(
            http: http, clock: clock, provider: provider,
            credentials: BearerCredentials(
                profile: "",
                current: { throw KAuthError.userTokenForShare() },
                recover: { _, message in throw KAuthError.appKeyRejected(provider: provider.name, message: message) }
            )
        )
        self.version = version
    }

    /// A share ready to send: the sharer URL and what Kakao said about the message.
    package struct Prepared: Sendable {
        package var sharerURL: String
        /// Bytes of the message as the SDK measures it, and the limit.
        package var messageBytes: Int
        package var messageLimit: Int
        /// Kakao's warnings about the template and its arguments, `(key, message)` by key.
        package var warnings: [(key: String, message: String)]
        /// The validation answer as Kakao sent it.
        package var validation: Data
    }

    /// Validates `message` at Kakao, measures it, and builds the sharer URL.
    ///
    /// - Parameter callbacks: the "server callback args" (`lcba`), for the app's callback URL.
    package func prepare(_ message: ShareMessage, callbacks: [String: String]) async throws -> Prepared {
        let provider = client.provider
        guard let appKey = provider.appKey else { throw KAuthError.missingSetting(.appKey, provider: provider.name) }
        let result = try await client.send(ShareValidationRequest(message: message))
        let validation = result.value
        let agent = KakaoAgent.value(version: version)
        var extras = ["KA": agent]
        if !callbacks.isEmpty { extras["lcba"] = ShareParameters.argsJSON(callbacks) }
        let size = ShareMessageSize.measure(
            templateMessage: validation.templateMessage,
            templateID: validation.templateID,
            templateArgs: validation.arguments,
            appKey: appKey,
            appVersion: version,
            extras: extras
        )
        if let violation = ShareMessageSize.violation(size: size) {
            throw KAuthError.invalidTemplate(violations: [violation])
        }
        let url = SharerURL.make(
            base: try provider.url(.sharer), appKey: appKey, message: message, agent: agent, callbackArgs: callbacks)
        return Prepared(
            sharerURL: url, messageBytes: size, messageLimit: ShareMessageSize.limit, warnings: validation.warnings,
            validation: result.body)
    }

    /// Uploads an image for templates (after the local checks of `ImageUploadRequest`'s caller).
    package func upload(_ request: ImageUploadRequest) async throws -> ImageUploadResult {
        try await client.send(request).value
    }

    /// Has Kakao fetch an image from the web.
    package func scrapImage(_ url: String) async throws -> ImageUploadResult {
        try await client.send(ImageScrapRequest(imageURL: url)).value
    }
}
