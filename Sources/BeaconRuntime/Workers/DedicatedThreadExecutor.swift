import Foundation

/// Runs async work on one thread of its own, in the order it comes, instead of Swift's cooperative pool.
///
/// The pool has as many threads as cores (two here), and the runtime's synchronous parts (engines running for
/// seconds, a test waiting on a process) can hold all of them; async work that must go on meanwhile (the helpers'
/// hub's calls while the assistant's loop runs) asks for this executor (`Task(executorPreference:)`) and keeps going.
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false

    public init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the thread end once the work already given is done; work given later never runs.
    public func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            let next: UnownedJob? = condition.withLock {
                while jobs.isEmpty && !stopped { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
