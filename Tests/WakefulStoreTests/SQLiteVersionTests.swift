import Testing
import WakefulStore
import WakefulTestSupport

@Suite("SQLite", .watchdog, .cpuBound)
struct SQLiteVersionTests {
    @Test("the linked SQLite supports upserts (3.24 or later)")
    func linkedVersion() throws {
        let parts = try sqliteVersion().split(separator: ".").compactMap { Int($0) }
        #expect(parts.count >= 2)
        #expect(parts[0] > 3 || (parts[0] == 3 && parts[1] >= 24))
    }
}
