import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`): every connection and every file the storage
/// opens takes a descriptor, and the common soft limit of 1024 is soon reached by a crowd of idle
/// connections, after which SQLite can no longer open its files.
public enum DescriptorLimit {
    /// The soft and hard limits now, or nil when they cannot be read.
    public static func current() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return nil }
        return (Self.count(limit.rlim_cur), Self.count(limit.rlim_max))
    }

    /// Raises the soft limit to the hard limit, as a server that expects many connections should at
    /// start (the hard limit is the administrator's; the soft one is only a default).
    ///
    /// - Returns: The soft limit before and after, and the hard limit; nil when they cannot be read.
    @discardableResult
    public static func raiseSoftLimit() -> (before: Int, after: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return nil }
        let before = limit.rlim_cur
        #if canImport(Darwin)
            // macOS refuses RLIM_INFINITY and anything above OPEN_MAX for this resource.
            let wanted = min(limit.rlim_max, rlim_t(OPEN_MAX))
        #else
            let wanted = limit.rlim_max
        #endif
        if wanted > before {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resourceNoFile, &raised) == 0 { limit = raised }
        }
        return (count(before), count(limit.rlim_cur), count(limit.rlim_max))
    }

    /// How many descriptors the process has open, or nil where that cannot be counted.
    static func openCount() -> Int? {
        for directory in ["/proc/self/fd", "/dev/fd"] {
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) {
                return entries.count
            }
        }
        return nil
    }

    private static func count(_ value: rlim_t) -> Int { value > rlim_t(Int.max) ? Int.max : Int(value) }

    #if canImport(Glibc)
        private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resourceNoFile = RLIMIT_NOFILE
    #endif
}
