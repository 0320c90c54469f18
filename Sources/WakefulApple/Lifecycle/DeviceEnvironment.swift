#if canImport(UIKit) && canImport(Network)
    import Foundation
    import Network
    import UIKit
    import Wakeful

    /// The network path and the power source, as every ``Context`` reports them.
    ///
    /// Both are read, never acted on: the core decides what an unreachable network or a charger means.
    @MainActor
    final class DeviceEnvironment {
        /// The last path `NWPathMonitor` reported; ``NetworkPath/unknown`` until the first report.
        private(set) var network: NetworkPath = .unknown
        private let monitor = NWPathMonitor()

        /// Starts the path monitor and battery monitoring.
        func start() {
            // https://developer.apple.com/documentation/network/nwpathmonitor/pathupdatehandler
            // (`@Sendable (NWPath) -> Void`); https://developer.apple.com/documentation/network/nwpathmonitor
            monitor.pathUpdateHandler = { [weak self] path in
                let value = NetworkPath(path)
                Task { @MainActor in self?.network = value }
            }
            monitor.start(queue: .main)
            // https://developer.apple.com/documentation/uikit/uidevice/isbatterymonitoringenabled
            // Without it `batteryState` is always `.unknown`.
            UIDevice.current.isBatteryMonitoringEnabled = true
        }

        /// Whether the phone is charging or full; nil when iOS does not say.
        /// https://developer.apple.com/documentation/uikit/uidevice/batterystate-swift.property
        var externalPower: Bool? {
            switch UIDevice.current.batteryState {
            case .charging, .full: true
            case .unplugged: false
            case .unknown: nil
            @unknown default: nil
            }
        }
    }

    extension NetworkPath {
        /// The core's view of an `NWPath`: none, Wi-Fi, cellular, or unknown for other interfaces.
        init(_ path: NWPath) {
            if path.status != .satisfied {
                self = .none
            } else if path.usesInterfaceType(.wifi) || path.usesInterfaceType(.wiredEthernet) {
                self = .wifi
            } else if path.usesInterfaceType(.cellular) {
                self = .cellular
            } else {
                self = .unknown
            }
        }
    }
#endif
