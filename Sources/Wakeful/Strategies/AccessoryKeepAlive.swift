import Foundation

/// Seed 003's motorcycle dongle: keep a Bluetooth LE accessory from falling asleep by polling it
/// every few seconds inside background tasks restarted by a timer, and reconnect when it drops.
///
/// It scans for the accessory's service (a background scan must name one, BLE-2), connects,
/// subscribes to the answer characteristic, and writes a poll every `pollInterval` seconds; each
/// answer is a `sample`. On a disconnect it calls `connect` again: the pending connect has no
/// timeout and wakes (or, through state restoration, relaunches) the app when the accessory is
/// back (BLE-4). What decides its fate:
/// - polls run only while the app executes; restarting tasks does not extend the per-app budget
///   (TASK-7), so after about 600 s (iOS 6), 180 s (7–12) or 30 s (13+) in the background the app
///   is suspended, the polls stop and the accessory sleeps; the disconnect wakes the app for ≈10 s
///   (BLE-1) but a sleeping dongle does not come back by itself;
/// - `pollFromExpiryHandler` writes one more poll from the expiration handler, so the answer
///   arrives after suspension and its delegate event wakes the app with a fresh budget (BLE-1,
///   TASK-10: an inference on 13+), a loop that keeps polling;
/// - with a keep-alive such as ``LowPowerLocationKeepAlive`` the polls never stop;
/// - after a force-quit nothing is restored (BLE-4, TERM-1; on 26 AccessorySetupKit apps are).
/// Cost: Bluetooth connection time and a radio wake per poll. App Review: `bluetooth-central`
/// is expected for a real accessory (REVIEW-1), low risk.
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct AccessoryKeepAlive: Strategy {
    /// Configuration; the defaults are the seed's dongle.
    public struct Options: Sendable, Hashable, Codable {
        /// The service UUID to scan for.
        public var service: String
        /// The characteristic polled and subscribed to.
        public var characteristic: String
        /// Seconds between polls.
        public var pollInterval: TimeInterval
        /// Bytes in a poll.
        public var pollBytes: Int
        /// Write one more poll from the expiration handler (see the type's documentation).
        public var pollFromExpiryHandler: Bool

        /// Creates options.
        public init(
            service: String = "FFE0", characteristic: String = "FFE1", pollInterval: TimeInterval = 10,
            pollBytes: Int = 4,
            pollFromExpiryHandler: Bool = false
        ) {
            self.service = service
            self.characteristic = characteristic
            self.pollInterval = pollInterval
            self.pollBytes = pollBytes
            self.pollFromExpiryHandler = pollFromExpiryHandler
        }
    }

    /// The poll timer.
    public static let poll: TimerID = "AccessoryKeepAlive.poll"

    /// The configuration.
    public var options: Options
    private var task = BackgroundTaskSlot(owner: "AccessoryKeepAlive")
    private var peripheral: String?
    private var connected = false
    private var lastPoll = -TimeInterval.infinity

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "AccessoryKeepAlive" }
    public var requirements: Requirements { Requirements(backgroundModes: [.bluetoothCentral]) }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        var commands: [Command] = []
        switch event {
        case .didFinishLaunching:
            commands = [
                .scanForPeripherals(services: [options.service]),
                .setTimer(TimerRequest(id: Self.poll, interval: options.pollInterval, repeats: true)),
            ]
            if context.isInBackground { commands += task.begin() }
        case .didEnterBackground:
            commands = task.begin()
        case .didBecomeActive:
            commands = task.endOpen()
        case .backgroundTaskExpiring(let id):
            let poll = options.pollFromExpiryHandler ? pollCommand(context) : []
            return poll + task.end(id)
        case .backgroundTaskDenied(let id):
            task.forget(id)
        case .timerFired(Self.poll):
            commands = pollCommand(context)
            // The seed restarts its task on every tick (it buys nothing: TASK-7).
            if context.isInBackground { commands += task.restart() }
        case .bluetooth(let bluetooth):
            commands = handle(bluetooth, context)
            if context.isInBackground { commands += task.begin() }  // a wake's fresh budget (TASK-9, TASK-10)
        default:
            break
        }
        return commands
    }

    private mutating func handle(_ event: BluetoothEvent, _ context: Context) -> [Command] {
        switch event {
        case .willRestoreState(let peripherals):
            if peripheral == nil { peripheral = peripherals.first }
            return []
        case .discovered(let found, _):
            guard !connected, peripheral == nil || peripheral == found else { return [] }
            peripheral = found
            return [.stopScan, .connect(peripheral: found)]
        case .connected(let id):
            peripheral = id
            connected = true
            return [.subscribe(peripheral: id, characteristic: options.characteristic)] + pollCommand(context)
        case .disconnected(let id, let error):
            connected = false
            // The pending connect has no timeout: it wakes the app when the accessory is back (BLE-4).
            return [
                .record(Record(kind: "disconnect", fields: [Field("error", .string(error ?? "none"))])),
                .connect(peripheral: id),
            ]
        case .valueUpdated(let id, let characteristic, let bytes):
            // An answer proves the connection, also one restored by the system (BLE-4).
            peripheral = id
            connected = true
            return [
                .record(
                    Record(
                        kind: "sample",
                        fields: [
                            Field("peripheral", .string(id)), Field("characteristic", .string(characteristic)),
                            Field("bytes", .int(bytes)),
                            Field("appState", .string(context.appState.rawValue)),
                        ]))
            ]
        case .centralWrote:  // a write to the app as a peripheral is not this strategy's
            return []
        }
    }

    /// A poll, unless one went out less than a second ago: with no budget left an expiration handler
    /// runs at once, and polling from it on every answer would be a storm; and a wake that connects
    /// and fires the overdue timer at one instant would ask twice for one reading.
    private mutating func pollCommand(_ context: Context) -> [Command] {
        guard connected, let peripheral, context.now - lastPoll >= 1 else { return [] }
        lastPoll = context.now
        return [.writeValue(peripheral: peripheral, characteristic: options.characteristic, bytes: options.pollBytes)]
    }
}

extension AccessoryKeepAlive.Options: RangeCheckedOptions {
    public var rangeViolations: [OptionRangeViolation] {
        [
            OptionRange.positive("pollBytes", Double(pollBytes), unit: "bytes"),
            OptionRange.positive("pollInterval", pollInterval, unit: "seconds"),
        ].compactMap { $0 }
    }
}
