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
    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        switch self {
        case .willRestoreState(var peripherals):
            try coder.caseName(CaseName.willRestoreState)
            try coder.strings("peripherals", &peripherals)
            if Coder.reads { self = .willRestoreState(peripherals: peripherals) }
        case .discovered(var peripheral, var rssi):
            try coder.caseName(CaseName.discovered)
            try coder.string("peripheral", &peripheral)
            try coder.int("rssi", &rssi)
            if Coder.reads { self = .discovered(peripheral: peripheral, rssi: rssi) }
        case .connected(var peripheral):
            try coder.caseName(CaseName.connected)
            try coder.string("peripheral", &peripheral)
            if Coder.reads { self = .connected(peripheral: peripheral) }
        case .disconnected(var peripheral, var error):
            try coder.caseName(CaseName.disconnected)
            try coder.string("peripheral", &peripheral)
            try coder.optionalString("error", &error)
            if Coder.reads { self = .disconnected(peripheral: peripheral, error: error) }
        case .valueUpdated(var peripheral, var characteristic, var bytes):
            try coder.caseName(CaseName.valueUpdated)
            try coder.string("peripheral", &peripheral)
            try coder.string("characteristic", &characteristic)
            try coder.int("bytes", &bytes)
            if Coder.reads { self = .valueUpdated(peripheral: peripheral, characteristic: characteristic, bytes: bytes) }
        case .centralWrote(var central, var characteristic, var bytes):
            try coder.caseName(CaseName.centralWrote)
            try coder.string("central", &central)
            try coder.string("characteristic", &characteristic)
            try coder.int("bytes", &bytes)
            if Coder.reads { self = .centralWrote(central: central, characteristic: characteristic, bytes: bytes) }
        }
    }
}
