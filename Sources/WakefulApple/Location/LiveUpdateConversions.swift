#if canImport(CoreLocation) && canImport(UIKit)
    import CoreLocation
    import Foundation
    import Wakeful

    // Live updates and session diagnostics (LOC-8, LOC-9, LOC-31): Apple's Boolean properties
    // become the list of those that are true.

    @available(iOS 17.0, *)
    extension LiveLocationUpdate {
        /// https://developer.apple.com/documentation/corelocation/cllocationupdate
        init(_ update: CLLocationUpdate) {
            guard #available(iOS 18.0, *) else {
                self.init(
                    location: update.location.map(LocationFix.init),
                    isStationary: (update as any StationaryFlag).isStationary)
                return
            }
            let flags: [(Bool, LocationDiagnostic)] = [
                (update.authorizationDenied, .authorizationDenied),
                (update.authorizationDeniedGlobally, .authorizationDeniedGlobally),
                (update.authorizationRestricted, .authorizationRestricted),
                (update.insufficientlyInUse, .insufficientlyInUse),
                (update.serviceSessionRequired, .serviceSessionRequired),
                (update.authorizationRequestInProgress, .authorizationRequestInProgress),
                (update.locationUnavailable, .locationUnavailable), (update.accuracyLimited, .accuracyLimited),
            ]
            self.init(
                location: update.location.map(LocationFix.init), isStationary: update.stationary,
                diagnostics: flags.filter(\.0).map(\.1))
        }
    }

    /// `isStationary`, the iOS 17 name of `stationary` (18): read through a protocol, since calling
    /// the deprecated property directly is a warning even where it is the only one.
    private protocol StationaryFlag {
        var isStationary: Bool { get }
    }

    @available(iOS 17.0, *)
    extension CLLocationUpdate: StationaryFlag {}

    @available(iOS 18.0, *)
    extension CLBackgroundActivitySession.Diagnostic {
        /// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/diagnostic
        var flags: [LocationDiagnostic] {
            let flags: [(Bool, LocationDiagnostic)] = [
                (authorizationDenied, .authorizationDenied),
                (authorizationDeniedGlobally, .authorizationDeniedGlobally),
                (authorizationRestricted, .authorizationRestricted), (insufficientlyInUse, .insufficientlyInUse),
                (serviceSessionRequired, .serviceSessionRequired),
                (authorizationRequestInProgress, .authorizationRequestInProgress),
            ]
            return flags.filter(\.0).map(\.1)
        }
    }

    @available(iOS 18.0, *)
    extension CLServiceSession.Diagnostic {
        /// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic
        var flags: [LocationDiagnostic] {
            let flags: [(Bool, LocationDiagnostic)] = [
                (authorizationDenied, .authorizationDenied),
                (authorizationDeniedGlobally, .authorizationDeniedGlobally),
                (authorizationRestricted, .authorizationRestricted), (insufficientlyInUse, .insufficientlyInUse),
                (alwaysAuthorizationDenied, .alwaysAuthorizationDenied), (fullAccuracyDenied, .fullAccuracyDenied),
                (serviceSessionRequired, .serviceSessionRequired),
                (authorizationRequestInProgress, .authorizationRequestInProgress),
            ]
            return flags.filter(\.0).map(\.1)
        }
    }
#endif
