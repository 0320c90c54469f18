import Foundation
import Wakeful

/// What the app asks of ActivityKit: start an activity (only in the foreground, LIVE-1, LIVE-2),
/// update or end it (in the background too), and observe its activities and tokens (LIVE-4, LIVE-5).
extension LiveActivitySystem {
    /// What became of `Activity.request`.
    enum RequestOutcome {
        /// Started: the activity's index.
        case started(Int)
        /// Thrown.
        case refused(LiveActivityError)
    }

    /// `Activity.request(attributes:content:pushType:)`.
    mutating func request(
        _ request: LiveActivityRequest, _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect]
    ) -> RequestOutcome {
        let refusal: (LiveActivityError, String, [String])? =
            if !conditions.rules.available {
                (.unsupported, "no ActivityKit before iOS 16.1", ["LIVE-1"])
            } else if !conditions.app.supported {
                (.unentitled, "the Info.plist lacks NSSupportsLiveActivities", ["LIVE-1"])
            } else if !conditions.user.allowed {
                (.denied, "the user turned Live Activities off for the app", ["LIVE-1"])
            } else if !conditions.appState.isForeground {
                (.visibility, "the app is not in the foreground (\(conditions.appState.rawValue))", ["LIVE-2"])
            } else if ongoing >= conditions.rules.maximumActivities {
                (.targetMaximumExceeded, "the app has \(ongoing) ongoing activities already", ["LIVE-1"])
            } else {
                nil
            }
        if let (error, why, rules) = refusal {
            summary.note("the app's request was refused: \(why)", rules: rules)
            effects.append(
                .decide(
                    "liveActivityRequestRefused", rules: rules,
                    fields: [
                        Field("activity", .string(request.id)), Field("error", .string(error.rawValue)),
                        Field("why", .string(why)),
                    ]))
            return .refused(error)
        }
        let index = start(
            SimulatedLiveActivity(
                name: request.id, attributesType: request.attributesType, origin: .app, process: conditions.process,
                startedAt: conditions.now, content: request.contentState, staleDate: request.staleDate,
                receivesPushUpdates: request.receivesPushUpdates, timestamp: conditions.now),
            rules: ["LIVE-1", "LIVE-2"], conditions, into: &effects)
        return .started(index)
    }

    /// Activities not yet ended, which count against the app's maximum (LIVE-1).
    var ongoing: Int { activities.count { $0.state == .active || $0.state == .stale } }

    /// Puts a new activity on the Lock Screen and in the Dynamic Island, with the timers of its life:
    /// its update token (LIVE-5), its stale date (LIVE-10) and the 8-hour limit (LIVE-3).
    mutating func start(
        _ activity: SimulatedLiveActivity, rules: [String], _ conditions: LiveActivityConditions,
        into effects: inout [DeviceEffect]
    ) -> Int {
        let index = activities.count
        activities.append(activity)
        summary.started += 1
        var fields = [
            Field("activity", .string(activity.name)), Field("origin", .string(activity.origin.rawValue)),
            Field("content", .string(Self.describe(activity.content))),
        ]
        if let stale = activity.staleDate { fields.append(Field("staleDate", .double(stale))) }
        fields.append(Field("appState", .string(conditions.appState.rawValue)))
        effects.append(.decide("liveActivityStarted", rules: rules, fields: fields))
        let rules = conditions.rules
        schedule(.activeLimit, activity: index, at: activity.startedAt + rules.activeLimit, into: &effects)
        if let stale = activity.staleDate { schedule(.stale, activity: index, at: stale, into: &effects) }
        if activity.receivesPushUpdates {
            schedule(.token, activity: index, at: conditions.now + rules.tokenDelay, into: &effects)
        }
        return index
    }

    /// `Activity.activityUpdates` and, with `pushToStart` on iOS 17.2+, `pushToStartTokenUpdates`,
    /// observed by the app's process: it hears of every activity of `attributesType` still on screen
    /// and of the tokens.
    mutating func observe(
        _ attributesType: String, pushToStart: Bool, _ conditions: LiveActivityConditions,
        into effects: inout [DeviceEffect]
    ) -> [Event] {
        observer = conditions.process
        observedType = attributesType
        observesPushToStart = pushToStart
        if pushToStart, conditions.rules.pushToStartAvailable, pushToStartToken == nil, !pushToStartTokenPending {
            pushToStartTokenPending = true
            schedule(.pushToStartToken, activity: -1, at: conditions.now + conditions.rules.tokenDelay, into: &effects)
        }
        return pendingEvents(conditions)
    }

    /// `activity.update(_:)` from the app, allowed in the background and outside the push budget.
    mutating func update(
        _ name: String, content: [Field], staleDate: TimeInterval?, _ conditions: LiveActivityConditions,
        into effects: inout [DeviceEffect]
    ) -> [Event] {
        guard let index = running(name, command: "updateLiveActivity", conditions, into: &effects) else { return [] }
        let wasStale = activities[index].state == .stale
        apply(content, staleDate: staleDate, timestamp: conditions.now, to: index, conditions, into: &effects)
        effects.append(
            .decide(
                "liveActivityUpdated", rules: ["LIVE-2", "LIVE-8"],
                fields: [
                    Field("activity", .string(name)), Field("by", .string("app")),
                    Field("content", .string(Self.describe(activities[index].content))),
                    Field("appState", .string(conditions.appState.rawValue)),
                ]))
        return wasStale && activities[index].state == .active ? stateEvent(index, conditions) : []
    }

    /// `activity.end(_:dismissalPolicy:)` from the app.
    mutating func end(
        _ name: String, content: [Field], dismissal: LiveActivityDismissal, _ conditions: LiveActivityConditions,
        into effects: inout [DeviceEffect]
    ) -> [Event] {
        guard let index = running(name, command: "endLiveActivity", conditions, into: &effects) else { return [] }
        if !content.isEmpty { activities[index].content = content }
        return finish(
            index, by: "app", dismissalDate: Self.removal(dismissal, now: conditions.now), conditions, into: &effects)
    }

    /// The running (active or stale) activity of this name; otherwise the command is refused.
    private func running(
        _ name: String, command: String, _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect]
    ) -> Int? {
        if let index = index(of: name), activities[index].state == .active || activities[index].state == .stale {
            return index
        }
        effects.append(
            .decide(
                "commandRefused", rules: ["LIVE-9"],
                fields: [
                    Field("command", .string(command)),
                    Field("why", .string("no running Live Activity \"\(name)\": updates to an ended one are ignored")),
                ]))
        return nil
    }

    /// New content, stale date and timestamp; a stale activity given a later stale date is active again (LIVE-10).
    mutating func apply(
        _ content: [Field], staleDate: TimeInterval?, timestamp: TimeInterval, to index: Int,
        _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect]
    ) {
        if !content.isEmpty { activities[index].content = content }
        activities[index].timestamp = timestamp
        guard let staleDate else { return }
        activities[index].staleDate = staleDate
        if staleDate > conditions.now {
            if activities[index].state == .stale { activities[index].state = .active }
            schedule(.stale, activity: index, at: staleDate, into: &effects)
        }
    }

    /// When an ended activity leaves the Lock Screen under `dismissal`: at once, at the date, or
    /// at the 4-hour limit; ``finish(_:by:dismissalDate:_:into:)`` caps it at that limit (LIVE-3).
    static func removal(_ dismissal: LiveActivityDismissal, now: TimeInterval) -> TimeInterval? {
        switch dismissal {
        case .default: nil
        case .immediate: now
        case .after(let date): max(now, date)
        }
    }

    /// Ends the activity at `index` (by the app, a push or the 8-hour limit) and plans its removal:
    /// at `dismissalDate`, at most 4 hours after the end and 12 hours after the start (LIVE-3).
    mutating func finish(
        _ index: Int, by: String, dismissalDate: TimeInterval?, _ conditions: LiveActivityConditions,
        into effects: inout [DeviceEffect]
    ) -> [Event] {
        let rules = conditions.rules
        let latest = min(
            conditions.now + rules.endedLimit, activities[index].startedAt + rules.activeLimit + rules.endedLimit)
        let removal = min(dismissalDate ?? latest, latest)
        activities[index].state = .ended
        activities[index].removalAt = removal
        effects.append(
            .decide(
                "liveActivityEnded", rules: by == "limit" ? ["LIVE-3"] : ["LIVE-3", "LIVE-8"],
                fields: [
                    Field("activity", .string(activities[index].name)), Field("by", .string(by)),
                    Field("content", .string(Self.describe(activities[index].content))),
                    Field("removalAt", .double(removal)), Field("appState", .string(conditions.appState.rawValue)),
                ]))
        var events = stateEvent(index, conditions)
        if removal <= conditions.now {
            events += remove(index, conditions, into: &effects)
        } else {
            schedule(.removal, activity: index, at: removal, into: &effects)
        }
        return events
    }

    /// The ended activity leaves the Lock Screen (LIVE-3).
    mutating func remove(_ index: Int, _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect])
        -> [Event]
    {
        activities[index].state = .dismissed
        effects.append(
            .decide(
                "liveActivityRemoved", rules: ["LIVE-3"], fields: [Field("activity", .string(activities[index].name))]))
        return stateEvent(index, conditions)
    }
}
