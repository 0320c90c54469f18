import Foundation

extension Coordinate: TimelineMembers {
    static var placeholder: Coordinate { Coordinate(latitude: 0, longitude: 0) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.double("lat", &latitude)
        try coder.double("lon", &longitude)
    }
}

extension LocationFix: TimelineMembers {
    static var placeholder: LocationFix { LocationFix(coordinate: .placeholder, horizontalAccuracy: 0, timestamp: 0) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.members(&coordinate)
        try coder.double("horizontalAccuracy", &horizontalAccuracy)
        try coder.double("speed", &speed)
        try coder.double("timestamp", &timestamp)
    }
}

extension Visit: TimelineMembers {
    static var placeholder: Visit { Visit(coordinate: .placeholder, horizontalAccuracy: 0, arrival: 0, departure: nil) }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.members(&coordinate)
        try coder.double("horizontalAccuracy", &horizontalAccuracy)
        try coder.double("arrival", &arrival)
        try coder.optionalDouble("departure", &departure)
    }
}

extension LocationRequest: TimelineMembers {
    static var placeholder: LocationRequest { LocationRequest() }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.double("desiredAccuracy", &desiredAccuracy)
        try coder.double("distanceFilter", &distanceFilter)
        try coder.bool("pausesAutomatically", &pausesAutomatically)
        try coder.bool("allowsBackgroundUpdates", &allowsBackgroundUpdates)
        try coder.bool("showsBackgroundIndicator", &showsBackgroundIndicator)
        try coder.enumeration("activityType", &activityType)
    }
}

extension RangedBeacon: TimelineMembers {
    static var placeholder: RangedBeacon {
        RangedBeacon(uuid: .placeholder, major: 0, minor: 0, accuracy: 0, rssi: 0, proximity: .unknown)
    }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.uuid("uuid", &uuid)
        try coder.uint16("major", &major)
        try coder.uint16("minor", &minor)
        try coder.double("accuracy", &accuracy)
        try coder.int("rssi", &rssi)
        try coder.enumeration("proximity", &proximity)
    }
}

extension BeaconIdentityConstraint {
    /// A constraint for the decoder to fill.
    static var placeholder: BeaconIdentityConstraint { BeaconIdentityConstraint(uuid: .placeholder) }
}

extension UUID {
    /// The all-zero UUID, for the decoder to fill.
    static var placeholder: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
