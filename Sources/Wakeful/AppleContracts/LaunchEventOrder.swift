import Foundation

/// Keeps ``Event/didFinishLaunching(_:)`` first: events an adapter reports before it (while the
/// launch creates the managers) wait and follow it, in order.
///
/// CBCentralManager.h: `centralManager:willRestoreState:` "is the first method invoked when your app
/// is relaunched into the background", and the managers must be created during launch, before the
/// launch event is delivered (Core Bluetooth and Core Location hand a relaunch's event only to
/// managers that exist then). Whether a delegate method can run inside `CBCentralManager.init`, before
/// the launch event, the header does not say; if one did, the core would hear of a restoration
/// before the launch, which the strategies (and the simulator: launch, then `willRestoreState`, then
/// the event) do not expect.
public struct LaunchEventOrder: Sendable, Hashable {
    private var launched = false
    private var held: [Event] = []

    /// An order with nothing delivered yet.
    public init() {}

    /// Whether the launch event has been let through.
    public var hasLaunched: Bool { launched }

    /// The events to deliver now for `event`: none while it waits for the launch; the launch event
    /// followed by those that waited; any event after the launch at once.
    public mutating func admit(_ event: Event) -> [Event] {
        if launched { return [event] }
        guard case .didFinishLaunching = event else {
            held.append(event)
            return []
        }
        launched = true
        defer { held = [] }
        return [event] + held
    }
}
