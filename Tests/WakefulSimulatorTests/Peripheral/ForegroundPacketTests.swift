import Foundation
import Testing
import Wakeful
@testable import WakefulSimulator
import WakefulTestSupport

/// The foreground advertisement's 28 bytes (BLE-3): services first, the rest to the overflow
/// area, the local name shortened to what is left.
@Suite("Foreground advertisement packet", .watchdog, .cpuBound)
struct ForegroundPacketTests {
    @Test("16-bit services fit with the name shortened to the bytes left")
    func shortServicesAndName() {
        let packet = ForegroundPacket(services: ["FFE0", "FFE1"], localName: "Wakeful Bike Lock Number 42")
        // A header and two 2-byte UUIDs: 6 bytes; the name gets 28 - 6 - 2 = 20 of them.
        #expect(packet.main == ["FFE0", "FFE1"] && packet.overflow.isEmpty)
        #expect(packet.name == "Wakeful Bike Lock Nu")
        #expect(packet.bytes == 28)
    }

    @Test("a second 128-bit service goes to the overflow area, and everything after it")
    func longServicesOverflow() {
        let first = "6E400001-B5A3-F393-E0A9-E50E24DCCA9E"
        let second = "6E400002-B5A3-F393-E0A9-E50E24DCCA9E"
        let packet = ForegroundPacket(services: [first, second, "FFE0"], localName: nil)
        #expect(packet.main == [first])
        #expect(packet.overflow == [second, "FFE0"])
        #expect(packet.bytes == 18 && packet.name == nil)
    }

    @Test("no room left: no name")
    func noRoomForTheName() {
        let services = ["6E400001-B5A3-F393-E0A9-E50E24DCCA9E"]
        let packet = ForegroundPacket(services: services + ["FFE0", "FFE1", "FFE2", "FFE3"], localName: "Lock")
        // 18 + 4 × 2 = 26 bytes: 28 - 26 - 2 leaves nothing for the name.
        #expect(packet.bytes == 26 && packet.name == nil)
    }
}
