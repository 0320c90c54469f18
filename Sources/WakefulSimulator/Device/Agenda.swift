import Foundation
import Wakeful

/// What the simulated device has scheduled. Payloads are plain integers so the queue moves
/// entries without reference counting.
///
/// Entries that a later decision cancels carry a
/// generation number and are ignored when it no longer matches (lazy cancellation).
enum Agenda {
    /// The scenario's user action at this index.
    case userAction(Int)
    /// Sample the world: movement, region crossings, significant changes, location updates.
    case worldTick(generation: Int)
    /// A run reason may have ended (grace or wake window): check whether the app must suspend.
    case reevaluate
    /// The task allowance is about to run out: run the expiration handlers (TASK-12).
    case expiryWarning(allowance: Int)
    /// The task allowance ran out: kill the app if a task is still open (TASK-13).
    case taskDeadline(allowance: Int)
    /// A 1 Hz beacon-ranging callback (BEACON-5).
    case rangingTick(generation: Int)
    /// A timer the app set.
    case timer(generation: Int)
    /// A region transition reaches the app after its latency (CONF-15).
    case regionDelivery(serial: Int)
    /// State callbacks after the screen lit up (BEACON-4).
    case displayState(generation: Int)
    /// The `complete` class key is discarded about 10 s after a lock (DATA-2).
    case protectedDataLockDown(generation: Int)
    /// The first state of a beacon region the app started to monitor (SIM-1).
    case initialRegionState(registration: Int)
    /// An event that woke the app has waited long enough for a monitor of its name (CLMON-3).
    case monitorEventUnclaimed(serial: Int)
    /// A possible memory-pressure termination of the suspended app (STATE-3).
    case jetsam(generation: Int)
    /// The CONF-5b kill of an app relaunched after a force-quit.
    case relaunchKill(process: Int)
    /// The fix a `requestLocation()` asked for (in the process that asked).
    case oneShotFix(process: Int)
    /// The few seconds after a launch to recreate the last process's service session are up (LOC-32).
    case serviceSessionDeadline(process: Int)
    /// The CPU monitor looks at the last window (TERM-4).
    case cpuCheck(process: Int)
    /// A launch still running has used up the watchdog's allowance (TERM-6, STATE-7).
    case launchWatchdog(process: Int)
    /// The end of the scenario.
    case end

    // Pushes (PUSH, VOIP).

    /// The server sends the push at this index of the device's expanded push schedule.
    case pushArrival(index: Int)
    /// The device is online again: APNs sends the push it stored for it, if still the newest (PUSH-5).
    case apnsRedelivery(index: Int)
    /// A priority-5 push grouped while the device was idle goes out now (PUSH-8).
    case groupedPushDelivery(index: Int)
    /// A silent-push handler's 30 s are up (PUSH-6).
    case pushHandlerDeadline(generation: Int)
    /// The hourly budget may have room for the held push again (PUSH-4, PUSH-5).
    case heldPushRelease(generation: Int)
    /// The `setKeepAliveTimeout` handler is due (VOIP-1).
    case keepAlive(generation: Int)
    /// A Live Activity's token, stale date, 8-hour limit or removal falls due (LIVE-3 to LIVE-5, LIVE-10).
    case liveActivityDue(serial: Int)
    // Scheduled tasks (BGT)
    /// A planned launch of a pending task request or of a fetch falls due (BGT-8, BGT-11).
    case scheduledLaunch(generation: Int)
    /// A running scheduled task's expiration handler is due.
    case scheduledTaskExpiry(generation: Int)
    /// A running scheduled task's time is up: kill the app if it has not completed.
    case scheduledTaskDeadline(generation: Int)
    /// CONF-6: the CPU monitor's window has passed during a processing task.
    case scheduledTaskCPULimit(generation: Int)
    /// The charger state changes (`world.power`): plan again.
    case powerChange
    // MARK: Network

    /// Background transfers and requests progress, finish or fail (URLS-1, URLS-8).
    case network(generation: Int)
    /// The time for `handleEventsForBackgroundURLSession` is up (URLS-7).
    case urlSessionHandlerDeadline(generation: Int)
    /// An accessory's idle timer ran out: it goes to sleep (seed 003's dongle).
    case accessorySleep(accessory: Int, generation: Int)
    /// A queued Core Bluetooth event reaches the app, or a connection completes (BLE-1, BLE-4).
    case bluetoothDelivery(serial: Int)
    /// The background scan's next listening window opens (BLE-2).
    case bluetoothScanWindow
    /// A background advertisement's lifetime is up (BLE-3).
    case advertisingLifetimeEnds(generation: Int)
    /// The job run in progress finishes, is cancelled, or its network may have dropped.
    case jobStep(generation: Int)

    // MARK: Accessories

    /// A world central that found the app's advertisement finishes connecting (BLE-3).
    case centralConnect(accessory: Int, generation: Int)
    /// A connected world central writes to the app's characteristic (BLE-1).
    case centralWrite(accessory: Int, generation: Int)

    // MARK: Outbox

    /// A SIGKILL the crash-injection plan scheduled (``ChaosPlan/killsPerHour``).
    case chaosKill(generation: Int)
    /// Writes made on a background queue commit and release the database file (TERM-6 model).
    case outboxLockReleased(generation: Int)

    // MARK: Motion

    /// Core Motion reports the next change of activity (MOTION-1, MOTION-4).
    case activityChange(generation: Int)

    // MARK: HealthKit (HK)

    /// Another device saves the world's health sample at this index (HK-1).
    case healthSampleSaved(index: Int)
    /// A planned HealthKit wake for new samples falls due (HK-2, HK-8).
    case healthDeliveryDue(generation: Int)
    /// An observer update's completion handler is overdue (HK-6).
    case healthHandlerDeadline(update: Int)
}
