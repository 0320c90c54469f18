import Foundation
import Wakeful

/// HealthKit background delivery as the device carries it out (HK-1 to HK-8): the
/// ``HealthKitSystem`` rules on each save and each planned wake; the device wakes or relaunches the
/// app, holds it while the update handler runs, and hands the update to its observer query.
extension SimulatedDevice {
    /// Puts every sample `world.health` saves on the agenda.
    mutating func scheduleHealthSamples() {
        guard !scenario.world.health.isEmpty else { return }
        var effects: [DeviceEffect] = []
        health.plan(scenario.world.health, until: scenario.duration, into: &effects)
        carryOut(effects)
    }

    /// A watch or a glucose monitor saved the sample at `index`.
    mutating func healthSampleSaved(_ index: Int) {
        var effects: [DeviceEffect] = []
        health.sampleSaved(index, healthKitConditions, into: &effects)
        carryOut(effects)
    }

    /// A planned wake for new samples fell due: HealthKit wakes the app, or holds the wake back (HK-4).
    mutating func healthDeliveryDue(generation: Int) {
        var effects: [DeviceEffect] = []
        let type = health.due(generation, healthKitConditions, into: &effects)
        carryOut(effects)
        if let type { deliverHealthUpdate(type) }
    }

    /// Wakes a suspended app or launches a terminated one in the background (STATE-2), holds it for
    /// the handler's time (HK-5), and calls the update handler of its observer query, at once if the
    /// process has one, or when it starts one (HK-1).
    private mutating func deliverHealthUpdate(_ type: HealthDataType) {
        if !state.isForeground {
            lifecycle.wake(by: .healthKit)
            switch state {
            case .suspended:
                tally.countWake(.healthKit)
                guard resume(cause: "healthKitWake", rules: ["HK-5"]) else { return }
            case .notRunning:
                tally.countWake(.healthKit)
                launch(.healthKit, cause: "healthKitRelaunch", rules: ["HK-5"])
            case .background, .active, .inactive:
                break
            }
            guard hasProcess else { return }
            let hold = health.hold(at: now, rules: policy.healthKit)
            schedule(.reevaluate, at: lifecycle.extendWindow(to: hold))
            grantAllowanceIfNeeded()
        }
        guard hasProcess else { return }
        var effects: [DeviceEffect] = []
        let (id, observed) = health.openUpdate(type, healthKitConditions, into: &effects)
        carryOut(effects)
        guard observed else { return }
        deliver(.healthObserverUpdate(HealthObserverUpdate(id: id, type: type)))
    }

    /// The update handler's time is up (HK-6).
    mutating func healthHandlerDeadline(update serial: Int) {
        var effects: [DeviceEffect] = []
        health.handlerDeadline(serial, healthKitConditions, into: &effects)
        carryOut(effects)
    }

    /// The user unlocked the phone or opened the app: deliveries held back go now (HK-4).
    mutating func healthAfterUserAction(_ action: UserAction.Kind) {
        switch action {
        case .open, .unlock: break
        default: return
        }
        guard health.hasDeliveries else { return }
        var effects: [DeviceEffect] = []
        health.release(healthKitConditions, into: &effects)
        carryOut(effects)
    }

    // MARK: Commands

    /// `enableBackgroundDelivery(for:frequency:withCompletion:)` (HK-1, HK-2, HK-7).
    mutating func enableHealthBackgroundDelivery(_ type: HealthDataType, frequency: HealthUpdateFrequency) {
        var effects: [DeviceEffect] = []
        health.enable(type, frequency: frequency, healthKitConditions, into: &effects)
        carryOut(effects)
    }

    /// An `HKObserverQuery` executed: updates waiting for it are handed over (HK-1).
    mutating func startHealthObserverQuery(_ type: HealthDataType) {
        let number = process.number
        for id in health.startObserver(type, process: number) {
            guard hasProcess, process.number == number else { return }
            deliver(.healthObserverUpdate(HealthObserverUpdate(id: id, type: type)))
        }
    }

    /// The observer query's completion handler (HK-6). With no update left open, the hold of the
    /// wake ends at once, as nothing else extended it.
    mutating func completeHealthObserverUpdate(_ id: String) {
        var effects: [DeviceEffect] = []
        let holdEnd = health.complete(id, into: &effects)
        carryOut(effects)
        guard let holdEnd, state == .background, lifecycle.endWindow(ifEndingAt: holdEnd, at: now) else { return }
        schedule(.reevaluate, at: now)
    }

    /// An anchored query: answered at once with the new samples, or the error while locked (HK-4).
    mutating func queryHealthSamples(_ type: HealthDataType) {
        var effects: [DeviceEffect] = []
        let result = health.read(type, healthKitConditions, into: &effects)
        carryOut(effects)
        deliver(.healthSamplesQueried(result))
    }
}
