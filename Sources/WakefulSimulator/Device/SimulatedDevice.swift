import Foundation
import Wakeful

/// An iPhone running one app under a ``BackgroundPolicy``, in virtual time.
///
/// The device owns the agenda (one queue ordered by time and insertion), the system state that
/// outlives the app (region monitoring, the significant-change service, the force-quit flag, the
/// settings) and the app's process while it exists. Each step pops the earliest agenda entry,
/// applies the policy's rules, delivers events to the app's `Runtime` while, and only while, the
/// app may execute, and carries out the commands it returns. Every decision goes to the timeline
/// with the rule IDs behind it.
///
/// Use ``Simulator`` to run scenarios; this type is the engine underneath. To drive a run from
/// outside (a test pressing Home, sending a push), step it: ``start()``, ``run(until:)``,
/// ``inject(_:)``, as `WakefulTesting` does.
public struct SimulatedDevice<Sink: TimelineSink> {
    // MARK: Configuration

    /// The scenario being run; a stepped run's charger and network changes (``setCharging(_:)``,
    /// ``setNetwork(_:bandwidth:)``) rewrite its `world` from the time they happen.
    public internal(set) var scenario: Scenario
    /// The rules in force.
    public let policy: BackgroundPolicy
    /// The strategies under test.
    public let setup: StrategySetup
    /// The app as installed: its strategies, background modes and requirements, and the run's seed.
    let install: AppInstall
    /// The user's location authorization and accuracy, the prompts on screen and what was asked
    /// before (AUTH-1 to AUTH-7); the user's actions and the app's requests change it.
    var authorizer: LocationAuthorizer

    // MARK: Engine

    var queue = EventQueue<Agenda>()
    /// The current simulated time.
    public internal(set) var now: TimeInterval = 0
    var systemRandom: SeededGenerator
    /// Where the timeline goes.
    public var timeline: Sink
    var finished = false

    // MARK: World

    /// Where the user is and since when they stand still; the world's facts for the timeline.
    var world: WorldState
    /// The world's beacons as the radio hears them, and ranging (BEACON-5).
    var beacons: BeaconSystem

    // MARK: System state that outlives the app

    /// The app's state and the run reasons the system grants, the force-quit flag and the
    /// Settings switches, and the counters that outlive the process (STATE, TERM-1, BGT-12).
    var lifecycle: Lifecycle
    /// The display, the lock and the Data Protection behind them (DATA, LOC-23, BEACON-4).
    var screen: Screen
    /// Region monitoring and `CLMonitor` conditions, with their waiting events (LOC-17 to LOC-21, CLMON).
    var geofences: Geofences
    /// The significant-change and visits services, the sessions the last process held, the one-shot
    /// requests and the fixes' draws (LOC).
    var locationServices: LocationServices
    /// Core Motion's activities, derived on first use (MOTION-1), and whether the user has answered
    /// the Motion & Fitness prompt (MOTION-2).
    var motion: MotionState

    // MARK: The app's process and its run reasons

    /// The app's process; `.absent` (number 0) while the app is not running. Not an optional:
    /// reading a field through an optional struct copies the whole process on every step.
    var process = AppProcess.absent
    /// The task scheduler: pending requests, the fetch interval, usage, budgets (BGT).
    var scheduler: TaskScheduler

    // MARK: Pushes: the server's pushes and the system's push, VoIP and audio state

    /// The server's pushes and what became of them; throttle, held push, VoIP failure count and
    /// keep-alive bookkeeping (PUSH, VOIP).
    var pushes: PushSystem

    // MARK: Results

    /// What the run did so far, for the metrics, and any broken invariant.
    var tally = RunTally()
    /// Which power-drawing components are on, and their accrued time.
    var energy = EnergyMeter()

    // MARK: Network

    /// Background transfers, requests and the URL-session daemon's state (URLS).
    var network: URLSessionDaemon
    /// Core Bluetooth, the app as central and as peripheral, and the accessories (BLE).
    var bluetooth: BluetoothSystem

    // MARK: Outbox

