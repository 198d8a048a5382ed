#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex over `pthread_mutex_t`. kauth links FoundationEssentials only (Foundation's
/// start-up work is a large part of a `kauth token` run), so NSLock is not available.
/// `Condition` adds a condition variable on the same mutex.
package class Lock: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Why `startThread` could not start a thread.
package struct ThreadStartError: Error, Sendable, Equatable {
    /// `pthread_create`'s error: EAGAIN when a process, thread or memory limit is reached.
    package var code: Int32

    init(code: Int32) {
        self.code = code
    }

    package var reason: String { String(cString: strerror(code)) }
}

/// Runs `body` on a new detached thread: for blocking work (socket accept loops, a blocking
/// read of standard input, a libcurl transfer) that must not occupy Swift's cooperative pool.
///
/// Throws instead of trapping when the system refuses a thread (a process or thread limit, no
/// memory for the stack): that can be caused from outside, by another local user's connections
/// to the loopback listener, and must cost at most the work that needed the thread.
///
/// - Parameter stackSize: the thread's stack in bytes; nil keeps the system's default (8 MiB on
///   Linux). Threads that may exist by the dozen ask for less, so that they do not reserve (and,
///   under strict overcommit, commit) hundreds of megabytes between them.
package func startThread(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) throws(ThreadStartError) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize {
        let status = pthread_attr_setstacksize(&attributes, stackSize)
        if status != 0 { throw ThreadStartError(code: status) }
    }
    let box = Unmanaged.passRetained(Box(body))
    #if canImport(Glibc)
        var thread = pthread_t()
    #else
        var thread: pthread_t?
    #endif
    let status = pthread_create(
        &thread, &attributes,
        { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
    if status != 0 {
        // The thread never ran, so the box it would have released is released here.
        box.release()
        throw ThreadStartError(code: status)
    }
}

/// A mutex with a condition variable, for a thread that sleeps until another one changes
/// something (a slot frees up, `stop()` is called) or a timeout passes.
final class Condition: Lock, @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    override init() {
        condition = .allocate(capacity: 1)
        #if canImport(Glibc)
            // Timed waits measure on the monotonic clock: a wall-clock step must not stretch them.
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(condition, &attributes)
            pthread_condattr_destroy(&attributes)
        #else
            pthread_cond_init(condition, nil)
        #endif
        super.init()
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Wakes every waiting thread. Call with the lock held.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Sleeps until woken. Call with the lock held; it is held again on return.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Sleeps until woken or `timeout` has passed. Call with the lock held; it is held again on
    /// return. Callers re-check what they wait for: a wake-up can be spurious.
    func wait(timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(attoseconds / 1_000_000_000)
        #if canImport(Glibc)
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let total = Int(now.tv_nsec) + nanoseconds
            var deadline = timespec(
                tv_sec: now.tv_sec + Int(seconds) + total / 1_000_000_000, tv_nsec: total % 1_000_000_000)
            pthread_cond_timedwait(condition, mutex, &deadline)
        #else
            var relative = timespec(tv_sec: Int(seconds), tv_nsec: nanoseconds)
            pthread_cond_timedwait_relative_np(condition, mutex, &relative)
        #endif
    }
}
