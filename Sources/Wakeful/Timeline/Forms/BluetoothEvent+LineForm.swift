import Foundation

extension BluetoothEvent: TimelineVariant {
    /// The names of the cases, in declaration order: the one list that ``TimelineDecoder`` accepts.
    enum CaseName: String, TimelineCaseName {
        case willRestoreState, discovered, connected, disconnected, valueUpdated, centralWrote

        static let expectedForm = "a Bluetooth event name, one of \(names.joined(separator: ", "))"
    }

    /// A Bluetooth event of the named case for the decoder to fill.
    static func placeholder(_ name: CaseName) -> BluetoothEvent {
        switch name {
        case .willRestoreState: .willRestoreState(peripherals: [])
        case .discovered: .discovered(peripheral: "", rssi: 0)
        case .connected: .connected(peripheral: "")
        case .disconnected: .disconnected(peripheral: "", error: nil)
        case .valueUpdated: .valueUpdated(peripheral: "", characteristic: "", bytes: 0)
        case .centralWrote: .centralWrote(central: "", characteristic: "", bytes: 0)
        }
    }

    /// The line form of every Bluetooth event: the name under `"bluetooth"`, then the members.
    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        switch self {
        case .willRestoreState(let peripherals):
            try coder.caseName(CaseName.willRestoreState)
            return .willRestoreState(peripherals: try coder.strings("peripherals", peripherals))
        case .discovered(let peripheral, let rssi):
            try coder.caseName(CaseName.discovered)
            return .discovered(
                peripheral: try coder.string("peripheral", peripheral),
                rssi: try coder.int("rssi", rssi)
            )
        case .connected(let peripheral):
            try coder.caseName(CaseName.connected)
            return .connected(peripheral: try coder.string("peripheral", peripheral))
        case .disconnected(let peripheral, let error):
            try coder.caseName(CaseName.disconnected)
            return .disconnected(
                peripheral: try coder.string("peripheral", peripheral),
                error: try coder.optionalString("error", error)
            )
        case .valueUpdated(let peripheral, let characteristic, let bytes):
            try coder.caseName(CaseName.valueUpdated)
            return .valueUpdated(
                peripheral: try coder.string("peripheral", peripheral),
                characteristic: try coder.string("characteristic", characteristic),
                bytes: try coder.int("bytes", bytes)
            )
        case .centralWrote(let central, let characteristic, let bytes):
            try coder.caseName(CaseName.centralWrote)
            return .centralWrote(
                central: try coder.string("central", central),
                characteristic: try coder.string("characteristic", characteristic),
                bytes: try coder.int("bytes", bytes)
            )
        }
    }
}
