#if canImport(CoreLocation) && canImport(UIKit)
    import CoreLocation
    import Foundation
    import Wakeful

    extension Geofence {
        /// A circular fence from the `CLCircularRegion` an app would have registered itself.
        /// https://developer.apple.com/documentation/corelocation/clcircularregion
        public init(_ region: CLCircularRegion, dwell: TimeInterval? = nil) {
            self.init(
                id: RegionID(region.identifier),
                center: Coordinate(latitude: region.center.latitude, longitude: region.center.longitude),
                radius: region.radius, dwell: dwell)
        }

        /// A polygonal fence from its vertices, in order.
        public init(id: String, polygon: [CLLocationCoordinate2D], dwell: TimeInterval? = nil) {
            self.init(
                id: RegionID(id), polygon: polygon.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) },
                dwell: dwell)
        }
    }

    extension WakefulApp.Configuration {
        /// Adds a ``GeofenceSet`` over `fences`, any number of them.
        ///
        /// The app's 20 region slots are shared by all its location managers (LOC-17): pass the
        /// number of regions its other features monitor (a ``RegionMonitor``, a ``BeaconTrigger``)
        /// so that the set leaves them free. With `api` ``GeofenceSet/API/monitor`` the fences are
        /// conditions of a `CLMonitor` on iOS 17+ (LOC-24, CLMON-1 to CLMON-3), regions before.
        ///
        /// ```swift
        /// var configuration = WakefulApp.Configuration(strategies: [LocationLogger()])
        /// configuration.monitorGeofences(stores.map { Geofence($0.region, dwell: 120) }, api: .monitor)
        /// ```
        public mutating func monitorGeofences(
            _ fences: [Geofence], otherRegions: Int = 0, api: GeofenceSet.API = .regions
        ) {
            strategies.append(
                GeofenceSet(
                    options: GeofenceSet.Options(fences: fences, regionSlots: max(1, 20 - otherRegions), api: api)))
        }
    }
#endif
