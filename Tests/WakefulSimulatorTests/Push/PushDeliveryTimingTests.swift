import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// When a silent push reaches the app: APNs' one stored push for an offline device (PUSH-5),
/// power-aware grouping of priority-5 pushes to an idle device (PUSH-8) and CONF-PUSH-4.
@Suite("Push: offline storage, grouping on an idle device, CONF-PUSH-4", .watchdog, .cpuBound)
struct PushDeliveryTimingTests {
    static func trace(
        _ pushes: [ScheduledPush], network: [NetworkSegment] = [], actions: [UserAction] = [],
        variants: [PolicyVariant] = [], duration: TimeInterval = 8000, seed: UInt64 = 1
    ) throws -> Trace {
        var scenario = PushScenarios.make(pushes: pushes, duration: duration, variants: variants, actions: actions)
        if !network.isEmpty { scenario.world.network = NetworkTimeline(network) }
        return Trace(scenario, ios: try Versions.parse("17"), setup: .custom(PushApps.responder()), seed: seed)
    }

    static let offline = [
        NetworkSegment(at: 0, kind: .wifi, bandwidth: 1_000_000), NetworkSegment(at: 200, kind: .none, bandwidth: 0),
        NetworkSegment(at: 1000, kind: .wifi, bandwidth: 1_000_000),
    ]

    @Test("offline, APNs keeps only the newest push and sends it when the device is back online (PUSH-5)")
    func offlineKeepsNewest() throws {
        let pushes = (1...4).map { PushScenarios.silent(at: 200 + Double($0) * 100, id: "o\($0)") }
        let trace = try Self.trace(pushes, network: Self.offline)
        #expect(trace.deliveredPushes.map(\.id) == ["o4"])
        #expect(trace.deliveredPushes.map(\.time) == [1000])
        #expect(trace.decisions("pushStoredByAPNs").count == 4)
        #expect(trace.decisions("storedPushReplaced").map(\.decision.fields["id"]) == ["o1", "o2", "o3"])
    }

    @Test("online, every push within the budget is delivered when it is sent (the old behaviour offline)")
    func onlineDeliversAll() throws {
        let pushes = (1...4).map { PushScenarios.silent(at: 200 + Double($0) * 100, id: "o\($0)") }
        let trace = try Self.trace(pushes)
        #expect(trace.deliveredPushes.map(\.time) == [300, 400, 500, 600])
        #expect(trace.decisions("pushStoredByAPNs").isEmpty)
    }

    @Test("a push to a device idle for 30 min comes 7–10 min late; soon after the user left it comes at once (PUSH-8)")
    func groupedWhenIdle() throws {
        let pushes = [PushScenarios.silent(at: 600, id: "soon"), PushScenarios.silent(at: 3600, id: "idle")]
        for seed in UInt64(1)...5 {
            let trace = try Self.trace(pushes, seed: seed)
            let delivered = trace.deliveredPushes
            #expect(delivered.map(\.id) == ["soon", "idle"])
            #expect(delivered.first?.time == 600)
            let late = try #require(delivered.last).time - 3600
            #expect(late >= 420 && late <= 600, "seed \(seed): \(late) s")
            #expect(trace.decisions("pushGrouped").map(\.time) == [3600])
        }
    }

    @Test("a user action resets the idle clock: no grouping right after it (PUSH-8)")
    func userActionResetsIdle() throws {
        let trace = try Self.trace(
            [PushScenarios.silent(at: 3600, id: "p")],
            actions: [UserAction(at: 3000, .open), UserAction(at: 3010, .home)])
        #expect(trace.deliveredPushes.map(\.time) == [3600])
        #expect(trace.decisions("pushGrouped").isEmpty)
    }

    @Test("CONF-PUSH-4: no push reaches the app off screen; on screen it still does")
    func disallowedInBackground() throws {
        let pushes = [PushScenarios.silent(at: 300, id: "bg"), PushScenarios.silent(at: 1005, id: "fg")]
        let trace = try Self.trace(
            pushes, actions: [UserAction(at: 1000, .open)], variants: [.silentPushDisallowedInBackground])
        #expect(trace.deliveredPushes.map(\.id) == ["fg"])
        let refusal = try #require(trace.decisions("pushNotDelivered").first)
        #expect(refusal.decision.rules.contains("CONF-PUSH-4"))
    }
}
