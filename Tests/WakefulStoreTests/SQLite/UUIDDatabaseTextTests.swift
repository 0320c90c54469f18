import Foundation
import Testing
@testable import WakefulStore
import WakefulTestSupport

@Suite("UUID database text", .watchdog, .cpuBound)
struct UUIDDatabaseTextTests {
    @Test("is exactly Foundation's uuidString, for every byte value in every position")
    func matchesFoundation() {
        for value in 0...255 {
            for position in 0..<16 {
                var bytes = testInstall.uuid
                withUnsafeMutableBytes(of: &bytes) { $0[position] = UInt8(value) }
                let uuid = UUID(uuid: bytes)
                #expect(uuid.databaseText == uuid.uuidString)
            }
        }
    }
}
