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
    /// `UIBackgroundModes` as declared.
    public let backgroundModes: [BackgroundMode]
    /// What the app's strategies need, together.
    let requirements: Requirements
    /// The user's location authorization and accuracy, the prompts on screen and what was asked
    /// before (AUTH-1 to AUTH-7); the user's actions and the app's requests change it.
    var authorizationMachine: LocationAuthorizationMachine
    /// The permission the run started with, as the machine settled it (accuracy is full before 14).
    let initialPermission: LocationPermission
    /// The keys of the app's `NSLocationTemporaryUsageDescriptionDictionary` (AUTH-7).
    let temporaryFullAccuracyPurposeKeys: [String]
    /// The app's strategies as a new process starts them: features first, then the setup (and the
    /// job scheduler between them, unless the agent holds it).
    let freshStrategies: [any Strategy]
    /// The names of every strategy of the app, the agent's scheduler included, for the run header.
    let strategyNames: [String]
    /// The beacon a trigger feature watches, for trigger metrics.
    let triggerBeacon: WorldBeacon?
    /// The seed of every random draw in the run.
    let seed: UInt64

    // MARK: Engine

    var queue = EventQueue<Agenda>()
    /// The current simulated time.
    public internal(set) var now: TimeInterval = 0
    var locationRandom: SeededGenerator
    /// One random stream per world beacon, so that adding a beacon leaves the others' noise as it was.
    var beaconRandom: [SeededGenerator]
    var systemRandom: SeededGenerator
    /// How far off each reduced-accuracy fix is (AUTH-6): a stream of its own, so that a run with
    /// Precise Location on draws exactly what it drew before the model had one.
    var coarseRandom: SeededGenerator
    /// Each region crossing's draw of how long iOS takes to confirm it (LOC-19): a stream of its
    /// own (60), so that the draws shift no other part's numbers.
    var crossingRandom: SeededGenerator
    /// The stated accuracy of this run's significant-change fixes, one of the field's (LOC-10),
    /// drawn from stream 61.
    let significantChangeAccuracy: Double
    /// Where the timeline goes.
    public var timeline: Sink
    var finished = false

    // MARK: World

    var cursor: TrajectoryCursor
    var position: LocalPoint
    var stationarySince: TimeInterval? = 0
    let beaconRanges: [Double]
    let beaconSignals: [BeaconSignalSource]
    var rangingScratch: [RangedBeacon] = []

    // MARK: System state that outlives the app

    /// The app's state.
    public internal(set) var state: AppState = .notRunning
    var stateSince: TimeInterval = 0
    var backgroundAppRefreshSwitch: Bool
    var lowPowerMode: Bool
    var screenOn = true
    var locked = false
    var firstUnlockDone = true
    var frontWhenLocked = false
    var forceQuitFlag = false
    var regions: [RegionWatch] = []
    /// When the phone next scans for beacons in software with the display off, on a phone without
    /// hardware filtering (BEACON-2); the phase is drawn per run (stream 81).
    var nextBeaconSoftwareScan: TimeInterval = 0
    /// `CLMonitor` conditions and their waiting events (CLMON).
    var conditionMonitors = ConditionMonitors()
    var significantChange: SignificantChangeWatch?
    var visits: VisitWatch?
    /// The Core Location sessions the last process held when it ended: Core Location ends them only at
    /// the next launch, which may reattach to them (LOC-8, LOC-32).
    var carriedSessions = LocationSessions()
    /// Until when, after a launch, the carried service session still counts while the app recreates
    /// it (LOC-32).
    var serviceSessionRecreationDeadline = -TimeInterval.infinity
    /// Core Motion's activities, derived on first use (MOTION-1), and whether the user has answered
    /// the Motion & Fitness prompt (MOTION-2).
    var motion = MotionState()

    // MARK: The app's process and its run reasons

    /// The app's process; `.absent` (number 0) while the app is not running. Not an optional:
    /// reading a field through an optional struct copies the whole process on every step.
    var process = AppProcess.absent
    /// Whether the app has a process.
    var hasProcess: Bool { process.number != 0 }
    var processCount = 0
    var graceUntil = -TimeInterval.infinity
    /// Until when beacon ranging keeps a backgrounded app running (CONF-BEACON-5 only).
    var rangingKeepsRunningUntil = -TimeInterval.infinity
    var windowUntil = -TimeInterval.infinity
    var wakeEpoch = 0
    var allowanceCount = 0
    var rangingGeneration = 0
    var displayGeneration = 0
    var jetsamGeneration = 0
    var worldTickGeneration = 0
    var timerCount = 0
    /// `requestLocation()` calls not yet answered; they die with the process.
    var pendingLocationRequests = 0
    /// Set while expiration handlers run, so that a task begun in one waits for the next pass.
    var runningExpiryHandlers = false
    /// Whether `applicationDidEnterBackground` is being delivered, when `backgroundTimeRemaining`
    /// may still read DBL_MAX (TASK-11).
    var enteringBackground = false
    /// Region transitions waiting out their latency (CONF-15).
    var delayedRegionEvents: [(serial: Int, region: RegionID, state: RegionState)] = []
    var delayedRegionSerial = 0
    /// Counts `startMonitoring` registrations (SIM-1's initial state finds its watch by it).
    var regionRegistrationSerial = 0
    /// What held the app in the background at the last check, to say why it suspended.
    var lastRunReasons: RunReasons = []
    /// What opened the current wake window, to cite the right rule when it ends.
    var lastWakeSource: WakeSource?
    /// The task scheduler: pending requests, the fetch interval, usage, budgets (BGT).
    var scheduler: TaskScheduler

    // MARK: Pushes: the server's pushes and the system's push, VoIP and audio state

    /// The server's pushes and what became of them; throttle, held push, VoIP failure count and
    /// keep-alive bookkeeping (PUSH, VOIP).
    var pushes: PushSystem
    /// Live Activities on the Lock Screen, their tokens and budgets (LIVE).
    var liveActivities: LiveActivitySystem

    // MARK: Results

    var tally = RunTally()
    /// Which power-drawing components are on, and their accrued time.
    var energy = EnergyMeter()
    /// Broken invariants found by ``checkInvariants()``; always empty unless the model has a bug.
    public internal(set) var violations: [String] = []

    // MARK: Network

    /// Background transfers, requests and the URL-session daemon's state (URLS).
    var network = NetworkState()
    /// Core Bluetooth's state and the accessories' (BLE).
    var bluetooth = BluetoothState()
    /// The app as a Bluetooth LE peripheral (BLE-1, BLE-3).
    var peripheral = PeripheralState()

    /// The phone's Data Protection, shared with the outbox each process opens (DATA-1 to DATA-4).
    let dataProtection: DataProtectionGate
    var lockDownGeneration = 0

    /// The world's facts for the timeline (``WorldFacts``), empty when nothing records, and the
    /// next one to write.
    var worldFacts: [TimelineEntry] = []
    var nextWorldFact = 0

    // MARK: Outbox

    /// The app's agent configuration: nil when the app keeps no outbox and runs no jobs.
    let agentConfiguration: AgentConfiguration?
    /// Whether ``agentConfiguration`` is set: a flag, because testing the optional on every delivery
    /// copies the configuration.
    let hasAgentConfiguration: Bool
    /// When the app's database writes happen (TERM-6 model).
    let outboxWrites: OutboxWriteTiming
    /// The app's storage, opened at every launch; nil without an agent.
    let outboxProvider: (any OutboxProvider)?
    /// What the app committed to its outbox and what retention dropped.
    public let outboxLedger: OutboxLedger
    /// The app's server, as far as uploads go.
    public internal(set) var ingest: IngestEndpoint
    /// A real server the uploads go to instead of ``ingest`` (`wakeful-server fleet`); nil in simulations.
    public var ingestTransport: (any IngestTransport)?
    /// Kills injected on top of the policy's.
    let chaos: ChaosPlan
    var chaosRandom: SeededGenerator
    var outboxState = OutboxDeviceState()

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
        self.seed = seed
        self.timeline = timeline
        let features = scenario.app.features.compactMap { FeatureFactory.make($0, world: scenario.world) }
        // Jobs: the app's jobs run in a JobScheduler, which the agent holds so that the jobs'
        // states persist in the outbox across launches.
        let scheduler = scenario.app.jobSchedulerStrategy
        let setupStrategies = setup.strategies.map { scenario.app.registeringFences(in: $0.makeStrategy()) }
        let strategies = features + (scheduler.map { [$0] } ?? []) + setupStrategies
        let agentConfiguration = scenario.app.agent
        self.agentConfiguration = agentConfiguration
        self.hasAgentConfiguration = agentConfiguration != nil
        self.freshStrategies = agentConfiguration == nil ? strategies : features + setupStrategies
        self.strategyNames = strategies.map(\.name)
        self.requirements = Requirements.combined(strategies.map(\.requirements))
        self.backgroundModes = scenario.app.backgroundModes ?? requirements.backgroundModes
        self.authorizationMachine = LocationAuthorizationMachine(
            permission: LocationPermission(
                status: scenario.app.locationAuthorization, accuracy: scenario.app.preciseLocation ? .full : .reduced),
            rules: .init(version: (policy.version.major, policy.version.minor)))
        self.initialPermission = authorizationMachine.permission
        self.temporaryFullAccuracyPurposeKeys = scenario.app.temporaryFullAccuracyPurposeKeys
        self.triggerBeacon = scenario.trigger?.beacon
        let root = SeededGenerator(seed: seed)
        self.locationRandom = root.derived(stream: 1)
        self.beaconRandom = scenario.world.beacons.indices.map { root.derived(stream: 1000 + UInt64($0)) }
        self.systemRandom = root.derived(stream: 3)
        self.coarseRandom = root.derived(stream: 5)
        self.crossingRandom = root.derived(stream: 60)
        // Beacons without hardware filtering (stream 81): where in its period the phone's
        // background software scan falls (BEACON-2).
        var beaconScanRandom = root.derived(stream: 81)
        // Whole milliseconds, as the agenda's times are, so that the world tick lands on the scan.
        self.nextBeaconSoftwareScan =
            (beaconScanRandom.nextDouble() * policy.beacons.softwareScanPeriod * 1000).rounded() / 1000
        var accuracyRandom = root.derived(stream: 61)
        let accuracies = policy.location.significantChangeAccuracies
        self.significantChangeAccuracy =
            accuracies.isEmpty
            ? 500 : accuracies[min(accuracies.count - 1, Int(accuracyRandom.nextDouble() * Double(accuracies.count)))]
        self.cursor = TrajectoryCursor(scenario.world.trajectory)
        self.position = scenario.world.trajectory.position(at: 0)
        self.backgroundAppRefreshSwitch = scenario.device.backgroundAppRefresh
        self.lowPowerMode = scenario.device.lowPowerMode
        let radio = scenario.device.radio
        self.beaconRanges = scenario.world.beacons.map { radio.detectionRange(measuredPower: $0.measuredPower) }
        self.beaconSignals = scenario.world.beacons.map(BeaconSignalSource.init)
        // Scheduled tasks (BGT): stream 20 for the scheduler's jitter, 70 and 71 for the day's budget.
        self.scheduler = TaskScheduler(
            scenario: scenario, strategies: strategies, random: root.derived(stream: 20),
            budgetRandom: root.derived(stream: 70), gapRandom: root.derived(stream: 71))
        // Pushes: stream 72 for how late a grouped priority-5 push comes (PUSH-8).
        self.pushes = PushSystem(groupingRandom: root.derived(stream: 72))
        self.liveActivities = LiveActivitySystem(tokenRandom: root.derived(stream: 74))  // LIVE-4, LIVE-5
        // Outbox: the app's storage and server, the injected kills (streams 40 to 42).
        self.outboxWrites = scenario.app.outbox?.writes ?? .beforeCommands
        self.outboxProvider =
            agentConfiguration == nil
            ? nil
            : outbox
                ?? {
                    var random = root.derived(stream: 42); return InMemoryOutboxProvider(installID: random.uuid())
                }()
        self.ingest =
            continuing?.server ?? IngestEndpoint(server: scenario.world.server, random: root.derived(stream: 40))
        self.outboxLedger = continuing?.ledger ?? OutboxLedger()
        self.dataProtection = DataProtectionGate(passcode: scenario.device.passcode)
        self.chaos = chaos
        self.chaosRandom = root.derived(stream: 41)
        // URLS-3 (contested): this run's wait for a background-session task created in the
        // foreground, log-uniform between the bounds (stream 90).
        if let bounds = policy.urlSession.foregroundStartDelay {
            var urlSessionRandom = root.derived(stream: 90)
            self.network.foregroundDelay =
                bounds.lowerBound * pow(bounds.upperBound / bounds.lowerBound, urlSessionRandom.nextDouble())
        }
        // Core Bluetooth's per-run draws (stream 80): the background scan's phase (BLE-2) and how
        // long a background advertisement lasts (BLE-3).
        var bluetoothRandom = root.derived(stream: 80)
        self.bluetooth.scanPhase = bluetoothRandom.nextDouble()
        let lifetime = policy.bluetooth.backgroundAdvertisingLifetime
        self.peripheral.backgroundLifetime =
            lifetime.lowerBound + bluetoothRandom.nextDouble() * (lifetime.upperBound - lifetime.lowerBound)
    }

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
        position = cursor.position(at: time)
    }

    mutating func handle(_ item: Agenda) {
        switch item {
        case .userAction(let index): perform(scenario.actions[index].kind)
        case .worldTick(let generation):
            guard generation == worldTickGeneration else { return }
            worldTick()
        case .reevaluate: break  // the check after every step does the work
        case .expiryWarning(let generation): expiryWarning(allowance: generation)
        case .taskDeadline(let generation): taskDeadline(allowance: generation)
        case .rangingTick(let generation): rangingTick(generation: generation)
        case .timer(let generation): timerFired(generation: generation)
        case .regionDelivery(let serial):
            guard let index = delayedRegionEvents.firstIndex(where: { $0.serial == serial }) else { return }
            let delayed = delayedRegionEvents.remove(at: index)
            deliverRegionTransition(delayed.region, to: delayed.state)
        case .displayState(let generation): displayStateCallbacks(generation: generation)
        case .protectedDataLockDown(let generation): protectedDataLockDown(generation: generation)
        case .initialRegionState(let registration): initialRegionState(registration: registration)
        case .monitorEventUnclaimed(let serial): monitorEventUnclaimed(serial: serial)
        case .jetsam(let generation): jetsam(generation: generation)
        case .relaunchKill(let number):
            // Only while the flag stands: an app the user has opened since is theirs again (TERM-1).
            guard hasProcess, process.number == number, forceQuitFlag, !state.isForeground else { return }
            terminate(.relaunchAfterForceQuit, rules: ["LOC-26", "CONF-5"])
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
        case .heldPushRelease(let generation):
            guard generation == pushes.heldGeneration else { return }
            releaseHeldPush()
        case .keepAlive(let generation): keepAliveDue(generation: generation)
        case .liveActivityDue(let serial): liveActivityTimerDue(serial: serial)
        // Scheduled tasks (BGT)
        case .scheduledLaunch(let generation): scheduledLaunchDue(generation: generation)
        case .scheduledTaskExpiry(let generation): scheduledTaskExpiryDue(generation: generation)
        case .scheduledTaskDeadline(let generation): scheduledTaskDeadlineDue(generation: generation)
        case .scheduledTaskCPULimit(let generation): scheduledTaskCPULimitDue(generation: generation)
        case .powerChange:
            replanScheduledWork(because: "power")
            scheduleNetworkStep(at: now)  // a discretionary transfer may start on the charger (URLS-2)
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
        var fields: [Field] = [
            Field("format", .int(TimelineJSONEncoder.formatVersion)),
            Field("scenario", .string(scenario.name)),
            Field("ios", .string(policy.version.description)),
            Field("family", .string(policy.family.rawValue)),
            Field("setup", .string(setup.name)),
            Field("seed", seed <= UInt64(Int.max) ? .int(Int(seed)) : .string(String(seed))),
            Field("strategies", .string(strategyNames.joined(separator: ","))),
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

    // MARK: State

    /// Moves the app to a new state, recording why.
    mutating func setState(_ next: AppState, cause: String, rules: [String], _ fields: [Field] = []) {
        guard next != state else { return }
        let rules = RuleIDs.sorted(rules)
        let previous = state
        tally.accumulate(previous, seconds: now - stateSince)
        stateSince = now
        state = next
        record(.state(StateChange(from: previous, to: next, cause: cause, rules: rules, fields: fields)))
        tally.stateChanges.append(StateChangeRecord(time: now, to: next, cause: cause, rules: rules))
        if previous.isExecuting && !next.isExecuting {
            let wakeSource = cause == "wakeWindowEnded" ? lastWakeSource?.rawValue : nil
            stoppedExecuting(
                StopSummary(
                    at: now, state: next.rawValue, cause: cause, rules: rules, wakeSource: wakeSource,
                    distanceMeters: distanceToTriggerBeacon))
        } else if !previous.isExecuting && next.isExecuting {
            startedExecuting()
        }
        if next == .suspended { scheduleJetsam() }
        refreshEnergy()
        cpuLoadChanged()
        if peripheral.advertising || peripheral.form != .off { advertisementChanged() }  // BLE-1, BLE-3
        if previous == .suspended, next.isExecuting {
            deliverQueuedProtectedDataNotice()
            deliverQueuedAuthorizationChange()  // AUTH-5
        }
        if previous.isForeground != next.isForeground || !next.isExecuting { checkLocationInUse() }  // AUTH-4, AUTH-7
    }

    /// Delivers an event to the app's code and carries out the commands it returns.
    ///
    /// Only an executing app receives events: everything else is a model bug, caught here.
    mutating func deliver(_ event: Event) {
        guard state.isExecuting, hasProcess else {
            violations.append("t=\(now): event delivered while \(state.rawValue)")
            return
        }
        // Right after a wake nothing is known yet to hold the app: note what does now, so that a
        // suspension in this same step (a handler completed at once) names it. Once something is
        // known, as on every ranging callback of a running app, this costs nothing.
        if state == .background, lastRunReasons.isEmpty { lastRunReasons = runReasons }
        var context = Context(
            now: now, appState: state, backgroundTimeRemaining: backgroundTimeRemaining, network: networkPath,
            externalPower: scenario.world.power.charging(at: now), localTime: scenario.world.localTime(at: now))
        context.locationPermission = authorizationMachine.permission.seenByTheApp
        let commands: [Command]
        if hasAgentConfiguration {
            guard let handled = agentHandle(event, in: context) else { return }
            commands = handled
        } else {
            commands = process.runtime.handle(event, in: context, timeline: &timeline)
        }
        tally.eventsDelivered += 1
        let number = process.number
        for command in commands {
            // A command may get the app killed (TASK-15); the rest of the batch never runs.
            guard hasProcess, process.number == number else { break }
            execute(command)
        }
    }

    // MARK: Run reasons

    /// The run reasons that hold now (the derived model of §1 of the policy reference).
    /// A mutating getter for the same reason as `backgroundTimeRemaining`: it runs on every
    /// step and delivery, and a plain getter made Swift copy the device to call it.
    var runReasons: RunReasons {
        mutating get {
            var reasons: RunReasons = []
            if now < graceUntil { reasons.insert(.grace) }
            if !process.tasks.open.isEmpty, taskTimeHolds { reasons.insert(.task) }
            if now < windowUntil { reasons.insert(.wakeWindow) }
            if process.locationKeepsAppRunning { reasons.insert(.location) }
            if process.liveUpdates != nil, liveUpdatesKeepAppRunning { reasons.insert(.liveUpdates) }
            if now < rangingKeepsRunningUntil, !process.ranging.isEmpty { reasons.insert(.backgroundRanging) }
            if policy.debuggerAttached, hasProcess { reasons.insert(.debugger) }
            // Pushes
            if process.pushHandlerHolds(at: now) { reasons.insert(.pushHandler) }
            if !process.calls.isEmpty { reasons.insert(.voipCall) }
            if process.audio?.keepsAppRunning == true { reasons.insert(.audio) }
            if !process.scheduledTasks.isEmpty { reasons.insert(.scheduledTask) }
            if now < network.handlerUntil { reasons.insert(.urlSessionEvents) }  // URLS-1
            return reasons
        }
    }

    /// Suspends a background app when nothing lets it run any more (STATE-1, STATE-2).
    mutating func reevaluate() {
        guard state == .background else {
            lastRunReasons = []
            return
        }
        let reasons = runReasons
        if reasons.isEmpty {
            if holdsOutboxLock {
                // Outbox: iOS kills an app suspended while it holds a database file's lock (TERM-6).
                terminate(
                    .suspendedWithLockedFile, code: policy.termination.codes.suspendedWithLockedFile, rules: ["TERM-6"])
                lastRunReasons = []
                return
            }
            let ended = lastRunReasons.first ?? .grace
            var rules = ["STATE-1"] + ended.rules
            var cause = "\(ended.name)Ended"
            if ended == .task {
                rules += budgetRules
                // Ended in its expiration handler (the time ran out) or by the app before that.
                if !process.tasks.warned.isEmpty { cause = "taskExpired" }
            }
            if ended == .wakeWindow, let source = lastWakeSource { rules = ["STATE-1"] + source.windowRules }
            setState(.suspended, cause: cause, rules: rules)
        }
        lastRunReasons = reasons
    }

    /// Opens (or extends) the ≈10 s window after a system wake (LOC-12, LOC-21, BLE-1).
    mutating func openWakeWindow() {
        // BEACON-5 gives beacon events their own figure; both are ≈10 s today.
        let beaconWake = lastWakeSource == .beaconRegion || lastWakeSource == .display
        let window =
            beaconWake
            ? policy.beacons.rangingWindow
            : lastWakeSource == .bluetooth
                ? policy.bluetooth.wakeWindow  // BLE-1
                : policy.execution.wakeEventWindow
        windowUntil = max(windowUntil, now + window)
        schedule(.reevaluate, at: windowUntil)
    }

    /// Effective Background App Refresh: the switch, turned off by Low Power Mode from iOS 9 (BGT-12).
    var backgroundRefreshAvailable: Bool {
        backgroundAppRefreshSwitch && !(lowPowerMode && policy.scheduler.lowPowerModeDisablesBackgroundRefresh)
    }

    /// Whether location monitoring may produce events (not before the first unlock after a reboot, LOC-23).
    var monitoringActive: Bool {
        firstUnlockDone || !policy.location.monitoringWaitsForFirstUnlock
    }
}
