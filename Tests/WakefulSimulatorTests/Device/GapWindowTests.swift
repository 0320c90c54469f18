import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The gaps a stepped run reports for a window of it: cut to the window, and `Gap.stillOpen` when
/// nothing ended them by the window's end.
@Suite("Gaps in a window", .watchdog, .cpuBound)
struct GapWindowTests {
    /// Opened at 0, sent to the background at 60 s (suspended at 65 s), opened again at 600 s,
    /// and left in front to 900 s.
    static func device() -> SimulatedDevice<InMemoryTimeline> {
        let scenario = Scenario(
            name: "gaps", duration: 3600, app: AppConfiguration(), device: DeviceSettings(),
            world: WorldDescription(trajectory: .stationary(at: .zero)))
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: IOSVersion(17)), setup: .none, seed: 1,
            timeline: InMemoryTimeline())
        device.start()
        device.inject(.open)
        device.run(until: 60)
        device.inject(.home)
        device.run(until: 600)
        device.inject(.open)
        device.run(until: 900)
        return device
    }

    @Test func theWholeRunsGapIsEndedByTheOpen() throws {
        let gap = try #require(Self.device().largestExecutionGap())
        #expect([gap.from, gap.to] == [65, 600])
        #expect(gap.endedBy == "userOpened")
    }

    @Test func aGapIsCutToTheWindow() throws {
        let gap = try #require(Self.device().largestExecutionGap(from: 100, to: 700))
        #expect([gap.from, gap.to] == [100, 600])
        #expect(gap.cause == "suspended after leaving the foreground" && gap.endedBy == "userOpened")
    }

    @Test func aGapGoingAtTheWindowsEndIsStillOpen() throws {
        let gap = try #require(Self.device().largestExecutionGap(from: 0, to: 300))
        #expect([gap.from, gap.to] == [65, 300])
        #expect(gap.endedBy == Gap.stillOpen)
    }

    @Test func aWindowWithoutAGapHasNone() {
        #expect(Self.device().largestExecutionGap(from: 600, to: 900) == nil)
        #expect(Self.device().largestExecutionGap(from: 700, to: 700) == nil)
    }

    @Test func aWindowBeforeTheFirstLaunchIsOneGapThatNeverRan() throws {
        let scenario = Scenario(
            name: "late", duration: 3600, app: AppConfiguration(), device: DeviceSettings(),
            world: WorldDescription(trajectory: .stationary(at: .zero)))
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: IOSVersion(17)), setup: .none, seed: 1,
            timeline: InMemoryTimeline())
        device.start()
        device.run(until: 100)
        device.inject(.open)
        let gap = try #require(device.largestExecutionGap(from: 0, to: 50))
        #expect([gap.from, gap.to] == [0, 50] && gap.cause == "the app never ran" && gap.endedBy == Gap.stillOpen)
    }

    @Test func aRecordGapTheAppWokeInWithoutRecordingIsStillOpen() throws {
        let device = Self.device()
        let gap = try #require(device.largestGap(betweenRecordsOf: "location"))
        #expect([gap.from, gap.to] == [0, 900])
        #expect(gap.endedBy == Gap.stillOpen)  // not "userOpened": the app came back but did not record
        #expect(
            device.largestGap(betweenRecordsOf: "location", from: 200, to: 400).map { [$0.from, $0.to] } == [200, 400])
    }
}
