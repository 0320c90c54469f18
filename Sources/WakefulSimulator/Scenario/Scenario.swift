import Foundation
import Wakeful

/// A simulation scenario: the world, the user's actions, the app's configuration and the device's
/// settings, as written in a scenario file (JSON, documented in <doc:ScenarioFiles>).
public struct Scenario: Sendable, Hashable {
    /// Short identifier, e.g. `gas-station`.
    public var name: String
    /// One sentence on what the scenario tests.
    public var summary: String
    /// Simulated seconds to run.
    public var duration: TimeInterval
    /// iOS versions `simulate` runs by default.
    public var iosVersions: [IOSVersion]
    /// Strategy setups `simulate` runs by default.
    public var setups: [StrategySetup]
    /// The app under test.
    public var app: AppConfiguration
    /// Device settings and policy variants.
    public var device: DeviceSettings
    /// Where things are and how the user moves.
    public var world: WorldDescription
    /// What the user does, in time order.
    public var actions: [UserAction]
    /// What "it worked" means; nil to use the trigger when there is one.
    public var success: SuccessMeasure?
    /// The file's `app` and `device` sections as written, which the run header carries so that
    /// `wakeful replay` re-runs the same app; nil for a scenario made in code.
    public var source: ScenarioSource?

    /// Creates a scenario.
    public init(
        name: String, summary: String = "", duration: TimeInterval, iosVersions: [IOSVersion] = [],
        setups: [StrategySetup] = [], app: AppConfiguration = AppConfiguration(),
        device: DeviceSettings = DeviceSettings(), world: WorldDescription, actions: [UserAction] = [],
        success: SuccessMeasure? = nil
    ) {
        self.name = name
        self.summary = summary
        self.duration = duration
        self.iosVersions = iosVersions
        self.setups = setups
        self.app = app
        self.device = device
        self.world = world
        self.actions = actions.sorted { $0.at < $1.at }
        self.success = success
    }

    /// The measure runs are scored by: `success`, or the trigger when the app has one, or job
    /// deadline coverage when it declares jobs.
    public var successMeasure: SuccessMeasure? {
        if let success { return success }
        let hasTrigger = app.features.contains { if case .beaconTrigger = $0 { true } else { false } }
        if !hasTrigger, !app.jobs.isEmpty { return .jobs(app.jobs) }
        return hasTrigger ? .trigger : nil
    }
}

