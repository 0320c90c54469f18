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
    /// A possible memory-pressure termination of the suspended app (STATE-3).
    case jetsam(generation: Int)
    /// The CONF-5b kill of an app relaunched after a force-quit.
    case relaunchKill(process: Int)
    /// The fix a `requestLocation()` asked for (in the process that asked).
    case oneShotFix(process: Int)
    /// The end of the scenario.
    case end

    // MARK: Network slice

    /// Background transfers and requests progress, finish or fail (URLS-1, URLS-8).
    case network(generation: Int)
    /// The time for `handleEventsForBackgroundURLSession` is up (URLS-7).
    case urlSessionHandlerDeadline(generation: Int)
    /// An accessory's idle timer ran out: it goes to sleep (seed 003's dongle).
    case accessorySleep(accessory: Int, generation: Int)
    /// A queued Core Bluetooth event reaches the app, or a connection completes (BLE-1, BLE-4).
    case bluetoothDelivery(serial: Int)
}
