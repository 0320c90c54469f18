import Foundation
import Wakeful

/// How the phone detects the app's beacon regions: with a priority slot in hardware, or in
/// software (BEACON-2, BEACON-3), and, without hardware filtering, when it next scans in software
/// with the display off. The phase of the scans is drawn per run (stream 81).
struct BeaconDetection {
    /// The phone filters beacon advertisements in hardware (BEACON-2).
    private let hardwareFiltering: Bool
    /// Beacon regions other apps hold on the device, which take priority slots first (BEACON-3).
    private let otherAppsRegions: Int
    /// The device-wide priority slots for beacon regions (BEACON-3).
    private let prioritySlots: Int
    /// How often a phone without hardware filtering scans in software (BEACON-2).
    private let softwareScanPeriod: TimeInterval
    /// When the phone next scans in software, without hardware filtering.
    private var nextSoftwareScan: TimeInterval

    /// - Parameter phase: Where in its period the first software scan falls, 0 to 1 (stream 81).
    init(device: DeviceSettings, rules: BeaconRules, phase: Double) {
        hardwareFiltering = device.beaconHardwareFiltering
        otherAppsRegions = device.otherAppsBeaconRegions
        prioritySlots = rules.priorityRegionsPerDevice
        softwareScanPeriod = rules.softwareScanPeriod
        // Whole milliseconds, as the agenda's times are, so that the world tick lands on the scan.
        nextSoftwareScan = (phase * rules.softwareScanPeriod * 1000).rounded() / 1000
    }

    /// Why the app's beacon region at `ordinal` (its place among the app's beacon regions, in
    /// registration order) is detected in software only, or nil when it has a priority slot: the
    /// phone has no hardware filtering (BEACON-2), or other apps' regions and the app's earlier ones
    /// fill the device-wide slots (BEACON-3).
    func softwareReason(ordinal: Int) -> (rule: String, text: String)? {
        if !hardwareFiltering { return ("BEACON-2", "no hardware filtering") }
        guard isSoftware(ordinal: ordinal) else { return nil }
        return ("BEACON-3", "beyond the device's \(prioritySlots) priority beacon regions")
    }

    /// Whether the region at `ordinal` is detected in software only: ``softwareReason(ordinal:)``
    /// without its words, for the world tick.
    func isSoftware(ordinal: Int) -> Bool {
        !hardwareFiltering || otherAppsRegions + ordinal >= prioritySlots
    }

    /// Whether the phone listens for a software-detected beacon region at `now`: while the display
    /// is lit (BEACON-3: best-effort regions can stay silent while it is dark), and without hardware
    /// filtering also at its background software scans (BEACON-2). Advances the scan schedule.
    mutating func listening(at now: TimeInterval, screenOn: Bool) -> Bool {
        guard !hardwareFiltering else { return screenOn }
        var scanning = false
        while nextSoftwareScan <= now {
            scanning = true
            nextSoftwareScan += softwareScanPeriod
        }
        return screenOn || scanning
    }

    /// When a phone without hardware filtering next scans in software; nil with hardware filtering.
    var nextScan: TimeInterval? { hardwareFiltering ? nil : nextSoftwareScan }
}
