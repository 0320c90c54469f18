import Foundation
import Wakeful

/// Standard location updates and `requestLocation()` as the device carries them out (LOC-1 to
/// LOC-5, LOC-30): the updates live in the app's process; ``LocationServices`` draws the fixes
/// and keeps the one-shot requests, which die with the process.
extension SimulatedDevice {
    /// `startUpdatingLocation` with the app's configuration (LOC-1 to LOC-5).
    mutating func startUpdatingLocation(_ request: LocationRequest) {
        guard authorization == .always || authorization == .whenInUse else {
            refuse("startUpdatingLocation", "not authorized", rules: ["LOC-1"])
            return
        }
        if state == .background && !alwaysApplies {
            // LOC-4: When-In-Use apps must start updates in the foreground; a provisional Always
            // is When-In-Use until the second prompt (AUTH-3), and so is Always without the service
            // session an app that opted in to explicit sessions must hold (LOC-9).
            let rules =
                permission.provisional
                ? ["LOC-4", "AUTH-3"] : permission.effectiveAlways ? ["LOC-4", "LOC-9"] : ["LOC-4"]
            refuse("startUpdatingLocation", "whenInUse app in the background", rules: rules)
            return
        }
        let limitation: (why: String, rules: [String])? =
            if !backgroundModes.contains(.location) {
                ("UIBackgroundModes lacks location", ["LOC-1"])
            } else if policy.location.backgroundUpdatesNeedAllowsFlag && !request.allowsBackgroundUpdates {
                ("allowsBackgroundLocationUpdates is false", ["LOC-1"])
            } else if policy.location.hiddenIndicatorStopsRelaunchedUpdates && !request.showsBackgroundIndicator
                && !process.beenInForeground
            {
                // LOC-30: from 16.4 updates started after a background launch, with the indicator
                // off, were seen to stop; Core Location keeps the app running "as needed" only for
                // updates started in the foreground or with the indicator.
                ("started after a background launch with showsBackgroundLocationIndicator off", ["LOC-30", "CONF-21"])
            } else { nil }
        process.location = StandardLocationSession(
            request: request, keepsAppRunning: limitation == nil, limitation: limitation?.why)
        if let limitation {
            decide("backgroundLocationUnavailable", rules: limitation.rules, [Field("why", .string(limitation.why))])
        }
        scheduleWorldTick(at: now)
    }

    /// Delivers standard updates that passed the distance filter, and pauses them after the device
    /// stood still long enough (LOC-5). Returns when the pause or a held-back coarse fix falls due.
    mutating func checkStandardLocation() -> TimeInterval? {
        guard let session = process.location, !session.paused, state.isExecuting else { return nil }
        guard session.request.pausesAutomatically, let since = world.stationarySince else {
            return deliverFixIfMoved()
        }
        let pauseAt = since + policy.location.autoPauseAfterStationary
        guard now >= pauseAt else {
            return earliest(deliverFixIfMoved(), pauseAt)
        }
        process.location!.paused = true
        refreshEnergy()
        decide("locationUpdatesPaused", rules: ["LOC-5"], [Field("stationaryFor", .double(now - since))])
        deliver(.locationUpdatesPaused)
        return nil
    }

    /// Delivers a fix if the device moved past the distance filter. Returns when a coarse fix held
    /// back by its interval falls due: the device may have stopped by then, and no movement would
    /// look again.
    private mutating func deliverFixIfMoved() -> TimeInterval? {
        guard let session = process.location else { return nil }
        let threshold = max(session.request.distanceFilter, 1)
        if let last = session.lastDelivered, world.position.distance(to: last) < threshold { return nil }
        if permission.accuracy == .reduced {
            // AUTH-6: a few fixes an hour, kilometres off; none off screen under CONF-AUTH-6.
            guard policy.location.reducedAccuracyUpdatesOffScreen || state == .active else { return nil }
            if let last = session.lastCoarseFix, now < last + policy.location.reducedAccuracyFixInterval {
                return last + policy.location.reducedAccuracyFixInterval
            }
            process.location!.lastCoarseFix = now
            process.location!.lastDelivered = world.position
            deliver(.locationsUpdated([coarseFix()]))
            return nil
        }
        process.location!.lastDelivered = world.position
        let accuracy = max(5, min(session.request.desiredAccuracy, 1000))
        deliver(.locationsUpdated([fix(accuracy: accuracy)]))
        return nil
    }

    /// A fix at the user's position with Gaussian error of about half its stated accuracy.
    mutating func fix(accuracy: Double) -> LocationFix {
        locationServices.fix(
            accuracy: accuracy, at: world.position, speed: world.speed(at: now), time: now,
            projection: scenario.world.projection)
    }

    /// A reduced-accuracy fix: 1–20 km off in a random direction (AUTH-6).
    mutating func coarseFix() -> LocationFix {
        locationServices.coarseFix(
            at: world.position, time: now, error: policy.location.reducedAccuracyError,
            projection: scenario.world.projection)
    }

    /// `requestLocation()`: one fix about a second later (iOS 9+), if the app still runs then.
    mutating func requestLocation() {
        guard policy.version >= IOSVersion(9) else {
            refuse("requestLocation", "requestLocation() exists from iOS 9", rules: ["LOC-1"])
            return
        }
        guard authorization == .always || authorization == .whenInUse else {
            refuse("requestLocation", "not authorized", rules: ["LOC-1"])
            // A denied app hears of it: `didFailWithError` with kCLErrorDenied ("Access to location or
            // ranging has been denied by the user", CLError.h). Assumption: an app never asked is
            // left waiting, as the model has no answer for it.
            if authorization == .denied { deliver(.locationRequestFailed(.denied)) }
            return
        }
        locationServices.request()
        // Assumption: a one-shot fix takes about a second (cell/Wi-Fi first, no sourced figure).
        schedule(.oneShotFix(process: process.number), at: now + 1)
    }

    /// Delivers the fix `requestLocation()` asked for; a suspended app gets it when it runs again.
    mutating func deliverOneShotFix(process number: Int) {
        guard hasProcess, process.number == number, locationServices.hasPendingRequests else { return }
        guard state.isExecuting else { return }  // resumed later: `startedExecuting` delivers it
        locationServices.answerRequests()
        deliver(.locationsUpdated([permission.accuracy == .reduced ? coarseFix() : fix(accuracy: 65)]))  // AUTH-6
    }
}
