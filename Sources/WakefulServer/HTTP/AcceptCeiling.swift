import HummingbirdCore

/// Stops the server accepting connections while so many are open, refused ones being closed
/// included, that accepting more would eat into the descriptors kept for storage: refused
/// connections are closed at once, but a flood of them could otherwise hold descriptors between
/// accept and close. Connections wait in the listen backlog meanwhile.
struct AcceptCeiling: AvailableConnectionsDelegate {
    /// The most connections open at once, refused ones included.
    let ceiling: Int
    private var open = 0

    /// A ceiling of ``ConnectionAdmission/maximumConnections`` plus half of `reservedDescriptors`:
    /// room for refusals beyond the admitted maximum, never more than half the reserve.
    init(admission: ConnectionAdmission, reservedDescriptors: Int) {
        ceiling = admission.maximumConnections + max(1, reservedDescriptors / 2)
    }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool { open < ceiling }
}
