import Foundation

extension GeofenceSet {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The fences, any number.
        public var fences: [Geofence]
        /// How the monitored fences are chosen.
        public var selection: SelectionRule
        /// The regions the set may use, the swap fence included: 20 (LOC-17, LOC-24) less what the
        /// app's other features monitor.
        public var regionSlots: Int
        /// The swap fence's smallest radius in metres (LOC-20: small regions behave poorly; one
        /// vendor recommends at least 100 m).
        public var minimumSwapRadius: Double
        /// The swap fence's largest radius in metres, below `maximumRegionMonitoringDistance` (LOC-17).
        public var maximumSwapRadius: Double
        /// Metres past an edge before iOS reports an exit (LOC-19: ≈200 m with Wi-Fi positioning):
        /// the swap fence is that much smaller than the distance to the nearest fence left out.
        public var exitMargin: Double
        /// Seconds iOS waits past the margin before it reports an exit (LOC-19: ≥20 s): at the
        /// fix's speed the device covers that much more, also taken off the swap fence's radius.
        public var exitDwell: TimeInterval
        /// The Core Location API the fences are monitored with.
        public var api: API
        /// A `BGAppRefreshTask` identifier under which the set asks iOS to run it once the next
        /// dwell falls due, so that a dwell reached while the app is suspended is noticed then
        /// rather than at the next region event; nil to wait for that event. iOS runs the task at
        /// its discretion, never before the due time (BGT-8); it needs the `fetch` mode and the
        /// identifier in `BGTaskSchedulerPermittedIdentifiers` (BGT-4, BGT-9).
        public var dwellRefreshIdentifier: String?

        /// Creates options.
        public init(
            fences: [Geofence] = [], selection: SelectionRule = .nearest, regionSlots: Int = 20,
            minimumSwapRadius: Double = 100, maximumSwapRadius: Double = 20_000, exitMargin: Double = 200,
            exitDwell: TimeInterval = 20, api: API = .regions, dwellRefreshIdentifier: String? = nil
        ) {
            self.fences = fences
            self.selection = selection
            self.regionSlots = regionSlots
            self.minimumSwapRadius = minimumSwapRadius
            self.maximumSwapRadius = maximumSwapRadius
            self.exitMargin = exitMargin
            self.exitDwell = exitDwell
            self.api = api
            self.dwellRefreshIdentifier = dwellRefreshIdentifier
        }

        /// The swap fence's bounds.
        var bounds: GeofenceSelection.Bounds {
            GeofenceSelection.Bounds(minimum: minimumSwapRadius, maximum: maximumSwapRadius, exitMargin: exitMargin)
        }
    }

    /// The Core Location API a set monitors its fences with.
    public enum API: String, Sendable, Hashable, Codable, CaseIterable {
        /// `startMonitoring(for:)` regions (LOC-17), deprecated from iOS 17 but still served (LOC-24).
        case regions
        /// Conditions of a `CLMonitor` on iOS 17+ (CLMON-1 to CLMON-3); regions where no monitor
        /// exists (before 17, LOC-24).
        case monitor
    }

    /// How the monitored fences are chosen.
    public enum SelectionRule: String, Sendable, Hashable, Codable, CaseIterable {
        /// The nearest fences and a swap fence around the device, chosen again when it leaves.
        case nearest
        /// The first fences in registration order, never changed: what an app gets that registers
        /// its fences one by one and lets iOS refuse the 21st (LOC-17).
        case first
    }
}

extension GeofenceSet.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        var violations = [
            regionSlots < 1 || regionSlots > 20
                ? OptionRangeViolation(
                    key: "regionSlots", value: Double(regionSlots),
                    expected: "a number of regions from 1 to 20 (LOC-17)")
                : nil,
            OptionRange.positive("minimumSwapRadius", minimumSwapRadius, unit: "metres"),
            maximumSwapRadius < minimumSwapRadius
                ? OptionRangeViolation(
                    key: "maximumSwapRadius", value: maximumSwapRadius,
                    expected: "metres, at least minimumSwapRadius (\(minimumSwapRadius))")
                : nil,
            OptionRange.nonNegative("exitMargin", exitMargin, unit: "metres"),
            OptionRange.nonNegative("exitDwell", exitDwell, unit: "seconds"),
        ].compactMap { $0 }
        for (index, fence) in fences.enumerated() {
            violations += fence.rangeViolations.map {
                OptionRangeViolation(key: "fences[\(index)].\($0.key)", value: $0.value, expected: $0.expected)
            }
        }
        return violations
    }

    /// Fence identifiers that cannot be used: empty, repeated, holding ``GeofenceDwell/separator``
    /// or equal to the swap fence's.
    public var identifierProblems: [String] {
        var seen: Set<RegionID> = []
        var problems: [String] = []
        for (index, fence) in fences.enumerated() {
            if fence.id.rawValue.isEmpty {
                problems.append("fences[\(index)].id is empty; expected a region identifier")
            } else if fence.id.rawValue.contains(GeofenceDwell.separator) {
                let separator = GeofenceDwell.separator
                problems.append(
                    "fences[\(index)].id \"\(fence.id)\" contains \"\(separator)\"; expected one without \"\(separator)\""
                )
            } else if fence.id == GeofenceSet.swapRegionID {
                problems.append(
                    "fences[\(index)].id \"\(fence.id)\" is the swap fence's identifier; expected another identifier")
            } else if !seen.insert(fence.id).inserted {
                problems.append("fences[\(index)].id \"\(fence.id)\" is used twice; expected each fence once")
            }
        }
        return problems
    }
}

extension Geofence {
    /// The fence's numbers outside their range, keyed by its own fields (`radius`, `polygon`,
    /// `dwell`): a circle needs a positive radius, a polygon 3 vertices, a dwell a positive time.
    public var rangeViolations: [OptionRangeViolation] {
        var violations: [OptionRangeViolation] = []
        switch shape {
        case .circle(_, let radius):
            if let bad = OptionRange.positive("radius", radius, unit: "metres") { violations.append(bad) }
        case .polygon(let vertices) where vertices.count < 3:
            violations.append(
                OptionRangeViolation(key: "polygon", value: Double(vertices.count), expected: "at least 3 vertices"))
        case .polygon:
            break
        }
        if let dwell, let bad = OptionRange.positive("dwell", dwell, unit: "seconds") { violations.append(bad) }
        return violations
    }
}
