import Foundation
import Wakeful

/// The location permissions a run went through, how long each held, and what the strategy lost
/// under each: the capabilities it needs (``Requirements/locationCapabilities``) that the
/// permission withholds (``LocationPermission/losses(of:)``; LOC-4, LOC-16, BEACON-1, AUTH-3, AUTH-6).
public struct PermissionSummary: Sendable, Hashable, Codable {
    /// One permission and its time.
    public struct Period: Sendable, Hashable, Codable {
        /// The permission, as ``LocationPermission/label``.
        public var permission: String
        /// Seconds under it, all its periods together.
        public var seconds: Double
        /// What the strategy loses under it, as ``LocationCapability`` raw values.
        public var losses: [String]
        /// The rules behind the losses.
        public var rules: [String]
        /// Whether it allowed location at all (When-In-Use or Always).
        public var allowsLocation: Bool
    }

    /// Each permission once, in the order first held.
    public var periods: [Period]

    /// Sums a run's permissions; nil when it held Always with full accuracy throughout.
    init?(
        initial: LocationPermission, changes: [(time: TimeInterval, permission: LocationPermission)],
        end: TimeInterval, needs: [LocationCapability]
    ) {
        let full = LocationPermission(status: .always)
        guard !changes.isEmpty || initial != full else { return nil }
        var periods: [Period] = []
        var current = initial
        var since = 0.0
        func close(at time: TimeInterval) {
            guard time > since else { return }
            if let index = periods.firstIndex(where: { $0.permission == current.label }) {
                periods[index].seconds += time - since
            } else {
                periods.append(
                    Period(
                        permission: current.label, seconds: time - since,
                        losses: current.losses(of: needs).map(\.rawValue), rules: current.rules,
                        allowsLocation: current.allowsLocation))
            }
        }
        for change in changes {
            close(at: change.time)
            current = change.permission
            since = change.time
        }
        close(at: end)
        self.periods = periods
    }

    /// One line: `whenInUse 50m 00s: no background wakes or relaunches; always 2h 00m: nothing lost`.
    public var summary: String {
        periods.map { period in
            let lost =
                period.losses.isEmpty
                ? "nothing lost"
                : !period.allowsLocation
                    ? "no location at all"
                    : period.losses.compactMap { LocationCapability(rawValue: $0)?.lossSummary }.joined(separator: ", ")
            return "\(period.permission) \(Format.duration(period.seconds)): \(lost)"
        }.joined(separator: "; ")
    }
}
