import Foundation

/// A CPU-monitor threshold: the app is killed when its CPU use averaged over ``window`` exceeds
/// ``fraction`` (TERM-4, `EXC_RESOURCE` / `CPU_FATAL`).
///
/// ```swift
/// let limit = CPULimit(fraction: 0.8, window: 60)   // TERM-4: 80 % over 60 s
/// ```
public struct CPULimit: Sendable, Hashable {
    /// Share of one CPU (0–1) above which the app is killed.
    public var fraction: Double
    /// Averaging window.
    public var window: TimeInterval

    /// Creates a CPU limit.
    ///
    /// - Parameters:
    ///   - fraction: Share of one CPU (0–1) above which the app is killed.
    ///   - window: Averaging window in seconds.
    public init(fraction: Double, window: TimeInterval) {
        self.fraction = fraction
        self.window = window
    }
}
