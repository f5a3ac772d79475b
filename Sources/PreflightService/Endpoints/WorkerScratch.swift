import Glibc
import PreflightCore

/// What a worker thread keeps from one payload-only check to its next: the findings array,
/// emptied with its capacity kept, so that the next check's findings go into it.
///
/// Per thread rather than per connection: a libmicrohttpd worker runs one handler at a time, so
/// the thread's own is free whenever a handler runs on it, with no lock (a pool shared by every
/// thread would take one a request); the HTTP layer, which owns the connections, knows nothing of
/// findings; Core has no threads, so the Service hands it in (`PreflightCheck.begin(findings:)`).
/// A thread that ends frees its own (the key's destructor).
final class WorkerScratch {
    /// An array with room for more findings than this is let go: a payload with hundreds of
    /// findings does not pin its array to the thread.
    static let keptFindings = 64

    private var findings: [Finding] = []

    /// The calling thread's, made on its first use.
    static var current: WorkerScratch {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<WorkerScratch>.fromOpaque(raw).takeUnretainedValue()
        }
        let made = WorkerScratch()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            guard let raw else { return }
            Unmanaged<WorkerScratch>.fromOpaque(raw).release()
        }
        return key
    }()

    /// A collector for the next check, into the kept array (empty by then: the last check's
    /// report is gone).
    func takeFindings() -> Findings {
        var taken: [Finding] = []
        swap(&taken, &findings)
        return Findings(reusing: taken)
    }

    /// Keeps `array` (a report's findings, once its answer is written) for the next check.
    func keep(_ array: [Finding]) {
        guard array.capacity <= Self.keptFindings else { return }
        findings = array
    }
}
