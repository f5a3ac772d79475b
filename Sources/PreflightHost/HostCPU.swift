import Glibc

/// How many CPUs this process may really use: the smallest of the CPUs online, the
/// scheduler's affinity mask (`taskset`, a container's `cpuset`) and the cgroup v2 quota
/// (`cpu.max`, what Kubernetes sets from a pod's CPU limit). Every thread pool of the
/// service is sized from it, so a 2-CPU pod on a 64-core node starts 2 workers, not 64.
///
/// ```swift
/// let workers = HostCPU.count  // 2 under `taskset -c 0,1`
/// ```
public enum HostCPU {
    /// Read once, at first use.
    public static let count: Int = budget(
        online: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), affinity: affinityCount(),
        quota: readFile("/sys/fs/cgroup/cpu.max").flatMap(quotaCPUs))

    /// The budget from its three sources; nil means "no limit from that source".
    public static func budget(online: Int, affinity: Int?, quota: Int?) -> Int {
        var count = max(1, online)
        if let affinity, affinity > 0 { count = min(count, affinity) }
        if let quota, quota > 0 { count = min(count, quota) }
        return count
    }

    /// CPUs a cgroup v2 `cpu.max` line allows, rounded up: `"150000 100000"` is 2,
    /// `"max 100000"` is nil (no quota). nil too for text that does not parse.
    public static func quotaCPUs(_ text: String) -> Int? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, fields[0] != "max", let quota = Int(fields[0]), let period = Int(fields[1]),
            quota > 0, period > 0
        else { return nil }
        return (quota + period - 1) / period
    }

    /// CPUs in the process's affinity mask, from the `Cpus_allowed:` line of `/proc/self/status`
    /// (Glibc's module does not export `sched_getaffinity`, a `_GNU_SOURCE` function).
    private static func affinityCount() -> Int? {
        guard let status = readFile("/proc/self/status", limit: 16384) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed:") {
            return maskCPUs(String(line.dropFirst("Cpus_allowed:".count)))
        }
        return nil
    }

    /// CPUs set in a kernel CPU mask written in hex with comma-separated words (`"ff"`, `"00000000,00000003"`).
    public static func maskCPUs(_ text: String) -> Int? {
        var count = 0
        var digits = 0
        for character in text where character != "," && character != " " && character != "\t" {
            guard let value = character.hexDigitValue else { return nil }
            count += value.nonzeroBitCount
            digits += 1
        }
        return digits > 0 ? count : nil
    }

    private static func readFile(_ path: String, limit: Int = 256) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = fread(&bytes, 1, limit, file)
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }
}
