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
    private let state = Condition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    private init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock {
            jobs.append(job)
            state.broadcast()
        }
    }

    /// Runs `operation` to its end on the calling thread and returns what it returned.
    package static func run(_ operation: @escaping @Sendable () async -> Int32) -> Int32 {
        let executor = MainThreadExecutor()
        let result = ResultBox()
        Task(executorPreference: executor) {
            let value = await operation()
            executor.state.withLock {
                result.value = value
                executor.finished = true
                executor.state.broadcast()
            }
        }
        executor.drain()
        return result.value
    }

    /// Runs jobs as they arrive until the operation has finished.
    private func drain() {
        let unowned = asUnownedTaskExecutor()
        while true {
            let batch: [UnownedJob] = state.withLock {
                while jobs.isEmpty && !finished { state.wait() }
                defer { jobs.removeAll(keepingCapacity: true) }
                return jobs
            }
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: unowned) }
        }
    }

    private final class ResultBox: @unchecked Sendable {
        var value: Int32 = 0
    }
}
