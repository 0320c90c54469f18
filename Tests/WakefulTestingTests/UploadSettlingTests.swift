import Foundation
import Testing
import WakefulTestSupport
import WakefulTesting

/// A record made a moment ago is on its way, not pending; one the phone holds because the network
/// is off is pending, and the failure says when the network was off.
@Suite("Uploads settling and offline", .watchdog, .cpuBound)
struct UploadSettlingTests {
    /// The trip ends in the background with its last batch not yet sent: the records of the last
    /// half minute are settling, not pending.
    @Test func theLastMomentsRecordsAreSettlingNotPending() throws {
        let run = try ExpectationTests.trip("LocationPulse")
        #expect(run.expectEveryRecordUploadedExactlyOnce())
        let failures = ExpectationFailure.collect {
            run.expectEveryRecordUploadedExactlyOnce(settlingTime: .zero)
            run.expectEveryRecordUploadedExactlyOnce(settlingTime: .seconds(1))
        }
        #expect(failures.count == 2)
        #expect(failures.map { $0.message.contains("still pending on the phone") } == [true, true])
        #expect(failures.last?.message.contains("\nNot counted: ") == true)
        #expect(failures.last?.message.contains(" made in the last 1 s, still settling.") == true)
    }

    @Test func anOfflinePhoneSaysWhenTheNetworkWasOff() throws {
        var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
        run.openApp()
        run.pressHome()
        run.move(along: TripApp.drive)
        run.advance(by: .minutes(1))
        run.setNetwork(.none)
        run.advance(by: .minutes(4))
        run.setNetwork(.wifi)
        run.setNetwork(.none)  // a blip at the same moment changes nothing
        let failures = ExpectationFailure.collect { run.expectEveryRecordUploadedExactlyOnce() }
        let failure = try #require(failures.first)
        #expect(
            failure.message.contains(
                "\nThe network was off from 1 min 00 s to the end of the run (5 min 00 s): uploads wait for it [URLS-1].\n"
            ))
        #expect(failure.rules == ["URLS-1"])
    }

    @Test func aStretchOfflineThatEndedIsNamedToo() throws {
        var world = WorldDescription(trajectory: .stationary(at: .zero))
        world.network = NetworkTimeline([
            NetworkSegment(at: 0, kind: .none, bandwidth: 0),
            NetworkSegment(at: 600, kind: .wifi, bandwidth: 1_000_000),
            NetworkSegment(at: 900, kind: .none, bandwidth: 0),
        ])
        var run = BackgroundTestRun(
            strategies: AppSetup.strategies,
            agent: AgentConfiguration(upload: Uploader.Configuration(background: false)),
            iOS: .v17, scenario: .blank(world: world))
        run.openApp()
        run.pressHome()
        run.move(along: TripApp.drive)
        run.advance(by: .minutes(20))
        let failures = ExpectationFailure.collect { run.expectEveryRecordUploadedExactlyOnce(settlingTime: .zero) }
        #expect(
            failures.first?.message.contains(
                "\nThe network was off from 0 s to 10 min 00 s, from 15 min 00 s to the end of the run (20 min 00 s): "
                    + "uploads fail without it [URLS-8].") == true)
    }
}
