import Testing
import Wakeful
import WakefulTestSupport

@Suite("The launch event first, against a restoration reported while the central is created", .watchdog)
struct LaunchEventOrderTests {
    /// A `CBCentralManager` whose `willRestoreState` runs inside `init`, the case CBCentralManager.h
    /// leaves open ("the first method invoked when your app is relaunched into the background").
    static func createCentral(report: (Event) -> Void) {
        report(.bluetooth(.willRestoreState(peripherals: ["pump"])))
    }

    @Test("a restoration reported while the launch creates the central follows the launch event")
    func restorationAfterLaunch() {
        var order = LaunchEventOrder()
        var delivered: [Event] = []
        Self.createCentral { delivered += order.admit($0) }
        delivered += order.admit(.didFinishLaunching(.bluetooth))
        delivered += order.admit(.bluetooth(.connected(peripheral: "pump")))
        #expect(
            delivered == [
                .didFinishLaunching(.bluetooth), .bluetooth(.willRestoreState(peripherals: ["pump"])),
                .bluetooth(.connected(peripheral: "pump")),
            ])
        #expect(order.hasLaunched)
    }

    @Test("delivering as reported, as the old app did, gives the core the restoration before the launch")
    func asReportedIsTheOldBreak() {
        var delivered: [Event] = []
        Self.createCentral { delivered.append($0) }
        delivered.append(.didFinishLaunching(.bluetooth))
        #expect(delivered.first == .bluetooth(.willRestoreState(peripherals: ["pump"])))
    }
}