    /// The app's agent configuration and storage, its server and uploads, the injected kills
    /// (``outboxLedger``, ``ingest`` and ``ingestTransport`` show them).
    var outbox: OutboxSystem

    /// Creates a device for one run.
    ///
    /// - Parameters:
    ///   - scenario: The world, the user, the app and how long to run.
    ///   - policy: The iOS family's rules (``Simulator/policy(for:ios:)``), with the scenario's variants applied.
    ///   - setup: The strategies the app runs.
    ///   - seed: Seeds every random draw, so the same inputs give the same timeline.
    ///   - timeline: Receives every event, command and decision in order.
    ///   - outbox: Opens the app's outbox at each launch; nil for an in-memory outbox when the
    ///     scenario's app has one.
    ///   - chaos: Kills injected on top of the policy's (crash-injection runs).
    ///   - continuing: The server and the ledger of an earlier run of the same app and outbox, so a
    ///     second phase (the crash-injection harness's drain) adds to them.
    public init(
        scenario: Scenario, policy: BackgroundPolicy, setup: StrategySetup, seed: UInt64, timeline: Sink,
        outbox: (any OutboxProvider)? = nil, chaos: ChaosPlan = .none,
        continuing: (server: IngestEndpoint, ledger: OutboxLedger)? = nil
    ) {
        self.scenario = scenario
        self.policy = policy
        self.setup = setup
        self.timeline = timeline
        let install = AppInstall(scenario: scenario, setup: setup, seed: seed)
        self.install = install
        let agentConfiguration = scenario.app.agent
        self.authorizer = LocationAuthorizer(app: scenario.app, version: policy.version)
        let root = SeededGenerator(seed: seed)
        self.systemRandom = root.derived(stream: 3)
        // Location: streams 1 and 5 for the fixes' errors (AUTH-6), 61 for the significant-change
        // accuracy (LOC-10), 60 for the crossings (LOC-19), 50 for the activities (MOTION-1), one
        // per beacon from 1000 for ranging's noise.
        self.locationServices = LocationServices(
            random: root.derived(stream: 1), coarseRandom: root.derived(stream: 5),
            accuracyRandom: root.derived(stream: 61), accuracies: policy.location.significantChangeAccuracies)
        // Beacons without hardware filtering (stream 81): where in its period the phone's
        // background software scan falls (BEACON-2).
        var beaconScanRandom = root.derived(stream: 81)
        self.geofences = Geofences(
            detection: BeaconDetection(
                device: scenario.device, rules: policy.beacons, phase: beaconScanRandom.nextDouble()),
            crossingRandom: root.derived(stream: 60))
        self.motion = MotionState(random: root.derived(stream: 50))
        self.world = WorldState(trajectory: scenario.world.trajectory)
        self.beacons = BeaconSystem(
            reach: BeaconReach(scenario.world.beacons, radio: scenario.device.radio), trigger: scenario.trigger?.beacon,
            random: scenario.world.beacons.indices.map { root.derived(stream: 1000 + UInt64($0)) })
        self.lifecycle = Lifecycle(settings: scenario.device)
        // Scheduled tasks (BGT): stream 20 for the scheduler's jitter, 70 and 71 for the day's budget.
        self.scheduler = TaskScheduler(
            scenario: scenario, strategies: install.strategies, random: root.derived(stream: 20),
            budgetRandom: root.derived(stream: 70), gapRandom: root.derived(stream: 71))
        // Pushes: stream 72 for how late a grouped priority-5 push comes (PUSH-8).
        self.pushes = PushSystem(groupingRandom: root.derived(stream: 72))
        // Outbox: the app's storage and server, the injected kills (streams 40 to 42).
        self.outbox = OutboxSystem(
            configuration: agentConfiguration, writes: scenario.app.outbox?.writes ?? .beforeCommands,
            provider: agentConfiguration == nil
                ? nil
                : outbox
                    ?? {
                        var random = root.derived(stream: 42); return InMemoryOutboxProvider(installID: random.uuid())
                    }(),
            ledger: continuing?.ledger ?? OutboxLedger(),
            ingest: continuing?.server
                ?? IngestEndpoint(server: scenario.world.server, random: root.derived(stream: 40)),
            chaos: chaos, chaosRandom: root.derived(stream: 41))
        self.screen = Screen(passcode: scenario.device.passcode)
        // URLS-3 (contested): this run's wait for a background-session task created in the
        // foreground (stream 90).
        self.network = URLSessionDaemon(
            rules: policy.urlSession, forceQuitStops: policy.termination.forceQuitBlocks.contains(.urlSession),
            random: root.derived(stream: 90))
        // Core Bluetooth's per-run draws (stream 80): the background scan's phase (BLE-2) and how
        // long a background advertisement lasts (BLE-3).
        self.bluetooth = BluetoothSystem(
            rules: policy.bluetooth, accessories: scenario.world.accessories, backgroundModes: install.backgroundModes,
            accessorySetupKit: scenario.app.accessorySetupKit,
            forceQuitBlocksRestoration: policy.termination.forceQuitBlocks.contains(.bluetoothRestoration),
            random: root.derived(stream: 80))
    }

