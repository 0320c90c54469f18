#if canImport(CoreLocation) && canImport(UIKit)
    import CoreLocation
    import Foundation
    import Wakeful

    // Conversions between Core Location's types and the core's values. Times become seconds since
    // 1970, the device's runtime clock (see WakefulApp.context()).

    extension LocationFix {
        /// https://developer.apple.com/documentation/corelocation/cllocation
        init(_ location: CLLocation) {
            self.init(
                coordinate: Coordinate(
                    latitude: location.coordinate.latitude, longitude: location.coordinate.longitude),
                horizontalAccuracy: location.horizontalAccuracy, speed: location.speed,
                timestamp: location.timestamp.timeIntervalSince1970)
        }
    }

    extension Visit {
        /// `departureDate` is `distantFuture` while the visit goes on.
        /// https://developer.apple.com/documentation/corelocation/clvisit
        init(_ visit: CLVisit) {
            self.init(
                coordinate: Coordinate(latitude: visit.coordinate.latitude, longitude: visit.coordinate.longitude),
                horizontalAccuracy: visit.horizontalAccuracy, arrival: visit.arrivalDate.timeIntervalSince1970,
                departure: visit.departureDate == .distantFuture ? nil : visit.departureDate.timeIntervalSince1970)
        }
    }

    extension LocationAuthorization {
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus-swift.property
        init(_ status: CLAuthorizationStatus) {
            switch status {
            case .notDetermined: self = .notDetermined
            case .authorizedAlways: self = .always
            case .authorizedWhenInUse: self = .whenInUse
            case .denied, .restricted: self = .denied
            @unknown default: self = .denied
            }
        }
    }

    extension AccuracyAuthorization {
        /// https://developer.apple.com/documentation/corelocation/claccuracyauthorization
        init(_ accuracy: CLAccuracyAuthorization) {
            switch accuracy {
            case .fullAccuracy: self = .full
            case .reducedAccuracy: self = .reduced
            @unknown default: self = .reduced
            }
        }
    }

    extension RegionState {
        /// https://developer.apple.com/documentation/corelocation/clregionstate
        init(_ state: CLRegionState) {
            switch state {
            case .inside: self = .inside
            case .outside: self = .outside
            case .unknown: self = .unknown
            @unknown default: self = .unknown
            }
        }
    }

    extension RegionMonitoringFailure {
        /// Core Location reports one error code for most refusals; the region and the manager's
        /// limits say which of the core's reasons applies (LOC-17).
        /// https://developer.apple.com/documentation/corelocation/clerror-swift.struct/regionmonitoringfailure
        init(_ error: any Error, region: CLRegion, manager: CLLocationManager) {
            if (error as? CLError)?.code == .regionMonitoringDenied {
                self = .notAuthorized
            } else if let circle = region as? CLCircularRegion, circle.radius > manager.maximumRegionMonitoringDistance
            {
                self = .radiusTooLarge
            } else if manager.monitoredRegions.count >= 20 {
                self = .tooManyRegions
            } else {
                self = .unavailable
            }
        }
    }

    extension LocationRequestFailure {
        /// The `CLError` code of `didFailWithError` (CLError.h).
        /// https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code
        init(_ error: any Error) {
            switch (error as? CLError)?.code {
            case .locationUnknown: self = .locationUnknown
            case .denied: self = .denied
            case .network: self = .network
            default: self = .other
            }
        }
    }

    extension BeaconIdentityConstraint {
        /// https://developer.apple.com/documentation/corelocation/clbeaconidentityconstraint
        init(_ constraint: CLBeaconIdentityConstraint) {
            self.init(uuid: constraint.uuid, major: constraint.major, minor: constraint.minor)
        }
    }

    extension CLBeaconIdentityConstraint {
        /// A minor without a major cannot be expressed; such a constraint matches the whole UUID.
        convenience init(_ constraint: BeaconIdentityConstraint) {
            switch (constraint.major, constraint.minor) {
            case (let major?, let minor?): self.init(uuid: constraint.uuid, major: major, minor: minor)
            case (let major?, nil): self.init(uuid: constraint.uuid, major: major)
            case (nil, _): self.init(uuid: constraint.uuid)
            }
        }
    }

    extension RangedBeacon {
        /// https://developer.apple.com/documentation/corelocation/clbeacon
        init(_ beacon: CLBeacon) {
            self.init(
                uuid: beacon.uuid, major: beacon.major.uint16Value, minor: beacon.minor.uint16Value,
                accuracy: beacon.accuracy, rssi: beacon.rssi, proximity: Proximity(beacon.proximity))
        }
    }

    extension RangedBeacon.Proximity {
        /// https://developer.apple.com/documentation/corelocation/clproximity
        init(_ proximity: CLProximity) {
            switch proximity {
            case .immediate: self = .immediate
            case .near: self = .near
            case .far: self = .far
            case .unknown: self = .unknown
            @unknown default: self = .unknown
            }
        }
    }

    extension MonitoredRegion {
        /// The region Core Location monitors.
        /// https://developer.apple.com/documentation/corelocation/clcircularregion/init(center:radius:identifier:)
        /// https://developer.apple.com/documentation/corelocation/clbeaconregion/init(beaconidentityconstraint:identifier:)
        /// https://developer.apple.com/documentation/corelocation/clbeaconregion/notifyentrystateondisplay
        var clRegion: CLRegion {
            let region: CLRegion
            switch shape {
            case .circle(let center, let radius):
                region = CLCircularRegion(
                    center: CLLocationCoordinate2D(latitude: center.latitude, longitude: center.longitude),
                    radius: radius,
                    identifier: id.rawValue)
            case .beacon(let constraint):
                let beacon = CLBeaconRegion(
                    beaconIdentityConstraint: CLBeaconIdentityConstraint(constraint), identifier: id.rawValue)
                beacon.notifyEntryStateOnDisplay = notifyEntryStateOnDisplay  // BEACON-4
                region = beacon
            }
            region.notifyOnEntry = notifyOnEntry
            region.notifyOnExit = notifyOnExit
            return region
        }
    }

    extension LocationRequest {
        /// Sets the manager's properties; 0 m accuracy stands for `kCLLocationAccuracyBest`.
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/allowsbackgroundlocationupdates
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/showsbackgroundlocationindicator
        /// https://developer.apple.com/documentation/corelocation/cllocationmanager/pauseslocationupdatesautomatically
        ///
        /// CLLocationManager.h:330–331: "Setting this property to YES when UIBackgroundModes does not
        /// include "location" is a fatal error", so the plist is checked first (LOC-1).
        func apply(to manager: CLLocationManager, infoPlist: InfoPlistGuard) {
            manager.desiredAccuracy = desiredAccuracy <= 0 ? kCLLocationAccuracyBest : desiredAccuracy
            manager.distanceFilter = distanceFilter <= 0 ? kCLDistanceFilterNone : distanceFilter
            manager.pausesLocationUpdatesAutomatically = pausesAutomatically  // LOC-5
            manager.allowsBackgroundLocationUpdates = infoPlist.allowsBackgroundLocationUpdates(allowsBackgroundUpdates)
            manager.showsBackgroundLocationIndicator = showsBackgroundIndicator  // LOC-4
            manager.activityType = CLActivityType(activityType)
        }
    }

    extension CLActivityType {
        /// https://developer.apple.com/documentation/corelocation/clactivitytype
        init(_ type: LocationRequest.ActivityType) {
            switch type {
            case .other: self = .other
            case .automotiveNavigation: self = .automotiveNavigation
            case .fitness: self = .fitness
            case .otherNavigation: self = .otherNavigation
            case .airborne: self = .airborne
            }
        }
    }

    @available(iOS 17.0, *)
    extension CLLocationUpdate.LiveConfiguration {
        /// https://developer.apple.com/documentation/corelocation/cllocationupdate/liveconfiguration
        init(_ type: LocationRequest.ActivityType) {
            switch type {
            case .other: self = .default
            case .automotiveNavigation: self = .automotiveNavigation
            case .fitness: self = .fitness
            case .otherNavigation: self = .otherNavigation
            case .airborne: self = .airborne
            }
        }
    }
#endif
