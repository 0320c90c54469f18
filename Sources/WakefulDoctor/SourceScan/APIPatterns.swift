import Foundation

/// The token patterns that turn one file's tokens into ``SourceUse``s.
///
/// Every pattern matches code tokens only, so a name in a comment or a string literal never
/// counts; the one exception is ``SourceAPI/silentAudioFile``, whose evidence is a literal's
/// content. Patterns prefer precision: a name must be used the way the API is used (called, set,
/// constructed), never merely declared or mentioned as a type.
///
/// - Calls (`isCall`): Swift `name(`; Objective-C `[receiver name]` or `[receiver name:…]`; not
///   after `func`, `var`, `case` … nor in an Objective-C method header nor in `@selector(…)`.
/// - Types (`isConstruction`): Swift `Type(…)`, `Type.init(…)`, `Type.member` (a lowercase
///   member, not `.self`: `MPNowPlayingInfoCenter.default()`); Objective-C `[Type alloc]`,
///   `[Type sharedX]`, not `[Type class]`. So `var manager: CBCentralManager?`, `class P: AVPlayer`,
///   `CBCentralManager *central;` and `(CXProvider *)provider` do not count; the construction does.
struct APIPatterns {
    /// Types whose construction or static use is evidence, with what it is evidence of.
    static let types: [String: [SourceAPI]] = [
        "AVAudioPlayer": [.audioPlayer], "AVPlayer": [.audioPlayer], "AVQueuePlayer": [.audioPlayer],
        "AVAudioEngine": [.audioPlayer], "AVPlayerLooper": [.audioPlayer, .loopForever],
        // Spoken prompts (navigation, workouts) are audible content with a playback session (AUDIO-1).
        "AVSpeechSynthesizer": [.audioPlayer],
        "MPNowPlayingInfoCenter": [.nowPlaying], "MPRemoteCommandCenter": [.nowPlaying],
        "PKPushRegistry": [.pushKitRegistry], "CXProvider": [.callKitProvider],
        "CXCallController": [.callKitController],
        "CBCentralManager": [.centralManager], "CBPeripheralManager": [.peripheralManager],
        "CLMonitor": [.regionMonitoring], "CLBackgroundActivitySession": [.backgroundActivitySession],
        "CLServiceSession": [.serviceSession],
        "CLLocationManager": [.locationManager],
        "CLLocationUpdater": [.liveUpdates],  // Objective-C's form of `CLLocationUpdate.liveUpdates`
        "EAAccessoryManager": [.externalAccessory], "EASession": [.externalAccessory],
        "NISession": [.nearbyInteraction],
        "PTChannelManager": [.pushToTalk], "CMMotionActivityManager": [.motionActivity],
        "CMPedometer": [.motionActivity],
        "NEHotspotHelper": [.hotspotHelper],
    ]

    /// Methods whose call is evidence (Swift and Objective-C spell them the same).
    static let calls: [String: SourceAPI] = [
        "startUpdatingLocation": .standardLocationUpdates,
        "startMonitoringSignificantLocationChanges": .significantLocationChanges,
        "startMonitoringVisits": .visits,
        "startMonitoringForRegion": .regionMonitoring,  // Objective-C `startMonitoringForRegion:`
        "startRangingBeacons": .beaconRanging,  // Swift `startRangingBeacons(satisfying:)`, `(in:)`
        "startRangingBeaconsSatisfyingConstraint": .beaconRanging,
        "startRangingBeaconsInRegion": .beaconRanging,
        "requestAlwaysAuthorization": .alwaysAuthorizationRequest,
        "requestWhenInUseAuthorization": .whenInUseAuthorizationRequest,
        "requestTemporaryFullAccuracyAuthorization": .temporaryFullAccuracyRequest,
        "requestTemporaryFullAccuracyAuthorizationWithPurposeKey": .temporaryFullAccuracyRequest,  // Objective-C
        "registerForRemoteNotifications": .registerForRemoteNotifications,
        "setMinimumBackgroundFetchInterval": .legacyFetchInterval,
    ]

    /// Constants whose mention in code is evidence.
    static let constantNames: [String: SourceAPI] = [
        "AVAudioSessionCategoryPlayback": .playbackCategory,
        "AVAudioSessionCategoryPlayAndRecord": .playbackCategory,
        "PKPushTypeVoIP": .voipPushType,
    ]

    /// The task request types, by the request kind they are evidence of.
    static let taskRequests: [String: SourceAPI] = [
        "BGAppRefreshTaskRequest": .appRefreshRequest,
        "BGProcessingTaskRequest": .processingRequest,
        "BGContinuedProcessingTaskRequest": .continuedProcessingRequest,
    ]