    // MARK: What the process and the subsystems hold

    /// Whether the app has a process.
    var hasProcess: Bool { process.number != 0 }
    /// `UIBackgroundModes` as declared.
    public var backgroundModes: [BackgroundMode] { install.backgroundModes }
    /// The app's state.
    public var state: AppState { lifecycle.state }
    /// Broken invariants found by ``checkInvariants()``; always empty unless the model has a bug.
    public var violations: [String] { tally.violations }

    // MARK: Running

    /// Runs the scenario to its end and returns what happened.
    ///
    /// The same as stepping it (``start()``, then ``run(until:)``) to the end.
    public mutating func run() -> RunMetrics {
        start()
        run(until: .infinity)
        return finish()
    }

    /// Schedules an agenda entry, with times kept to whole milliseconds so timelines read cleanly
    /// and round-trip exactly.
    mutating func schedule(_ item: Agenda, at time: TimeInterval) {
        queue.schedule(item, at: max(now, (time * 1000).rounded() / 1000))
    }

    mutating func advance(to time: TimeInterval) {
        now = time
        world.advance(to: time)
    }

    mutating func handle(_ item: Agenda) {
        switch item {
        case .userAction(let index): perform(scenario.actions[index].kind)
        case .worldTick(let generation):
            guard world.isPendingTick(generation) else { return }
            worldTick()
        case .reevaluate: break  // the check after every step does the work
        case .expiryWarning(let generation): expiryWarning(allowance: generation)
        case .taskDeadline(let generation): taskDeadline(allowance: generation)
        case .rangingTick(let generation): rangingTick(generation: generation)
        case .timer(let generation): timerFired(generation: generation)
        case .regionDelivery(let serial):
            guard let delayed = geofences.takeDelayed(serial: serial) else { return }
            deliverRegionTransition(delayed.region, to: delayed.state)
        case .displayState(let generation): displayStateCallbacks(generation: generation)
        case .protectedDataLockDown(let generation): protectedDataLockDown(generation: generation)
        case .initialRegionState(let registration): initialRegionState(registration: registration)
        case .monitorEventUnclaimed(let serial): monitorEventUnclaimed(serial: serial)
        case .jetsam(let generation): jetsam(generation: generation)
        case .relaunchKill(let number): relaunchKillDue(process: number)
        case .oneShotFix(let number): deliverOneShotFix(process: number)
        case .serviceSessionDeadline(let number): serviceSessionDeadline(process: number)
        case .cpuCheck(let number): checkCPU(process: number)
        case .launchWatchdog(let number): launchWatchdogDue(process: number)
        case .end: finished = true
        // Pushes
        case .pushArrival(let index): pushArrives(index)
        case .apnsRedelivery(let index): storedPushRedelivered(index)
        case .groupedPushDelivery(let index): pushReachesDevice(index, mayGroup: false)
        case .pushHandlerDeadline(let generation): pushHandlerDeadline(generation: generation)
        case .heldPushRelease(let generation): heldPushReleaseDue(generation: generation)
        case .keepAlive(let generation): keepAliveDue(generation: generation)
        // Scheduled tasks (BGT)
        case .scheduledLaunch(let generation): scheduledLaunchDue(generation: generation)
        case .scheduledTaskExpiry(let generation): scheduledTaskExpiryDue(generation: generation)
        case .scheduledTaskDeadline(let generation): scheduledTaskDeadlineDue(generation: generation)
        case .scheduledTaskCPULimit(let generation): scheduledTaskCPULimitDue(generation: generation)
        case .powerChange: powerChanged()
        // Network
        case .network(let generation):
            guard generation == network.generation else { return }
            networkStep()
        case .urlSessionHandlerDeadline(let generation): urlSessionHandlerDeadline(generation: generation)
        case .accessorySleep(let index, let generation): accessorySleep(index: index, generation: generation)
        case .bluetoothDelivery(let serial): bluetoothDelivery(serial: serial)
        case .bluetoothScanWindow: bluetoothScanWindowOpens()
        case .advertisingLifetimeEnds(let generation): advertisingLifetimeEnds(generation: generation)
        case .jobStep(let generation): jobStep(generation: generation)
        // Accessories
        case .centralConnect(let index, let generation): centralConnect(index: index, generation: generation)
        case .centralWrite(let index, let generation): centralWrite(index: index, generation: generation)
        // Outbox
        case .chaosKill(let generation): chaosKillDue(generation: generation)
        case .outboxLockReleased: break  // the check after every step suspends the app if nothing else holds it
        // Motion
        case .activityChange(let generation): activityChangeDue(generation: generation)
        }
    }

