#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs kauth's async entry point on the thread that calls `run` (the main thread), so that a
/// command that never waits for anything — `kauth token` with a valid token, which scripts run
/// thousands of times a day — never starts Swift's global thread pool.
///
/// Why: an `await` from top-level code into a nonisolated async function hops to the global
/// concurrent executor, and its first job makes the runtime start a pool of worker threads
/// (four on a 2-core Linux machine, plus a monitor reading `/proc`). That cost about 1 ms of a
/// 4 ms `kauth token`, a quarter of its run, for work a single thread does in microseconds.
///
/// The task runs with this executor as its preference (SE-0417), so every nonisolated async
/// function it calls, and its child tasks, run here, one job at a time, in order. Work that
/// blocks (a libcurl transfer, reading standard input, the listener's sockets) already runs on
/// threads of its own and resumes the task through a continuation, which enqueues it here;
/// unstructured `Task {}`s and timers still use the global pool, on the paths that need them.
package final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
    // Allocated, not stored: pthread objects must not move, and Swift does not promise a stable
    // address for `&` of a stored property.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var finished = false

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs `operation` to its end on the calling thread and returns what it returned.
    package static func run(_ operation: @escaping @Sendable () async -> Int32) -> Int32 {
        let executor = MainThreadExecutor()
        let result = ResultBox()
        Task(executorPreference: executor) {
            let value = await operation()
            executor.finish(with: value, into: result)
        }
        executor.drain()
        return result.value
    }

    private func finish(with value: Int32, into result: ResultBox) {
        pthread_mutex_lock(mutex)
        result.value = value
        finished = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs jobs as they arrive until the operation has finished.
    private func drain() {
        let unowned = asUnownedTaskExecutor()
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !finished { pthread_cond_wait(condition, mutex) }
            if jobs.isEmpty {
                pthread_mutex_unlock(mutex)
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            pthread_mutex_unlock(mutex)
            for job in batch { job.runSynchronously(on: unowned) }
        }
    }

    private final class ResultBox: @unchecked Sendable {
        var value: Int32 = 0
    }
}
