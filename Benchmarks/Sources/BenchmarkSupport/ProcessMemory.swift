import Foundation

/// The process's memory, read from /proc/self on Linux (nil elsewhere).
public enum ProcessMemory {
    /// The resident set size (`VmRSS`).
    public static func residentBytes() -> Int? { statusField("VmRSS:") }

    /// The peak resident set size since the process started or ``resetPeak()`` (`VmHWM`).
    public static func peakBytes() -> Int? { statusField("VmHWM:") }

    /// Resets the peak to the current resident set ("5" to clear_refs, Linux 4.0 and later).
    public static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kilobytes = Int(
                line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
