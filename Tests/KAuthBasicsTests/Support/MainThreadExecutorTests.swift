import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

/// `MainThreadExecutor` runs the whole async entry point on the thread that calls it; what comes
/// back from other threads (continuations, child tasks, sleeps) must still arrive there.
@Suite struct MainThreadExecutorTests {
    /// The calling thread, as a number that survives crossing into a task.
    static func currentThread() -> UInt { UInt(pthread_self()) }

    @Test func theOperationRunsOnTheCallingThreadAndItsResultIsReturned() {
        let caller = Self.currentThread()
        let seen = Counter()
        let code = MainThreadExecutor.run {
            if Self.currentThread() == caller { seen.increment() }
            await Task.yield()
            if Self.currentThread() == caller { seen.increment() }
            return 42
        }
        #expect(code == 42)
        #expect(seen.value == 2, "every job of the task ran on the caller's thread")
    }

    @Test func aContinuationResumedFromAnotherThreadComesBack() throws {
        let caller = Self.currentThread()
        let code = MainThreadExecutor.run {
            let fromThread: Int32 = await withCheckedContinuation { continuation in
                try? startThread { continuation.resume(returning: 7) }
            }
            return Self.currentThread() == caller ? fromThread : -1
        }
        #expect(code == 7)
    }

    @Test func childTasksAndSleepsFinish() {
        let code = MainThreadExecutor.run {
            async let first: Int32 = {
                try? await Task.sleep(for: .milliseconds(20))
                return 1
            }()
            async let second: Int32 = { 2 }()
            let group = await withTaskGroup(of: Int32.self) { group in
                for value in 1...10 { group.addTask { Int32(value) } }
                return await group.reduce(0, +)
            }
            return await first + second + group
        }
        #expect(code == 58)
    }
}
