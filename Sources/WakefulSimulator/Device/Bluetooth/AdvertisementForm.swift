import Foundation
import Wakeful

/// How the app's advertisement goes out.
enum AdvertisementForm: String {
    /// Not advertising (never started, stopped, Bluetooth off, or dropped with the process).
    case off
    /// In the foreground: the local name and services in the 28-byte packet (BLE-3).
    case foreground
    /// In the background with the `bluetooth-peripheral` mode: best effort, no local name, services
    /// in the overflow area only (BLE-3).
    case background
    /// In the background without the `bluetooth-peripheral` mode (BLE-1), or with it once the
    /// background advertisement's lifetime is up (BLE-3): it does not continue.
    case paused
}

/// The foreground advertisement's packet (BLE-3).
struct ForegroundPacket {
    /// Bytes of a foreground advertisement (BLE-3).
    static let capacity = 28
    /// Bytes of an AD structure's header: length and type (assumption, as in the Bluetooth core spec).
    static let headerBytes = 2

    /// The services in the packet itself.
    var main: [String] = []
    /// The services in the overflow area, which only some centrals read.
    var overflow: [String] = []
    /// The local name as it fits, shortened; nil when none fits.
    var name: String?
    var bytes = 0

    /// Services while they fit in 28 bytes, the rest in the overflow area, then the local name
    /// shortened to what is left (BLE-3; the order is an assumption).
    init(services: [String], localName: String?) {
        for service in services {
            let cost = Self.uuidBytes(service) + (main.isEmpty ? Self.headerBytes : 0)
            if overflow.isEmpty && bytes + cost <= Self.capacity {
                main.append(service)
                bytes += cost
            } else {
                overflow.append(service)
            }
        }
        guard let localName else { return }
        let room = Self.capacity - bytes - Self.headerBytes
        guard room > 0 else { return }
        var shortened = ""
        for character in localName where shortened.utf8.count + String(character).utf8.count <= room {
            shortened.append(character)
        }
        guard !shortened.isEmpty else { return }
        name = shortened
        bytes += shortened.utf8.count + Self.headerBytes
    }

    /// Bytes one service UUID takes: 2 for a 16-bit UUID such as "FFE0", 16 otherwise (assumption).
    private static func uuidBytes(_ service: String) -> Int { service.count == 4 ? 2 : 16 }
}
