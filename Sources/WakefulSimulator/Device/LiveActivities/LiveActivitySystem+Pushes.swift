import Foundation
import Wakeful

/// ActivityKit pushes as they reach the device (`apns-push-type: liveactivity`): a push-to-start
/// (LIVE-4), an update or an end (LIVE-5, LIVE-6, LIVE-9). The system draws the new content
/// itself; the app is not woken for it (LIVE-8).
extension LiveActivitySystem {
    /// What became of a push.
    enum PushFate {
        /// The content is on screen; the app, if it executes, hears of the state changes it made.
        case shown([Event])
        /// A push-to-start started the activity at this index: the app gets its short launch (LIVE-7).
        case started(Int)
        /// Nothing changed on screen, for this reason and these rules.
        case notShown(why: String, rules: [String])
    }

    /// The push `id` at `priority`, sent at `sentAt`, with this payload, reaches the device now;
    /// `grouped` when it waited for a burst while the phone lay idle (PUSH-8).
    mutating func receive(
        _ payload: LiveActivityPayload?, id: String, priority: Int, sentAt: TimeInterval, grouped: Bool,
        _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect]
    ) -> PushFate {
        var fate: PushFate
        if let payload {
            fate = judge(payload, id: id, priority: priority, sentAt: sentAt, conditions, into: &effects)
        } else {
            fate = .notShown(why: "no aps.event: not an ActivityKit payload", rules: ["LIVE-4", "LIVE-5"])
        }
        switch fate {
        case .shown, .started:
            summary.pushesShown += 1
            if !conditions.executing { summary.shownWhileAppStopped += 1 }
        case .notShown(var why, var rules):
            if grouped {
                why = "grouped while the phone lay idle, then: " + why
                rules.append("PUSH-8")
                fate = .notShown(why: why, rules: rules)
            }
            summary.note(why, rules: rules)
            var fields = [Field("id", .string(id))]
            if let payload { fields.append(Field("activity", .string(payload.activity))) }
            fields.append(Field("why", .string(why)))
            effects.append(.decide("liveActivityPushNotShown", rules: rules, fields: fields))
        }
        return fate
    }

    private mutating func judge(
        _ payload: LiveActivityPayload, id: String, priority: Int, sentAt: TimeInterval,
        _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect]
    ) -> PushFate {
        guard conditions.rules.available else {
            return .notShown(why: "no Live Activities before iOS 16.1", rules: ["LIVE-1"])
        }
        let timestamp = payload.timestamp ?? sentAt
        switch payload.event {
        case .start:
            return pushStart(payload, timestamp: timestamp, conditions, into: &effects)
        case .update, .end:
            // LIVE-5: the server addresses an activity by the update token the app sent it.
            guard let index = activities.lastIndex(where: { $0.name == payload.activity }),
                activities[index].tokenCaptured
            else {
                return .notShown(
                    why: "the server has no update token for \"\(payload.activity)\": the app never received one",
                    rules: ["LIVE-5"])
            }
            guard activities[index].state == .active || activities[index].state == .stale else {
                return .notShown(why: "the activity has ended; it takes no updates", rules: ["LIVE-9"])
            }
            if payload.event == .end {
                apply(payload.contentState, staleDate: nil, timestamp: timestamp, to: index, conditions, into: &effects)
                return .shown(
                    finish(index, by: "push", dismissalDate: payload.dismissalDate, conditions, into: &effects))
            }
            return update(index, payload, id: id, priority: priority, timestamp: timestamp, conditions, into: &effects)
        }
    }

    /// An update push (LIVE-6, LIVE-9, LIVE-10).
    private mutating func update(
        _ index: Int, _ payload: LiveActivityPayload, id: String, priority: Int, timestamp: TimeInterval,
        _ conditions: LiveActivityConditions, into effects: inout [DeviceEffect]
    ) -> PushFate {
        // LIVE-9: "If this is older than a previous update or push payload, the system ignores this update."
        guard timestamp >= activities[index].timestamp else {
            return .notShown(why: "its timestamp is older than the content shown", rules: ["LIVE-9"])
        }
        var rules = ["LIVE-8"]
        if priority == 10 {
            let window = conditions.rules.budgetWindow
            let now = conditions.now
            activities[index].priority10Shown.removeAll { $0 + window <= now }
            let budget =
                conditions.frequentUpdates
                ? conditions.rules.frequentPriority10Budget : conditions.rules.priority10Budget
            guard activities[index].priority10Shown.count < budget else {
                return .notShown(
                    why: "over the budget of \(budget) priority-10 updates an hour"
                        + (conditions.frequentUpdates ? " (frequent updates)" : ""),
                    rules: ["LIVE-6"])
            }
            activities[index].priority10Shown.append(now)
            rules.append("LIVE-6")
        }
        let wasStale = activities[index].state == .stale
        apply(
            payload.contentState, staleDate: payload.staleDate, timestamp: timestamp, to: index, conditions,
            into: &effects)
        effects.append(
            .decide(
                "liveActivityUpdated", rules: rules,
                fields: [
                    Field("id", .string(id)), Field("activity", .string(payload.activity)),
                    Field("by", .string("push")),
                    Field("priority", .int(priority)),
                    Field("content", .string(Self.describe(activities[index].content))),
                    Field("appState", .string(conditions.appState.rawValue)),
                ]))
        return .shown(wasStale && activities[index].state == .active ? stateEvent(index, conditions) : [])
    }

    /// A push-to-start push (LIVE-4): needs iOS 17.2, the token the app received, and room in the budget.
    private mutating func pushStart(
        _ payload: LiveActivityPayload, timestamp: TimeInterval, _ conditions: LiveActivityConditions,
        into effects: inout [DeviceEffect]
    ) -> PushFate {
        let rules = conditions.rules
        guard rules.pushToStartAvailable else {
            return .notShown(why: "push-to-start needs iOS 17.2", rules: ["LIVE-4"])
        }
        guard let token = pushToStartToken, token.reportedTo != 0 else {
            return .notShown(
                why: "the server has no push-to-start token: the app never received one (pushToStartTokenUpdates)",
                rules: ["LIVE-4"])
        }
        guard conditions.app.supported else {
            return .notShown(why: "the Info.plist lacks NSSupportsLiveActivities", rules: ["LIVE-1"])
        }
        guard conditions.user.allowed else {
            return .notShown(why: "the user turned Live Activities off for the app", rules: ["LIVE-1"])
        }
        pushStarts.removeAll { $0 + rules.budgetWindow <= conditions.now }
        guard pushStarts.count < rules.pushToStartBudget else {
            return .notShown(
                why: "push-to-start budget exceeded: \(rules.pushToStartBudget) within the hour", rules: ["LIVE-4"])
        }
        guard ongoing < rules.maximumActivities else {
            return .notShown(why: "the app has \(ongoing) ongoing activities already", rules: ["LIVE-1"])
        }
        pushStarts.append(conditions.now)
        let index = start(
            SimulatedLiveActivity(
                name: payload.activity, attributesType: payload.attributesType ?? "", origin: .push, process: 0,
                startedAt: conditions.now, content: payload.contentState, staleDate: payload.staleDate,
                receivesPushUpdates: true, timestamp: timestamp),
            rules: ["LIVE-4"], conditions, into: &effects)
        return .started(index)
    }
}
