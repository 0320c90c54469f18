import Foundation

extension LiveLocationUpdate: TimelineMembers {
    static var placeholder: LiveLocationUpdate { LiveLocationUpdate(location: nil) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        // The fix's members inline, present together or not at all (an update at rest has none).
        read.location = try coder.optionalMembers(presentWith: "lat", location)
        read.isStationary = try coder.bool("isStationary", isStationary)
        read.diagnostics = try coder.diagnostics(diagnostics)
        return read
    }
}

extension ServiceSessionRequest: TimelineMembers {
    static var placeholder: ServiceSessionRequest { ServiceSessionRequest(authorization: .whenInUse) }

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.authorization = try coder.enumeration("authorization", authorization)
        read.fullAccuracyPurposeKey = try coder.optionalString("fullAccuracyPurposeKey", fullAccuracyPurposeKey)
        return read
    }
}

extension TimelineLineCoder {
    /// Diagnostics by name, as `"diagnostics":["insufficientlyInUse"]`; a name no release knows is skipped.
    mutating func diagnostics(_ value: [LocationDiagnostic]) throws(Failure) -> [LocationDiagnostic] {
        try strings("diagnostics", value.map(\.rawValue)).compactMap(LocationDiagnostic.init(rawValue:))
    }
}
