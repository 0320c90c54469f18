import Foundation

/// Seed 003's "acts as a Bluetooth LE accessory" mode: the phone itself advertises a service, and a
/// central nearby (a reader, a kiosk, another phone) connects and writes to it; every write is a
/// Core Bluetooth delegate event that wakes the app.
///
/// On launch it starts advertising ``Options/service`` with ``Options/localName`` and records
/// `write` (or ``Options/recordKind``) with the central, characteristic, bytes and app state for
/// each write it receives (`peripheralManager(_:didReceiveWrite:)`).
///
/// Its fate per family: advertising continues in the background only with the
/// `bluetooth-peripheral` mode (BLE-1), and there it is best effort: no local name, the service
/// UUID only in the overflow area, so only centrals that read the overflow area (iOS centrals)
/// still find the app; a non-iOS central loses it as soon as the app leaves the foreground (BLE-3).
/// In the foreground the advertisement carries the name and up to 28 bytes (BLE-3). Each write
/// wakes a suspended app for ≈10 s (BLE-1). From iOS 7, state restoration relaunches an app the
/// system removed, but not one the user force-quit (BLE-4; 26: AccessorySetupKit apps only).
/// iOS 6 has peripheral mode but no restoration. Cost: the radio advertises continuously; each
/// write is a short wake (advertising energy is not modelled yet). App Review: low — the
/// `bluetooth-peripheral` mode must serve a real accessory role (REVIEW-1).
///
/// What it loses under When-In-Use or with Precise Location off: nothing of its own, as it uses
/// no location service (``Requirements/locationCapabilities`` is empty); the app's features may.
public struct PeripheralAdvertiser: Strategy {
    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The service UUID advertised.
        public var service: String
        /// `CBAdvertisementDataLocalNameKey`; sent only in the foreground (BLE-3).
        public var localName: String?
        /// The kind of the record written for each write.
        public var recordKind: String

        /// Creates options.
        public init(service: String = "FFE0", localName: String? = "Wakeful", recordKind: String = "write") {
            self.service = service
            self.localName = localName
            self.recordKind = recordKind
        }
    }

    /// The configuration.
    public var options: Options

    /// Creates the strategy.
    public init(options: Options = Options()) {
        self.options = options
    }

    public var name: String { "PeripheralAdvertiser" }
    public var requirements: Requirements { Requirements(backgroundModes: [.bluetoothPeripheral]) }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .didFinishLaunching:
            return [.startAdvertising(localName: options.localName, services: [options.service])]
        case .bluetooth(.centralWrote(let central, let characteristic, let bytes)):
            return [
                .record(
                    Record(
                        kind: options.recordKind,
                        fields: [
                            Field("central", .string(central)), Field("characteristic", .string(characteristic)),
                            Field("bytes", .int(bytes)),
                            Field("appState", .string(context.appState.rawValue)),
                        ]))
            ]
        default:
            return []
        }
    }
}
