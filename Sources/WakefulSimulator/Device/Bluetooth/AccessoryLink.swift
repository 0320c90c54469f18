import Foundation
import Wakeful

/// The link between the app's central and one world accessory.
struct AccessoryLink {
    /// The accessory advertises and accepts connections.
    var awake = true
    /// When it last started advertising (the run's start, or a `wakeAccessory`).
    var awakeSince: TimeInterval = 0
    var idleGeneration = 0
    /// The app asked to connect; it stays pending with no timeout (BLE-4), unless a variant gives
    /// pending connects a lifetime (CONF-BLE-4).
    var pendingConnect = false
    /// When the pending connect was made (for ``BluetoothRules/pendingConnectLifetime``).
    var pendingSince: TimeInterval = 0
    /// A connection is being set up.
    var connecting = false
    var connected = false
    var connectedSince: TimeInterval = 0
    var everConnected = false
    /// Characteristics the app subscribed to in this connection.
    var subscriptions: [String] = []
    /// Already reported by the current scan (BLE-2: repeated discoveries are merged).
    var discovered = false

    /// Makes a connect pending from `time` on; one already pending keeps its start.
    mutating func armConnect(at time: TimeInterval) {
        if !pendingConnect { pendingSince = time }
        pendingConnect = true
    }
}

/// One world central's link to the app's advertised service.
struct CentralLink {
    var connecting = false
    var connected = false
    /// Invalidates scheduled connects and writes when the link changes.
    var generation = 0
}