/// The app's Info.plist and authorization, and its own features (what it does besides keeping alive).
public struct AppConfiguration: Sendable, Hashable {
    /// `UIBackgroundModes`; nil means "whatever the strategies need", the usual case.
    public var backgroundModes: [BackgroundMode]?
    /// The location authorization the user granted before the run.
    public var locationAuthorization: LocationAuthorization
    /// Whether Precise Location is on at the start (iOS 14+; off is reduced accuracy, AUTH-6).
    public var preciseLocation = true
    /// The keys of `NSLocationTemporaryUsageDescriptionDictionary`, which
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` needs (AUTH-7).
    public var temporaryFullAccuracyPurposeKeys: [String] = []
    /// `NSLocationRequireExplicitServiceSession`: on iOS 18, no implicit sessions; Always applies only
    /// while the app holds a `CLServiceSession` requiring it, and live updates need one (LOC-9).
    public var requiresExplicitServiceSession = false
    /// The app's features.
    public var features: [FeatureSpec]

    // Scheduled tasks (BGT)
    /// `BGTaskSchedulerPermittedIdentifiers`; nil means "whatever the strategies submit" (BGT-9).
    public var permittedTaskIdentifiers: [String]?
    /// How the user used the app before the scenario starts (BGT-5, BGT-11 factor 3).
    public var usage = AppUsageHistory()
    /// Motion & Fitness as the user set it (MOTION-2); `notDetermined` prompts on first use and the
    /// user allows.
    public var motionAuthorization = MotionAuthorization.authorized
    /// Whether Info.plist has `NSMotionUsageDescription`; without it the first use of Core Motion
    /// crashes the app (MOTION-2).
    public var motionUsageDescription = true
    /// Whether the app is signed with `com.apple.developer.healthkit.background-delivery`; without it
    /// enabling background delivery fails from iOS 15 (HK-7).
    public var healthKitBackgroundDeliveryEntitlement = true
    /// Share of one CPU the app's `BGProcessingTask` work uses (0–1), for the CPU monitor (TERM-4,
    /// BGT-6) of an app without jobs. Default 1: processing tasks exist for CPU-heavy maintenance
    /// work (assumption).
    public var processingCPULoad = 1.0
    /// What the app's launch costs before it returns from `didFinishLaunching`; nil for an instant
    /// launch. A launch over the watchdog's allowance is killed with `0x8badf00d` (TERM-6, STATE-7).
    public var launchCost: LaunchCost?

    /// Creates a configuration.
    public init(
        backgroundModes: [BackgroundMode]? = nil, locationAuthorization: LocationAuthorization = .always,
        features: [FeatureSpec] = []
    ) {
        self.backgroundModes = backgroundModes
        self.locationAuthorization = locationAuthorization
        self.features = features
    }

    // MARK: Network

    /// The app pairs its accessories through AccessorySetupKit (iOS 18+): on 26 only such apps are
    /// relaunched by Bluetooth state restoration after a force-quit or Bluetooth off (BLE-4).
    public var accessorySetupKit = false

    // MARK: Outbox

    /// The app's outbox and uploads; nil for an app that keeps nothing (records only reach the timeline).
    public var outbox: OutboxSpec?
    /// Where the app keeps the settings it starts its strategies by (DATA-6).
    public var settings = SettingsStore.unprotectedFile
    // MARK: Jobs

    /// The app's declared jobs; when there are any, the device runs a `JobScheduler` first.
    public var jobs: [Job] = []
    /// The scheduler's options (its `jobs` are always ``jobs``); nil for the defaults.
    public var jobScheduler: JobScheduler.Options?

    // MARK: Geofences

    /// The fences the app registers (`app.fences`): what a setup's `GeofenceSet` monitors when its
    /// own options list none.
    /// The Info.plist's Live Activity keys (`app.liveActivities`, LIVE-1, LIVE-6).
    public var liveActivities = LiveActivitySupport()
    public var fences: [Geofence] = []

    /// The scheduler the device runs for ``jobs``, if any.
    public var jobSchedulerStrategy: JobScheduler? {
        guard !jobs.isEmpty else { return nil }
        var options = jobScheduler ?? JobScheduler.Options()
        options.jobs = jobs
        return JobScheduler(options: options)
    }
}

/// Device settings that a scenario fixes at the start (some can change through user actions).
public struct DeviceSettings: Sendable, Hashable {
    /// The Background App Refresh switch (LOC-22, BGT-9).
    public var backgroundAppRefresh: Bool
    /// Low Power Mode (BGT-12, PUSH-9).
    public var lowPowerMode: Bool
    /// Xcode attached: limits not enforced (CONF-13, TASK-14).
    public var debuggerAttached: Bool
    /// Policy variants from §12 of the reference, by ID (`CONF-3` …).
    public var variants: [PolicyVariant]
    /// Mean rate at which iOS terminates the app while suspended, to free memory (STATE-3); 0 for never.
    public var suspendedTerminationsPerHour: Double
    /// How beacon signals are seen.
    public var radio: BeaconRadioModel
    /// What the device positions itself with for region monitoring when the app runs no GPS
    /// updates: Wi-Fi by default, `.cell` with Wi-Fi off, `.gps` as if another app kept GPS on (LOC-19).
    public var positioning: RegionPositioning = .wifi
    /// Crossing rules that replace the policy's for a positioning (LOC-19), e.g. from field logs.
    public var regionCrossing: [RegionPositioning: RegionCrossing] = [:]

    /// Creates settings.
    public init(
        backgroundAppRefresh: Bool = true, lowPowerMode: Bool = false, debuggerAttached: Bool = false,
        variants: [PolicyVariant] = [], suspendedTerminationsPerHour: Double = 0, radio: BeaconRadioModel = .standard
    ) {
        self.backgroundAppRefresh = backgroundAppRefresh
        self.lowPowerMode = lowPowerMode
        self.debuggerAttached = debuggerAttached
        self.variants = variants
        self.suspendedTerminationsPerHour = suspendedTerminationsPerHour
        self.radio = radio
    }

    // MARK: Network

    /// Seconds the cellular or Wi-Fi radio stays powered after the last byte (ENERGY-2). cfg,
    /// assumption: 10 s; the reference gives no figure.
    public var radioTail: TimeInterval = 10

    /// Whether the user has set a passcode, without which Data Protection is inactive and every
    /// file is always readable (DATA-1). Default true, as on most phones.
    public var passcode = true

    // MARK: Motion

    /// Whether the phone has a motion coprocessor (`isActivityAvailable`, MOTION-1). Default true.
    public var motionActivity = true
    /// Core Motion's detection lag in seconds, replacing the policy's default (cfg, §16.2 gap).
    public var motionDetectionLag: TimeInterval?

    // MARK: Beacons

    /// Whether the phone matches beacon advertisements in its Bluetooth hardware, as the iPhone 5
    /// and later do (BEACON-2). Without it no beacon region has a priority slot: every region is
    /// detected in software, while the display is lit or at the phone's slow background scans.
    /// Default true.
    public var beaconHardwareFiltering = true
    /// Beacon regions that other apps on the phone registered before this app's. They take the
    /// device-wide priority slots first, so this app's regions beyond the slots left get best-effort
    /// detection, only while the display is lit (BEACON-3). Default 0.
    public var otherAppsBeaconRegions = 0
    /// The user's Live Activity switches for the app (`device.liveActivities`, LIVE-1, LIVE-6).
    public var liveActivities = LiveActivitySettings()
}

/// Where a scenario's things are and how the user moves.
public struct WorldDescription: Sendable, Hashable {
    /// The origin of local east/north coordinates.
    public var origin: Coordinate
    /// The user's movement.
    public var trajectory: Trajectory
    /// Beacons in the world.
    public var beacons: [WorldBeacon]
    // Pushes
    /// The pushes a server sends (PUSH, VOIP).
    public var pushes: [ScheduledPush]

    // Scheduled tasks (BGT)
    /// Charging and battery level over time (BGT-5, BGT-11).
    public var power = PowerTimeline.unplugged
    /// The hour of day (0–24) at t = 0, so that "overnight" and "usual hours" mean something.
    public var startHour = 0.0
    /// The weekday at t = 0.
    public var startDay = Weekday.monday

    /// Creates a world.
    public init(
        origin: Coordinate = Coordinate(latitude: 0, longitude: 0), trajectory: Trajectory, beacons: [WorldBeacon] = [],
        pushes: [ScheduledPush] = []
    ) {
        self.origin = origin
        self.trajectory = trajectory
        self.beacons = beacons
        self.pushes = pushes
    }

    /// The projection between coordinates and local metres.
    public var projection: LocalProjection { LocalProjection(origin: origin) }

    /// The beacon with this identifier.
    public func beacon(named id: String) -> WorldBeacon? { beacons.first { $0.id == id } }

    /// The hour of day (0 ≤ h < 24) at simulated time `time`.
    public func hourOfDay(at time: TimeInterval) -> Double {
        let hours = (startHour + time / 3600).truncatingRemainder(dividingBy: 24)
        return hours < 0 ? hours + 24 : hours
    }

    /// The local weekday and time of day at simulated time `time`, as a phone's calendar gives them.
    public func localTime(at time: TimeInterval) -> LocalTime {
        let seconds = startHour * 3600 + time
        let secondOfDay = seconds - Double(day(at: time)) * 86_400
        return LocalTime(weekday: startDay.advanced(by: day(at: time)), secondOfDay: secondOfDay)
    }

    /// The day of the scenario clock at `time`: 0 until the first midnight after the start.
    public func day(at time: TimeInterval) -> Int {
        Int(((startHour * 3600 + time) / 86_400).rounded(.down))
    }
    // MARK: Network

    /// The network over time (Wi-Fi all the time unless the scenario says otherwise).
    public var network = NetworkTimeline.alwaysWiFi
    /// The app's server.
    public var server = ServerDescription()
    /// Bluetooth LE peripherals in the world.
    public var accessories: [WorldAccessory] = []

    /// The accessory with this identifier.
    public func accessory(named id: String) -> WorldAccessory? { accessories.first { $0.id == id } }

    // MARK: HealthKit

    /// Samples other devices save to the phone's HealthKit store (HK).
    public var health: [HealthSampleSeries] = []
}

/// An iBeacon transmitter placed in the world.
public struct WorldBeacon: Sendable, Hashable {
    /// Name used in the scenario.
    public var id: String
    /// Proximity UUID.
    public var uuid: UUID
    /// Major value.
    public var major: UInt16
    /// Minor value.
    public var minor: UInt16
    /// Where it is.
    public var position: LocalPoint
    /// RSSI at 1 m in dBm (the beacon's calibrated transmit power).
    public var measuredPower: Double

    /// Creates a beacon.
    public init(id: String, uuid: UUID, major: UInt16, minor: UInt16, position: LocalPoint, measuredPower: Double = -59)
    {
        self.id = id
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.position = position
        self.measuredPower = measuredPower
    }

    /// A constraint matching exactly this beacon.
    public var constraint: BeaconIdentityConstraint {
        BeaconIdentityConstraint(uuid: uuid, major: major, minor: minor)
    }
}

/// Something the user (or the world) does at a time.
public struct UserAction: Sendable, Hashable {
    /// Simulated seconds from the start.
    public var at: TimeInterval
    /// What.
    public var kind: Kind

    /// Creates an action.
    public init(at: TimeInterval, _ kind: Kind) {
        self.at = at
        self.kind = kind
    }

    /// The actions a scenario can script.
    public enum Kind: Sendable, Hashable {
        /// Tap the app's icon: launch it, or bring it to the foreground.
        case open
        /// Press Home (or swipe up): the app goes to the background.
        case home
        /// Press the side button: the screen turns off, and a foreground app goes to the background.
        case lock
        /// Unlock: the screen lights up; the app returns if it was in front when locked.
        case unlock
        /// The screen lights up while locked (a notification), without unlocking (BEACON-4).
        case glance
        /// Swipe the app away in the app switcher (TERM-1).
        case forceQuit
        /// Restart the phone (LOC-23, TERM-1).
        case reboot
        /// Not the user's doing: the system prewarms the app, starting its process before the user
        /// opens it (iOS 15+, DATA-9). Scripted with the user's actions because it is the device's.
        case prewarm
        /// Another app needs memory: a suspended app is terminated (STATE-3).
        case memoryPressure
        /// Flip Low Power Mode.
        case setLowPowerMode(Bool)
        /// Flip Background App Refresh.
        case setBackgroundAppRefresh(Bool)
        // Network
        /// The scenario wakes an accessory (the engine starts); it advertises again.
        case wakeAccessory(String)
        /// Switch Bluetooth on or off (Control Center); off drops connections, and state restoration
        /// does not relaunch the app for what was outstanding (BLE-4).
        case setBluetooth(Bool)
        // Location authorization (AUTH)
        /// Allow While Using App on the first prompt; to an Always request on 13+ that is a
        /// provisional Always (AUTH-1, AUTH-3).
        case grantWhenInUse
        /// Allow Always: on the first prompt before 13, or Change to Always Allow (AUTH-2, AUTH-3).
        case grantAlways
        /// Allow Once on the first prompt (13+): ends when the app is no longer in use (AUTH-4).
        case allowOnce
        /// Don't Allow on the first prompt: final (AUTH-1).
        case deny
        /// The Always prompt: Change to Always Allow (true) or Keep Only While Using (AUTH-2, AUTH-3).
        case answerAlwaysPrompt(changeToAlways: Bool)
        /// Settings ▸ Privacy ▸ Location Services ▸ the app (AUTH-5).
        case setAuthorization(LocationAuthorizationMachine.SettingsChoice)
        /// Settings: Precise Location on or off (iOS 14+; AUTH-6).
        case setPreciseLocation(Bool)
        /// The temporary full-accuracy prompt: allow (true) or keep reduced (AUTH-7).
        case answerTemporaryFullAccuracy(allow: Bool)

        /// Whether it concerns location authorization (AUTH).
        var isAuthorization: Bool {
            switch self {
            case .grantWhenInUse, .grantAlways, .allowOnce, .deny, .answerAlwaysPrompt, .setAuthorization,
                .setPreciseLocation, .answerTemporaryFullAccuracy:
                true
            default: false
            }
        }

        /// The name used in scenario files and timelines.
        public var name: String {
            switch self {
            case .open: "open"
            case .home: "home"
            case .lock: "lock"
            case .unlock: "unlock"
            case .glance: "glance"
            case .forceQuit: "forceQuit"
            case .reboot: "reboot"
            case .prewarm: "prewarm"
            case .memoryPressure: "memoryPressure"
            case .setLowPowerMode: "setLowPowerMode"
            case .setBackgroundAppRefresh: "setBackgroundAppRefresh"
            case .wakeAccessory: "wakeAccessory"
            case .setBluetooth: "setBluetooth"
            case .grantWhenInUse: "grantWhenInUse"
            case .grantAlways: "grantAlways"
            case .allowOnce: "allowOnce"
            case .deny: "deny"
            case .answerAlwaysPrompt: "answerAlwaysPrompt"
            case .setAuthorization: "setAuthorization"
            case .setPreciseLocation: "setPreciseLocation"
            case .answerTemporaryFullAccuracy: "answerTemporaryFullAccuracy"
            }
        }
    }
}
