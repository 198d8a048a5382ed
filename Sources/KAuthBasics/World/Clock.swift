#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Wall-clock time and sleeping, injected so that expiry logic and backoff are testable.
package struct Clock: Sendable {
    /// The current instant.
    package var now: @Sendable () -> Date
    /// Suspends the caller; throws when the task is cancelled.
    package var sleep: @Sendable (_ duration: Duration) async throws -> Void

    package init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock.
    package static let live = Clock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}
