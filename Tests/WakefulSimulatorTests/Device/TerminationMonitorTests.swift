import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

/// The CPU monitor (TERM-4) and the wake-up monitor (TERM-5).
@Suite("Device: CPU and wake-up monitors (TERM-4, TERM-5)", .watchdog, .cpuBound)
struct TerminationMonitorTests {
    /// Keeps the app alive with the location mode and works the CPU at `load` in the background.
    struct Busy: Strategy {
        var load: Double
        var timerInterval: TimeInterval?
        var name: String { "Busy" }
        var requirements: Requirements { Requirements(backgroundModes: [.location], locationAuthorization: .always) }
        mutating func handle(_ event: Event, in context: Context) -> [Command] {
            switch event {
            case .didFinishLaunching:
                return [
                    .startUpdatingLocation(
                        LocationRequest(
                            desiredAccuracy: 3000, distanceFilter: 3000, pausesAutomatically: false,
                            allowsBackgroundUpdates: true))
                ]
            case .didEnterBackground:
                return [.setCPULoad(load)]
                    + (timerInterval.map { [.setTimer(TimerRequest(id: "spin", interval: $0, repeats: true))] } ?? [])
            default:
                return []
            }
        }
    }

    @Test(arguments: [("7", false), ("8", true), ("17", true), ("26", true)])
    func ninetyPercentInTheBackgroundIsKilledOnceItHasUsed48SecondsFromiOS8(version: String, killed: Bool) throws {
        let metrics = Trace(
            Scenarios.make(duration: 600), ios: try #require(IOSVersion(parsing: version)),
            setup: .custom(Busy(load: 0.9))
        ).metrics
        #expect(metrics.terminations.map(\.reason) == (killed ? [.cpuLimit] : []))
        if killed {
            // Home at 10 s; 48 s of CPU (80 % of 60 s) used at 90 % takes 53.3 s (TERM-4).
            #expect(abs((metrics.terminations.first?.at ?? 0) - (10 + 48 / 0.9)) < 0.002)
            #expect(metrics.terminations.first?.code == "EXC_RESOURCE CPU_FATAL")
        }
    }

    /// A VoIP app in a call it reported at launch, working the CPU at `load` in the background.
    struct Call: Strategy {
        var load: Double
        var name: String { "Call" }
        var requirements: Requirements { Requirements(backgroundModes: [.voip]) }
        mutating func handle(_ event: Event, in context: Context) -> [Command] {
            switch event {
            case .didFinishLaunching: [.reportIncomingCall(id: "call")]
            case .didEnterBackground: [.setCPULoad(load)]
            default: []
            }
        }
    }

    /// Two CPU reports of background calls: 9 s of CPU over 15 s on 14.5.1, 15 % over 60 s on
    /// 15.3 (field corpus: term-ios14-call-cpu-9s-over-15s, term-ios15-call-cpu-15pct-kill).
    @Test(arguments: [
        ("13", 0.24, nil), ("14", 0.94, 9 / 0.94), ("14", 0.5, nil), ("15", 0.24, 9 / 0.24), ("26", 0.2, 45),
    ])
    func aCallIsHeldToTheTighterCallLimit(version: String, load: Double, killedAfter: Double?) throws {
        let metrics = Trace(
            Scenarios.make(duration: 600), ios: try #require(IOSVersion(parsing: version)),
            setup: .custom(Call(load: load))
        ).metrics
        #expect(metrics.terminations.map(\.reason) == (killedAfter == nil ? [] : [.cpuLimit]))
        if let killedAfter {
            #expect(abs((metrics.terminations.first?.at ?? 0) - (10 + killedAfter)) < 0.002)
        }
    }

    @Test func seventyPercentIsAllowed() {
        #expect(
            Trace(Scenarios.make(duration: 600), ios: IOSVersion(17), setup: .custom(Busy(load: 0.7))).metrics
                .terminations.isEmpty)
    }

    @Test func aTimerFiringAThousandTimesASecondTripsTheWakeupMonitor() throws {
        // 45,000 wake-ups per 300 s (cfg) is 150 a second on average; 1 kHz passes it in 45 s.
        let metrics = Trace(
            Scenarios.make(duration: 200), ios: IOSVersion(17), setup: .custom(Busy(load: 0, timerInterval: 0.001))
        ).metrics
        let termination = try #require(metrics.terminations.first)
        #expect(termination.reason == .wakeupLimit)
        #expect(termination.at > 10 + 44 && termination.at < 10 + 46)
    }

    @Test func aOneHertzTimerNeverDoes() {
        #expect(
            Trace(Scenarios.make(duration: 900), ios: IOSVersion(17), setup: .custom(Busy(load: 0, timerInterval: 1)))
                .metrics.terminations.isEmpty)
    }
}