    // MARK: Timeline

    @inline(__always)
    mutating func record(_ body: TimelineEntry.Body) {
        guard timeline.isRecording else { return }
        timeline.append(TimelineEntry(time: now, body: body))
    }

    mutating func decide(_ name: String, rules: [String], _ fields: [Field] = []) {
        // A decision only goes to the timeline: without one (a many-seed sweep) do not even sort
        // its rules, which the argument of `record` would do before `record` looks.
        guard timeline.isRecording else { return }
        record(.decision(SystemDecision(name: name, rules: RuleIDs.sorted(rules), fields: fields)))
    }

    var runHeader: [Field] {
        let seed = install.seed
        var fields: [Field] = [
            Field("format", .int(TimelineJSONEncoder.formatVersion)),
            Field("scenario", .string(scenario.name)),
            Field("ios", .string(policy.version.description)),
            Field("family", .string(policy.family.rawValue)),
            Field("setup", .string(setup.name)),
            Field("seed", seed <= UInt64(Int.max) ? .int(Int(seed)) : .string(String(seed))),
            Field("strategies", .string(install.strategyNames.joined(separator: ","))),
            Field("backgroundModes", .string(backgroundModes.map(\.rawValue).joined(separator: ","))),
            Field("locationAuthorization", .string(scenario.app.locationAuthorization.rawValue)),
            Field("duration", .double(scenario.duration)),
        ]
        if !policy.variants.isEmpty {
            fields.append(Field("variants", .string(policy.variants.map(\.id).joined(separator: ","))))
        }
        if policy.debuggerAttached { fields.append(Field("debuggerAttached", .bool(true))) }
        if scenario.world.startHour != 0 { fields.append(Field("startHour", .double(scenario.world.startHour))) }
        if scenario.world.startDay != .monday {
            fields.append(Field("startDay", .string(scenario.world.startDay.rawValue)))
        }
        if let configuration = scenario.headerConfiguration(for: setup) {
            fields.append(Field("config", .string(configuration)))
        }
        return fields
    }

    /// Effective Background App Refresh: the switch, turned off by Low Power Mode from iOS 9 (BGT-12).
    var backgroundRefreshAvailable: Bool { lifecycle.backgroundRefreshAvailable(policy.scheduler) }

    /// Whether location monitoring may produce events (not before the first unlock after a reboot, LOC-23).
    var monitoringActive: Bool {
        screen.firstUnlockDone || !policy.location.monitoringWaitsForFirstUnlock
    }
}
