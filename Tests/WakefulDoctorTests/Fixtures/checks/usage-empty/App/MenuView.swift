import SwiftUI

/// The restaurant's menu. Location was dropped in version 2; its purpose string was emptied, not removed.
struct MenuView: View {
    var body: some View { Text("Menu") }
}
