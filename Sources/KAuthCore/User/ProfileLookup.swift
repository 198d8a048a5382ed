import KAuthBasics

/// One profile call with a fresh access token, to cache who logged in. Nothing depends on it: a
/// failure costs the cache only, and the caller decides whether to say so.
enum ProfileLookup {
    /// The cached user from the provider's profile; nil when the provider has no profile API
    /// (an OpenID Connect provider without userinfo).
    /// A userinfo answer about another subject than `idTokenSubject` is refused (`foreignUserinfo`).
    static func cachedUser(
        world: World, provider: Provider, accessToken: String, profile: String, idTokenSubject: String? = nil
    ) async throws(KAuthError) -> CachedUser? {
        let client = APIClient(
            http: world.http, clock: world.clock, provider: provider,
            credentials: BearerCredentials(
                profile: profile,
                current: { accessToken },
                recover: { _, message in
                    throw KAuthError.sessionExpired(profile: profile, reason: .rejectedAfterRefresh(message: message))
                }
            )
        )
        let api = UserAPI(client: client)
        do {
            return api.cachedUser(from: try await api.profile(idTokenSubject: idTokenSubject).value)
        } catch KAuthError.unsupported(_, .userinfo) {
            return nil
        } catch let error as KAuthError {
            throw error
        } catch {
            throw .unexpected(description: "\(error)")
        }
    }
}
