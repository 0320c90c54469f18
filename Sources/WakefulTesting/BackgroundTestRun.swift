import Foundation
import Wakeful
import WakefulSimulator

/// One configuration of your app on a simulated iPhone, in virtual time, for your own tests.
///
/// Create a run, drive it as a user and the world would, then assert on what iOS let the app do.
/// Nothing waits in real time: `advance(by: .hours(8))` simulates eight hours in milliseconds.
/// The same configuration, scenario and seed always give the same run.
///
/// ```swift
/// @Test func gasStationTriggerOnIOS12() throws {
///     var run = BackgroundTestRun(
///         configuration: try .named("TaskExtension"), iOS: .v12, scenario: try BuiltinScenarios.load("gas-station"))
///     run.advance(by: .minutes(18))  // the walk to pump 4 takes 15 min
///     run.expectTriggered(within: 3)
///     run.expectBackgroundTasksAlwaysEnded()
/// }
/// ```
///
/// To test the configuration your app ships, hand the run the same values the app hands to
/// `WakefulApp.Configuration(strategies:agent:)`:
///
/// ```swift
/// var run = BackgroundTestRun(strategies: AppSetup.strategies, agent: AppSetup.agent, iOS: .v17)
/// ```
///
/// Failed expectations are reported where you called them: as issues under Swift Testing, as
/// `XCTFail` under XCTest. ``ExpectationFailure/collect(_:)`` hands them to you instead.
public struct BackgroundTestRun {
    /// The simulated device underneath, for anything this type does not wrap.
    public internal(set) var device: SimulatedDevice<InMemoryTimeline>

    /// Starts a run and carries out everything the scenario has due at time 0.
    ///
    /// - Parameters:
    ///   - configuration: The strategies under test: `.named("TaskExtension")`, a catalogue
    ///     setup, or `.custom(MyStrategy())` (`.custom(strategies)` for an array) for your own.
    ///   - version: The iOS release whose rules apply, e.g. `.v17`.
    ///   - scenario: The world, the app's features and the scripted actions; its duration is how
    ///     long the run can go on. `Scenario.blank(duration:app:device:world:)` is a quiet one
    ///     to drive by hand.
    ///   - seed: The seed of every random draw; the only source of variation between runs.
    public init(configuration: StrategySetup, iOS version: IOSVersion, scenario: Scenario, seed: UInt64 = 1) {
        device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: version), setup: configuration, seed: seed,
            timeline: InMemoryTimeline())
        device.start()
        device.run(until: 0)
    }

    /// Starts a run of the configuration your app ships: the strategies and the agent
    /// configuration it hands to `WakefulApp.Configuration(strategies:agent:)`, the same values.
    ///
    /// - Parameters:
    ///   - strategies: The app's strategies and features, in the order they receive events.
    ///   - agent: The app's jobs, uploads, retention and timeline, with the same defaults as on a
    ///     device; they replace the scenario app's `outbox`, `jobs` and `jobScheduler`
    ///     (see `AppConfiguration.agent`).
    ///   - version: The iOS release whose rules apply, e.g. `.v17`.
    ///   - scenario: The world and the scripted actions; a quiet day to drive by hand by default.
    ///   - seed: The seed of every random draw; the only source of variation between runs.
    public init(
        strategies: [any Strategy], agent: AgentConfiguration = AgentConfiguration(), iOS version: IOSVersion,
        scenario: Scenario = .blank(), seed: UInt64 = 1
    ) {
        var scenario = scenario
        scenario.app.agent = agent
        self.init(configuration: .custom(strategies), iOS: version, scenario: scenario, seed: seed)
    }

    /// Simulated time since the run started: a mark to give a window relative to
    /// (`during: .since(mark)`), or to compare with `.minutes(30)`.
    ///
    /// ```swift
    /// let parked = run.now
    /// run.advance(by: .hours(2))
    /// run.expectNoTermination(during: .since(parked))
    /// ```
    public var now: Duration { SimulatedTime.duration(device.now) }

    /// Simulated seconds since the run started.
    @available(*, deprecated, message: "Use `now`, a Duration like every time this API takes or gives.")
    public var time: TimeInterval { device.now }

    /// The app's state now: not running, active, in the background or suspended.
    public var appState: AppState { device.state }

    /// Whether the run has reached the scenario's end; driving it further reports a failure.
    public var hasEnded: Bool { device.isFinished }

    /// Where the user is now, in the scenario's local metres.
    public var position: LocalPoint { device.currentPosition }

    /// Everything that happened so far: user actions, state changes, events, commands, decisions.
    public var timeline: [TimelineEntry] { device.timeline.entries }

    /// The run's figures as if it ended now: wakes, terminations, trigger, outbox, energy.
    public var metrics: RunMetrics { device.metricsSoFar() }

    /// Records of `kind` the app produced so far (e.g. `"location"`), with their times since the
    /// start of the run.
    public func records(ofKind kind: String) -> [(time: Duration, record: Record)] {
        timeline.compactMap { entry in
            guard case .command(.record(let record), _) = entry.body, record.kind == kind else { return nil }
            return (SimulatedTime.duration(entry.time), record)
        }
    }

    /// Runs the simulated device as far as `change` lets it, reporting a run that already ended.
    mutating func drive(_ what: String, at site: CallSite, _ change: (inout SimulatedDevice<InMemoryTimeline>) -> Void)
    {
        guard !device.isFinished else {
            site.report(
                driving:
                    "\(what) was not done: the run ended at \(SimulatedTime.describe(device.now)), the scenario's duration. "
                    + "Give the scenario a longer duration.",
                at: device.now)
            return
        }
        change(&device)
        device.run(until: device.now)  // what the change set off at this instant happens now
    }
}
