import Foundation
import Glibc

/// Starts the service's own threads under a name the kernel knows, so `top -H`, `ps -T`,
/// `/proc/PID/task/*/comm` and a profiler tell them apart. Foundation's `Thread.name`, set before
/// `start`, does not reach the kernel on Linux (every thread shows as `preflight`), so the thread
/// names itself before it runs `body`: it writes its `comm`, as proc(5) allows ("/proc/pid/task/tid/comm
/// ... a thread may modify its comm value"), through `/proc/thread-self` (Linux 3.17). Glibc's
/// `pthread_setname_np` does the same but is a GNU extension Swift's Glibc module does not offer.
///
/// ```swift
/// HostThread.start(named: "pf-access-log") { drain() }
/// ```
public enum HostThread {
    /// The longest name the kernel keeps (`TASK_COMM_LEN` 16, with the terminating zero); the
    /// kernel cuts a longer one, so the names are held under it.
    public static let maxNameBytes = 15

    /// Starts `body` on a new thread named `name` (at most `maxNameBytes` bytes).
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) {
        precondition(name.utf8.count <= maxNameBytes, "thread name \(name) is over \(maxNameBytes) bytes")
        let thread = Thread {
            nameCurrentThread(name)
            body()
        }
        thread.name = name
        thread.start()
    }

    /// Writes the calling thread's `comm`. A name that does not take (no /proc mounted) leaves the
    /// thread unnamed and working: a name is for people reading the process, never for the service.
    @discardableResult
    static func nameCurrentThread(_ name: String) -> Bool {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        let written = name.utf8CString.withUnsafeBufferPointer { text in
            write(descriptor, text.baseAddress, text.count - 1)
        }
        // A written /proc file has nothing buffered for close to report.
        _ = close(descriptor)
        return written == name.utf8.count
    }
}
