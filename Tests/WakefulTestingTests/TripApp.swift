import Foundation
import WakefulTesting

/// The trip-tracking app the tests drive: it logs every location it receives and uploads it
/// through its outbox.
enum TripApp {
    static var app: AppConfiguration {
        var app = AppConfiguration(locationAuthorization: .always, features: [.locationLog])
        app.outbox = OutboxSpec()
        return app
    }

    /// A 20 km drive east at 20 m/s: 1000 s.
    static let drive = [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: 20)]

    /// A home geofence of 150 m at the origin.
    static var geofencedApp: AppConfiguration {
        AppConfiguration(features: [.geofences([GeofenceSpec(id: "home", center: .zero, radius: 150)])])
    }
}