    let source: TokenizedSource
    let expression: SourceExpression
    private(set) var uses: [SourceUse] = []
    /// Request variables (`let request = BGAppRefreshTaskRequest(identifier: …)`) and their identifiers.
    var requestIdentifiers: [String: SourceIdentifier] = [:]
    /// `submit(request)` calls, resolved through `requestIdentifiers` once the file is read.
    var submits: [(index: Int, argument: Range<Int>)] = []

    /// The uses in one file.
    static func uses(in source: TokenizedSource, constants: SourceConstants) -> [SourceUse] {
        var patterns = APIPatterns(source: source, expression: SourceExpression(source: source, constants: constants))
        patterns.matchAll()
        return patterns.uses
    }

    private init(source: TokenizedSource, expression: SourceExpression) {
        self.source = source
        self.expression = expression
    }

    private mutating func matchAll() {
        for index in source.tokens.indices {
            let token = source.tokens[index]
            switch token.kind {
            case .identifier: match(token.text, at: index)
            case .string: matchSilentAudio(at: index)
            default: break
            }
        }
        matchMethodHeaders()
        resolveSubmits()
    }

    private mutating func match(_ name: String, at index: Int) {
        if let apis = Self.types[name], isConstruction(index) {
            for api in apis { record(api, at: index) }
        }
        if let api = Self.calls[name], isCall(index) {
            record(api, at: index)
        }
        if let api = Self.constantNames[name], !source.isDeclared(index) {
            record(api, at: index)
        }
        if let api = Self.taskRequests[name] {
            matchTaskRequest(api, at: index)
        }
        switch name {
        case "register", "registerForTaskWithIdentifier", "backgroundTask": matchRegister(name, at: index)
        case "submit", "submitTaskRequest": matchSubmit(name, at: index)
        case "application": matchSwiftDelegateMethod(at: index)
        case "startMonitoring": matchStartMonitoring(at: index)
        case "liveUpdates":
            // `CLLocationUpdate.liveUpdates(…)`
            if source.isMember(index), source.isIdentifier(index - 2, "CLLocationUpdate") {
                record(.liveUpdates, at: index)
            }
        case "allowsBackgroundLocationUpdates", "setAllowsBackgroundLocationUpdates": matchBackgroundLocation(at: index)
        case "playback", "playAndRecord": matchPlaybackCategory(at: index)
        case "numberOfLoops", "setNumberOfLoops": matchLoopForever(at: index)
        case "voIP":
            // `.voIP`, `PKPushType.voIP`, `[.voIP]`, `case .voIP:`; not the declaration `case voIP`.
            if source.isMember(index) { record(.voipPushType, at: index) }
        case "CBCentralManagerOptionRestoreIdentifierKey": matchRestoreKey(.centralRestoreIdentifier, at: index)
        case "CBPeripheralManagerOptionRestoreIdentifierKey": matchRestoreKey(.peripheralRestoreIdentifier, at: index)
        case "background", "backgroundSessionConfigurationWithIdentifier", "backgroundSessionConfiguration":
            matchBackgroundSession(name, at: index)
        default: break
        }
    }

    // MARK: Shared

    mutating func record(_ api: SourceAPI, at index: Int, identifier: SourceIdentifier? = nil) {
        let token = source.tokens[index]
        uses.append(
            SourceUse(api: api, identifier: identifier, file: source.file, line: token.line, column: token.column))
    }

    func isCall(_ index: Int) -> Bool { source.isCall(index) }

    /// Whether the type name at `index` is constructed or used for a static member (see the type comment).
    func isConstruction(_ index: Int) -> Bool {
        guard !source.isDeclared(index) else { return false }
        if source.isPunctuation(index + 1, "."), let member = source[index + 2], member.kind == .identifier,
            let first = member.text.first, first.isLowercase, member.text != "self"
        {
            return true
        }
        switch source.language {
        case .swift:
            return source.isPunctuation(index + 1, "(")
        case .objectiveC:
            guard source.isPunctuation(index - 1, "["), let message = source[index + 1] else { return false }
            return message.kind == .identifier && message.text != "class"
        }
    }

    /// The value of the Objective-C selector part at `index` (`name:value`), if it has one.
    func messageValue(at index: Int) -> Range<Int>? {
        source.isPunctuation(index + 1, ":") ? source.messageArgument(colon: index + 1) : nil
    }

    /// Whether `range` is the single token `true` / `YES`.
    func isTrue(_ range: Range<Int>) -> Bool {
        guard range.count == 1, let token = source[range.lowerBound] else { return false }
        return token.kind == .identifier && ["true", "YES", "TRUE"].contains(token.text)
    }
}
