import KAuthCore
import Testing

/// The error `body` throws, as an `IDTokenError`: nil when it throws nothing, and an issue
/// recorded when it throws something else.
package func idTokenError(_ body: () throws -> Void) -> IDTokenError? {
    do {
        try body()
        return nil
    } catch let error as IDTokenError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

/// `idTokenError` for an asynchronous `body`.
package func idTokenError(_ body: () async throws -> Void) async -> IDTokenError? {
    do {
        try await body()
        return nil
    } catch let error as IDTokenError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}
