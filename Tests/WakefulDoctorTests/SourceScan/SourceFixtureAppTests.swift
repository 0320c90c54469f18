import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

/// Small app source trees under `Fixtures/apps/`, each standing for a kind of app doctor meets.
@Suite("Fixture apps: what their sources show", .watchdog, .cpuBound)
struct SourceFixtureAppTests {
    @Test("refresh-only: registers and submits one app-refresh task through a constant in another file")
    func refreshOnly() throws {
        let evidence = try SourceFixture.scan("refresh-only")
        let id = SourceIdentifier.literal("com.example.refresh-only.refresh")
        #expect(
            evidence.files == [
                "RefreshApp/AppDelegate.swift", "RefreshApp/RefreshScheduler.swift", "RefreshApp/TaskIdentifiers.swift",
            ])
        #expect(evidence.apis == [.taskRegister, .appRefreshRequest, .taskSubmit])
        #expect(evidence.identifiers(.taskRegister) == [id])
        #expect(evidence.identifiers(.appRefreshRequest) == [id])
        #expect(evidence.identifiers(.taskSubmit) == [id])
        #expect(evidence.uses(of: .taskRegister).map { "\($0.file):\($0.line)" } == ["RefreshApp/AppDelegate.swift:10"])
        #expect(evidence.problems.isEmpty)
    }

    @Test("processing-unused: a permitted processing identifier that only a comment and a constant mention")
    func processingUnused() throws {
        let evidence = try SourceFixture.scan("processing-unused")
        #expect(!evidence.contains(.processingRequest))
        #expect(evidence.apis == [.taskRegister, .appRefreshRequest, .taskSubmit])
        let identifiers = Set(evidence.uses.compactMap(\.identifier))
        #expect(identifiers == [.literal("com.example.sync.refresh")])
    }

    @Test("objc-legacy-fetch: the fetch handler is implemented, the interval never set")
    func objcLegacyFetch() throws {
        let evidence = try SourceFixture.scan("objc-legacy-fetch")
        #expect(evidence.files == ["LegacyApp/AppDelegate.h", "LegacyApp/AppDelegate.m", "LegacyApp/FeedLoader.h"])
        // The implementation in the .m, not the declaration in the .h.
        #expect(
            evidence.uses == [SourceUse(api: .legacyFetchHandler, file: "LegacyApp/AppDelegate.m", line: 13, column: 9)]
        )
        #expect(!evidence.contains(.legacyFetchInterval))
    }

    @Test("audio-player: real playback with Now Playing, no silent loop")
    func audioPlayer() throws {
        let evidence = try SourceFixture.scan("audio-player")
        #expect(evidence.apis == [.playbackCategory, .audioPlayer, .nowPlaying])
        #expect(evidence.uses(of: .nowPlaying).count == 2)
        #expect(evidence.uses(of: .audioPlayer).count == 1, "the property's type annotation is not a use")
    }

    @Test("silent-audio: a looped silent file in Swift and in Objective-C")
    func silentAudio() throws {
        let evidence = try SourceFixture.scan("silent-audio")
        #expect(evidence.apis == [.playbackCategory, .audioPlayer, .loopForever, .silentAudioFile])
        #expect(evidence.identifiers(.silentAudioFile) == [.literal("silence.mp3"), .literal("blank.wav")])
        #expect(evidence.uses(of: .loopForever).count == 2)
        #expect(!evidence.contains(.nowPlaying))
    }

    @Test("callkit-voip: PushKit with the VoIP type, reported to CallKit")
    func callKitVoIP() throws {
        let evidence = try SourceFixture.scan("callkit-voip")
        #expect(evidence.apis == [.pushKitRegistry, .voipPushType, .callKitProvider, .callKitController])
        #expect(evidence.uses(of: .callKitProvider).count == 1, "the delegate method's parameter type is not a use")
    }

    @Test("ble-central-restore: a central with a restore identifier from a #define")
    func bleCentralRestore() throws {
        let evidence = try SourceFixture.scan("ble-central-restore")
        #expect(evidence.apis == [.centralManager, .centralRestoreIdentifier])
        #expect(evidence.uses(of: .centralManager).map(\.file) == ["Sensor/BLEManager.m"])
        #expect(evidence.identifiers(.centralRestoreIdentifier) == [.literal("com.example.sensor.central")])
    }

    @Test("location-regions: geofences and significant changes, background updates switched off")
    func locationRegions() throws {
        let evidence = try SourceFixture.scan("location-regions")
        #expect(
            evidence.apis == [
                .significantLocationChanges, .regionMonitoring, .alwaysAuthorizationRequest, .locationManager,
            ])
        #expect(!evidence.contains(.backgroundLocationUpdates))
        #expect(!evidence.contains(.standardLocationUpdates))
    }

    @Test("swiftui-background-task: scene modifiers register the refresh task and the upload session's events")
    func swiftUIBackgroundTask() throws {
        let evidence = try SourceFixture.scan("swiftui-background-task")
        #expect(
            evidence.apis == [
                .taskRegister, .appRefreshRequest, .taskSubmit, .backgroundURLSession, .backgroundURLSessionHandler,
            ])
        let refresh = SourceIdentifier.literal("com.example.news.refresh")
        let upload = SourceIdentifier.literal("com.example.news.upload")
        #expect(evidence.identifiers(.taskRegister) == [refresh])
        #expect(evidence.identifiers(.taskSubmit) == [refresh])
        #expect(evidence.identifiers(.backgroundURLSessionHandler) == [upload])
        #expect(evidence.identifiers(.backgroundURLSession) == [upload])
    }

    @Test("comments-and-strings: every API name only in comments, strings and #if 0: nothing found")
    func commentsAndStrings() throws {
        let evidence = try SourceFixture.scan("comments-and-strings")
        #expect(evidence.files == ["Docs/Explained.m", "Docs/Explained.swift"])
        #expect(evidence.uses == [])
        #expect(evidence.problems.isEmpty)
    }
}
