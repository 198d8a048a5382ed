import Foundation
import KAuthBasics
import KAuthCore

/// A clock that stands still until a test moves it, shared safely between the test and the
/// threads of a server under test.
///
/// `sleep` does not wait: it records the duration and moves the clock forward by it, so that
/// retry and backoff code runs instantly and its delays can be asserted.
package final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var recordedSleeps: [Duration] = []

    /// Starts at `start`, by default 2026-01-01T00:00:00Z: a whole second, so ISO 8601 texts
    /// written from it read back to the same instant.
    package init(_ start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = start
    }

    package var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Moves time forward (or back, with a negative value).
    package func advance(by seconds: TimeInterval) {
        lock.lock()
        defer { lock.unlock() }
        current = current.addingTimeInterval(seconds)
    }

    package func set(_ date: Date) {
        lock.lock()
        defer { lock.unlock() }
        current = date
    }

    /// Every duration passed to `clock.sleep`, in order.
    package var sleeps: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return recordedSleeps
    }

    private func recordSleep(_ duration: Duration) {
        lock.lock()
        defer { lock.unlock() }
        recordedSleeps.append(duration)
        let components = duration.components
        current = current.addingTimeInterval(
            TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18)
    }

    /// The `Clock` to inject.
    package var clock: Clock {
        Clock(
            now: { [self] in now },
            sleep: { [self] duration in
                try Task.checkCancellation()
                recordSleep(duration)
                await Task.yield()
            }
        )
    }
}
