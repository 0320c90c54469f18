import SwiftUI

@main
struct PodcastsApp: App {
    @UIApplicationDelegateAdaptor private var delegate: AppDelegate
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup { LibraryView() }
            .onChange(of: phase) { _, newPhase in
                if newPhase == .background { FeedRefresh.schedule() }
            }
    }
}

struct LibraryView: View {
    var body: some View { Text("Library") }
}
