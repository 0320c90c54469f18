import Testing
import Wakeful
import WakefulTestSupport

@Suite("When the Bluetooth central is created, against the permission prompt and the relaunch rules", .watchdog)
struct BluetoothCentralPolicyTests {
    /// Core Bluetooth's permission as iOS 13+ applies it: allocating the first central while the user
    /// has not answered shows the prompt (CBManager.h: `authorization` can be checked "before
    /// allocating CBManager"); an AccessorySetupKit app is never prompted ("without requesting
    /// permission to use Bluetooth"). Commands run once the central is powered on.
    final class FakeBluetoothPermission {
        var authorization: BluetoothCentralPolicy.Authorization
        let accessorySetupKit: Bool
        /// When each prompt was shown: "launch" or "app asked".
        private(set) var prompts: [String] = []
        private(set) var centrals = 0

        init(_ authorization: BluetoothCentralPolicy.Authorization, accessorySetupKit: Bool = false) {
            self.authorization = authorization
            self.accessorySetupKit = accessorySetupKit
        }

        func allocateCentral(during moment: String) {
            centrals += 1
            if authorization == .notDetermined, !accessorySetupKit { prompts.append(moment) }
        }
    }

    /// What `WakefulApp.startBluetooth` and `requestBluetoothAuthorization()` do with the policy;
    /// commands wait for the central as they wait for power.
    final class CentralModel {
        let permission: FakeBluetoothPermission
        private(set) var created = false
        private(set) var waiting: [String] = []
        private(set) var carriedOut: [String] = []

        init(_ permission: FakeBluetoothPermission) { self.permission = permission }

        func launch(commands: [String]) {
            switch BluetoothCentralPolicy.creation(
                authorization: permission.authorization, accessorySetupKit: permission.accessorySetupKit)
            {
            case .atLaunch: create(during: "launch")
            case .whenTheAppAsks: break
            }
            if created, permission.authorization == .allowedAlways {
                carriedOut += commands
            } else {
                waiting += commands
            }
        }

        func appAsks() { create(during: "app asked") }

        /// The user answers; `centralManagerDidUpdateState` runs the waiting commands when allowed.
        func userAnswers(_ answer: BluetoothCentralPolicy.Authorization) {
            permission.authorization = answer
            guard created, answer == .allowedAlways else { return }
            carriedOut += waiting
            waiting = []
        }

        private func create(during moment: String) {
            guard !created else { return }
            created = true
            permission.allocateCentral(during: moment)
        }
    }

    @Test("the first launch shows no prompt; the app's request does, and the launch's scan runs after it")
    func noPromptAtFirstLaunch() {
        let permission = FakeBluetoothPermission(.notDetermined)
        let app = CentralModel(permission)
        app.launch(commands: ["scan FFE0"])
        #expect(permission.prompts.isEmpty)
        #expect(app.waiting == ["scan FFE0"])
        app.appAsks()
        app.appAsks()
        app.userAnswers(.allowedAlways)
        #expect(permission.prompts == ["app asked"])
        #expect(app.carriedOut == ["scan FFE0"])
    }

    @Test("creating the central in didFinishLaunching, as the old adapter did, prompts at the first launch")
    func promptAtLaunchIsTheOldBreak() {
        let permission = FakeBluetoothPermission(.notDetermined)
        permission.allocateCentral(during: "launch")
        #expect(permission.prompts == ["launch"])
    }

    @Test("once answered, or for an AccessorySetupKit app, the central is created at launch for restoration")
    func answeredCreatesAtLaunch() {
        for answered in [BluetoothCentralPolicy.Authorization.allowedAlways, .denied, .restricted] {
            #expect(BluetoothCentralPolicy.creation(authorization: answered, accessorySetupKit: false) == .atLaunch)
        }
        let permission = FakeBluetoothPermission(.notDetermined, accessorySetupKit: true)
        CentralModel(permission).launch(commands: [])
        #expect(permission.centrals == 1 && permission.prompts.isEmpty)
    }

    @Test("after a force-quit or Bluetooth off only AccessorySetupKit apps are relaunched, from iOS 26")
    func relaunchRule() {
        #expect(BluetoothCentralPolicy.relaunchesAfterForceQuitOrBluetoothOff(iOSMajor: 26, accessorySetupKit: true))
        #expect(!BluetoothCentralPolicy.relaunchesAfterForceQuitOrBluetoothOff(iOSMajor: 26, accessorySetupKit: false))
        #expect(!BluetoothCentralPolicy.relaunchesAfterForceQuitOrBluetoothOff(iOSMajor: 18, accessorySetupKit: true))
        #expect(BluetoothCentralPolicy.relaunchNotice(iOSMajor: 26, accessorySetupKit: false) != nil)
        #expect(BluetoothCentralPolicy.relaunchNotice(iOSMajor: 26, accessorySetupKit: true) == nil)
        #expect(BluetoothCentralPolicy.relaunchNotice(iOSMajor: 18, accessorySetupKit: false) == nil)
    }

    @Test("AccessorySetupKit's Bluetooth is read from either key of the plist")
    func accessorySetupKitKeys() {
        #expect(
            InfoPlistGuard(["NSAccessorySetupKitSupports": ["Bluetooth"]])
                .setsUpBluetoothAccessoriesWithAccessorySetupKit)
        #expect(
            InfoPlistGuard(["NSAccessorySetupSupports": ["Bluetooth", "WiFi"]])
                .setsUpBluetoothAccessoriesWithAccessorySetupKit)
        #expect(
            !InfoPlistGuard(["NSAccessorySetupKitSupports": ["WiFi"]]).setsUpBluetoothAccessoriesWithAccessorySetupKit)
    }
}
