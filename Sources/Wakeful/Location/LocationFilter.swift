import Foundation

/// Decides which fixes make a clean track, and keeps an odometer that jitter does not inflate.
///
/// What it drops, checked in this order:
/// - **inaccurate**: an invalid accuracy (negative) or one worse than ``Options/maximumAccuracy``, such
///   as the kilometre-wide cell fixes of a low-power request;
/// - **stale**: a fix no newer than the last one kept (a cached or repeated `CLLocation`);
/// - **speed**: a reported speed above ``Options/maximumSpeed``;
/// - **jump**: a fix the device could only have reached from the last one kept by moving faster than
///   ``Options/maximumSpeed``, even after subtracting both accuracy radii. Two such fixes in a row
///   that agree with each other mean the fix kept before them was the outlier: the filter takes the
///   second one as its new anchor and the odometer skips the jump.
///
/// The odometer adds a distance only once the device is farther from where it last counted than the
/// two fixes' accuracy radii together: a phone lying still while its fixes wander inside their
/// accuracy adds nothing, and slow walking is counted in steps of that size.
public struct LocationFilter: Sendable, Hashable {
    /// The thresholds.
    public struct Options: Sendable, Hashable, Codable {
        /// Fixes less accurate than this many metres are dropped. 100 m keeps GPS and Wi-Fi fixes
        /// and drops cell-only ones (kilometres).
        public var maximumAccuracy: Double
        /// Faster than this many metres per second, reported or implied, is an outlier. 75 m/s is
        /// 270 km/h: above any car, below any jump a bad fix makes.
        public var maximumSpeed: Double

        /// Creates options.
        public init(maximumAccuracy: Double = 100, maximumSpeed: Double = 75) {
            self.maximumAccuracy = maximumAccuracy
            self.maximumSpeed = maximumSpeed
        }
    }

    /// Why a fix was dropped.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        case inaccurate, stale, speed, jump
    }

    /// What became of one fix.
    public enum Decision: Sendable, Hashable {
        /// Kept; the odometer grew by this many metres.
        case kept(added: Double)
        /// Dropped.
        case dropped(Reason)
    }

    /// The thresholds.
    public var options: Options
    /// The last fix kept.
    public private(set) var last: LocationFix?
    /// Metres travelled along the kept fixes.
    public private(set) var odometer = 0.0
    /// Where the odometer last counted.
    private var counted: LocationFix?
    /// A fix dropped as a jump, kept to see whether the next one agrees with it.
    private var jumpCandidate: LocationFix?

    /// Creates a filter.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Considers the next fix the app received.
    public mutating func consider(_ fix: LocationFix) -> Decision {
        guard fix.horizontalAccuracy >= 0, fix.horizontalAccuracy <= options.maximumAccuracy else {
            return .dropped(.inaccurate)
        }
        if let last, fix.timestamp <= last.timestamp { return .dropped(.stale) }
        if fix.speed > options.maximumSpeed { return .dropped(.speed) }
        if let last, impliedSpeed(from: last, to: fix) > options.maximumSpeed {
            guard let candidate = jumpCandidate, fix.timestamp > candidate.timestamp,
                impliedSpeed(from: candidate, to: fix) <= options.maximumSpeed
            else {
                jumpCandidate = fix
                return .dropped(.jump)
            }
            // The anchor was the outlier: start again from here, without counting the jump.
            self.last = fix
            counted = fix
            jumpCandidate = nil
            return .kept(added: 0)
        }
        jumpCandidate = nil
        self.last = fix
        guard let counted else {
            self.counted = fix
            return .kept(added: 0)
        }
        let distance = counted.coordinate.distance(to: fix.coordinate)
        // Two fixes of a still phone can lie up to both radii apart; only more than that is movement.
        guard distance > counted.horizontalAccuracy + fix.horizontalAccuracy else { return .kept(added: 0) }
        odometer += distance
        self.counted = fix
        return .kept(added: distance)
    }

    /// The least speed that explains moving from `a` to `b`: the distance less both accuracy radii.
    private func impliedSpeed(from a: LocationFix, to b: LocationFix) -> Double {
        let least = max(0, a.coordinate.distance(to: b.coordinate) - a.horizontalAccuracy - b.horizontalAccuracy)
        let seconds = b.timestamp - a.timestamp
        return seconds > 0 ? least / seconds : (least > 0 ? .infinity : 0)
    }
}

extension LocationFilter.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.positive("maximumAccuracy", maximumAccuracy, unit: "metres"),
            OptionRange.positive("maximumSpeed", maximumSpeed, unit: "metres per second"),
        ].compactMap { $0 }
    }
}
