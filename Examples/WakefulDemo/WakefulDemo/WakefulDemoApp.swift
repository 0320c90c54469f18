import SwiftUI
import UIKit

/// The demo: Wakeful's gas-station and trip-tracking configurations on a real phone, with the
/// timeline on screen.
@main
struct WakefulDemoApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var delegate

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(delegate)
        }
    }
}
