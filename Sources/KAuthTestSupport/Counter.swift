import Foundation

/// A thread-safe counter (handler calls, threads still running).
package final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int

    package init(_ count: Int = 0) {
        self.count = count
    }

    package func increment() { lock.withLock { count += 1 } }
    package func decrement() -> Int {
        lock.withLock {
            count -= 1
            return count
        }
    }
    package var value: Int { lock.withLock { count } }
}
