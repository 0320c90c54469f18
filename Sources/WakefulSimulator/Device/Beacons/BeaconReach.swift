import Foundation
import Wakeful

/// The world's beacons as the phone's radio hears them: where each is and its calibration, and how
/// far away the phone detects it (the scenario's radio model), by the world's beacon index.
///
/// Ranging samples its signals; region monitoring asks whether a region's beacons are in range.
struct BeaconReach {
    /// What ranging needs of each world beacon.
    let signals: [BeaconSignalSource]
    /// How far each world beacon is detected, in metres.
    let ranges: [Double]

    /// The beacons of `world`, heard through `radio`.
    init(_ beacons: [WorldBeacon], radio: BeaconRadioModel) {
        signals = beacons.map(BeaconSignalSource.init)
        ranges = beacons.map { radio.detectionRange(measuredPower: $0.measuredPower) }
    }

    /// Whether any of the beacons at `indices` is within detection range of `position`.
    func anyInRange(_ indices: [Int], of position: LocalPoint) -> Bool {
        indices.contains { position.distance(to: signals[$0].position) <= ranges[$0] }
    }
}

/// What ranging needs of a world beacon, without its name: a plain value, copied for free on the
/// hot path.
struct BeaconSignalSource {
    var uuid: UUID
    var major: UInt16
    var minor: UInt16
    var position: LocalPoint
    var measuredPower: Double

    init(_ beacon: WorldBeacon) {
        uuid = beacon.uuid
        major = beacon.major
        minor = beacon.minor
        position = beacon.position
        measuredPower = beacon.measuredPower
    }
}

extension RangedBeacon.Proximity {
    init(_ proximity: BeaconProximity) {
        switch proximity {
        case .unknown: self = .unknown
        case .immediate: self = .immediate
        case .near: self = .near
        case .far: self = .far
        }
    }
}
