import Foundation

/// A thread-safe counter for handler calls.
package final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    package init() {}

    package func increment() { lock.withLock { count += 1 } }
    package var value: Int { lock.withLock { count } }
}
