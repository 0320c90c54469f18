import BackgroundTasks
import SwiftUI

@main
struct WeatherApp: App {
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup { Text("Weather") }
            .onChange(of: phase) { _, newPhase in
                if newPhase == .background { ForecastRefresh.schedule() }
            }
            .backgroundTask(.appRefresh(ForecastRefresh.identifier)) {
                await ForecastRefresh.run()
            }
    }
}
