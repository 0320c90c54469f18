import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// AT-5 — iOS 13+: BGTaskScheduler pending limits (BGT-7, BGT-9).
///
/// Setup: every identifier permitted, `fetch` and `processing` modes, Background App Refresh on,
/// nothing pending. The app makes the calls of steps 1–5 at launch, in order; step 6 when the
/// user switches Background App Refresh off.
@Suite("AT-5: BGTaskScheduler pending limits", .watchdog, .cpuBound)
struct AT5PendingLimitsTests {
    static let processing = (1...11).map { "p\($0)" }

    static let app = Scripted("AT5") { event, _ in
        switch event {
        case .didFinishLaunching:
            return [
                .submitTaskRequest(TaskRequest(identifier: "a", kind: .appRefresh)),  // step 1
                .submitTaskRequest(TaskRequest(identifier: "b", kind: .appRefresh)),  // step 2
            ]
                + processing.map { .submitTaskRequest(TaskRequest(identifier: $0, kind: .processing)) }  // steps 3, 4
                // step 5
                + [.submitTaskRequest(TaskRequest(identifier: "a", kind: .appRefresh, earliestBeginDate: 7200))]
        case .backgroundRefreshStatusChanged(.denied):
            return [.submitTaskRequest(TaskRequest(identifier: "c", kind: .appRefresh))]  // step 6
        case .scheduledTaskSubmitFailed(let identifier, let error):
            return [
                .record(
                    Record(
                        kind: "failed",
                        fields: [Field("identifier", .string(identifier)), Field("error", .string(error.rawValue))]))
            ]
        default:
            return []
        }
    }

    static func scenario() -> Scenario {
        SchedulerScenarios.make(
            duration: 600, permitted: ["a", "b", "c"] + processing, home: 1_000_000,
            actions: [UserAction(at: 60, .setBackgroundAppRefresh(false))])
    }

    @Test("steps 1–6 on the 13–18 and 26+ profiles", arguments: ["13", "17", "18", "26"])
    func steps(version: String) throws {
        let trace = Trace(Self.scenario(), ios: try Versions.parse(version), setup: .custom(Self.app))
        let accepted = trace.decisions("taskRequestAccepted").compactMap {
            $0.decision.fields["identifier"].map(\.description)
        }
        // Step 1 and step 3: "a" and the ten processing requests are accepted; the pending counts rise.
        #expect(accepted == ["a"] + Array(Self.processing.prefix(10)))
        let pendingCounts = trace.decisions("taskRequestAccepted").compactMap { $0.decision.fields["pending"]?.number }
        #expect(pendingCounts == [1] + (1...10).map(Double.init))
        // Step 2: "b" throws tooManyPendingTaskRequests; step 4: the 11th processing request too;
        // step 6: "c" throws unavailable once Background App Refresh is off.
        let failures = trace.submitErrors.map { "\($0.identifier):\($0.error.rawValue)" }
        #expect(failures == ["b:tooManyPendingTaskRequests", "p11:tooManyPendingTaskRequests", "c:unavailable"])
        // The app received each error as an event at once (the record it made in response).
        #expect(trace.records("failed").count == 3)
        #expect(trace.records("failed").map(\.time) == [0, 0, 60])
        // Step 5: "a" is replaced, not refused ("a" stayed pending through step 2).
        let replaced = trace.decisions("taskRequestReplaced")
        #expect(replaced.map { $0.decision.fields["identifier"]?.description } == ["a"])
        #expect(replaced.allSatisfy { $0.decision.rules == ["BGT-7"] })
        // The rules behind the refusals.
        let ruleSets = trace.decisions("taskSubmitFailed").map(\.decision.rules)
        #expect(ruleSets == [["BGT-7"], ["BGT-7"], ["BGT-9"]])
    }

    @Test("before iOS 13 there is no BGTaskScheduler: nothing is accepted or thrown", arguments: ["8", "12"])
    func noSchedulerBefore13(version: String) throws {
        let trace = Trace(Self.scenario(), ios: try Versions.parse(version), setup: .custom(Self.app))
        #expect(trace.decisions("taskRequestAccepted").isEmpty)
        #expect(trace.submitErrors.isEmpty)
        let refused = trace.decisions("commandRefused")
        #expect(refused.count == 1 + 1 + 11 + 1 + 1)
        #expect(refused.allSatisfy { $0.decision.fields["why"]?.description == "BGTaskScheduler needs iOS 13" })
    }
}
