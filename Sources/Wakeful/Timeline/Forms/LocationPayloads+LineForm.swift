import Foundation

extension Coordinate: TimelineMembers {
    static var placeholder: Coordinate { Coordinate(latitude: 0, longitude: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.latitude = try coder.double("lat", latitude)
        read.longitude = try coder.double("lon", longitude)
        return read
    }
}

extension LocationFix: TimelineMembers {
    static var placeholder: LocationFix { LocationFix(coordinate: .placeholder, horizontalAccuracy: 0, timestamp: 0) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.coordinate = try coder.members(coordinate)
        read.horizontalAccuracy = try coder.double("horizontalAccuracy", horizontalAccuracy)
        read.speed = try coder.double("speed", speed)
        read.timestamp = try coder.double("timestamp", timestamp)
        return read
    }
}

extension Visit: TimelineMembers {
    static var placeholder: Visit { Visit(coordinate: .placeholder, horizontalAccuracy: 0, arrival: 0, departure: nil) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.coordinate = try coder.members(coordinate)
        read.horizontalAccuracy = try coder.double("horizontalAccuracy", horizontalAccuracy)
        read.arrival = try coder.double("arrival", arrival)
        read.departure = try coder.optionalDouble("departure", departure)
        return read
    }
}

extension LocationRequest: TimelineMembers {
    static var placeholder: LocationRequest { LocationRequest() }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.desiredAccuracy = try coder.double("desiredAccuracy", desiredAccuracy)
        read.distanceFilter = try coder.double("distanceFilter", distanceFilter)
        read.pausesAutomatically = try coder.bool("pausesAutomatically", pausesAutomatically)
        read.allowsBackgroundUpdates = try coder.bool("allowsBackgroundUpdates", allowsBackgroundUpdates)
        read.showsBackgroundIndicator = try coder.bool("showsBackgroundIndicator", showsBackgroundIndicator)
        read.activityType = try coder.enumeration("activityType", activityType)
        return read
    }
}

extension RangedBeacon: TimelineMembers {
    static var placeholder: RangedBeacon {
        RangedBeacon(uuid: .placeholder, major: 0, minor: 0, accuracy: 0, rssi: 0, proximity: .unknown)
    }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.uuid = try coder.uuid("uuid", uuid)
        read.major = try coder.uint16("major", major)
        read.minor = try coder.uint16("minor", minor)
        read.accuracy = try coder.double("accuracy", accuracy)
        read.rssi = try coder.int("rssi", rssi)
        read.proximity = try coder.enumeration("proximity", proximity)
        return read
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
