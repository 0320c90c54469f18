import SwiftUI

@main
struct WakefulApp: App {
    var body: some Scene { WindowGroup { Text("Wakeful") } }
}
