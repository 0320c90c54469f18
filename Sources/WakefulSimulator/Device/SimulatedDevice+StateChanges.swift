import Foundation
import Wakeful

/// The app's state changes as the device carries them out: the ``Lifecycle`` moves the state and
/// the tally counts the time in each; starting and stopping to execute resume or freeze what runs
/// only while the app does; a suspension draws the next memory-pressure termination (STATE-3).
extension SimulatedDevice {
    /// Moves the app to a new state, recording why.
    mutating func setState(_ next: AppState, cause: String, rules: [String], _ fields: [Field] = []) {
        guard next != state else { return }
        let rules = RuleIDs.sorted(rules)
        let previous = state
        tally.accumulate(previous, seconds: lifecycle.enter(next, at: now))
        record(.state(StateChange(from: previous, to: next, cause: cause, rules: rules, fields: fields)))
        tally.stateChanges.append(StateChangeRecord(time: now, to: next, cause: cause, rules: rules))
        if previous.isExecuting && !next.isExecuting {
            let wakeSource = cause == "wakeWindowEnded" ? lifecycle.lastWakeSource?.rawValue : nil
            stoppedExecuting(
                StopSummary(
                    at: now, state: next.rawValue, cause: cause, rules: rules, wakeSource: wakeSource,
                    distanceMeters: distanceToTriggerBeacon))
        } else if !previous.isExecuting && next.isExecuting {
            startedExecuting()
        }
        if next == .suspended { scheduleJetsam() }
        refreshEnergy()
        cpuLoadChanged()
        if bluetooth.advertisementMayChange { advertisementChanged() }  // BLE-1, BLE-3
        if previous == .suspended, next.isExecuting {
            deliverQueuedProtectedDataNotice()
            deliverQueuedAuthorizationChange()  // AUTH-5
        }
        if previous.isForeground != next.isForeground || !next.isExecuting { checkLocationInUse() }  // AUTH-4, AUTH-7
    }

    /// Called when the app starts executing: ranging and overdue timers resume.
    mutating func startedExecuting() {
        tally.executionResumed()
        restartRanging()
        fireOverdueTimers()
        if locationServices.hasPendingRequests { schedule(.oneShotFix(process: process.number), at: now) }
        scheduleNetworkStep(at: now)  // held results reach the app
        jobResumed()
        if process.activityUpdates != nil { scheduleActivityChange(at: now) }  // MOTION-4: the latest, once
        if process.liveUpdates != nil { scheduleWorldTick(at: now) }  // LOC-8: delivery resumes
    }

    /// Called when the app stops executing: no callbacks of any kind until it runs again.
    mutating func stoppedExecuting(_ stop: StopSummary) {
        beacons.stopCallbacks()
        if hasProcess {
            for index in process.beaconFilters.indices { process.beaconFilters[index].reset() }
        }
        tally.executionStopped(stop)
        networkStoppedExecuting()  // URLS-8
        jobFrozen()
    }

    /// Schedules a possible memory-pressure termination while suspended (STATE-3), when the
    /// scenario sets a rate; the delay is exponentially distributed from the seeded generator.
    mutating func scheduleJetsam() {
        let generation = lifecycle.nextJetsamGeneration()
        let rate = scenario.device.suspendedTerminationsPerHour
        guard rate > 0 else { return }
        let delay = -log(1 - systemRandom.nextDouble()) * 3600 / rate
        schedule(.jetsam(generation: generation), at: now + delay)
    }

    mutating func jetsam(generation: Int) {
        guard generation == lifecycle.jetsamGeneration, state == .suspended else { return }
        terminate(.memoryPressure, rules: ["STATE-3"])
    }
}
