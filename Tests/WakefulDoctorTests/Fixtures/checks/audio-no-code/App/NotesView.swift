import SwiftUI

/// A notes list. The audio mode was copied from a template; nothing here plays sound.
struct NotesView: View {
    @State private var notes: [String] = []

    var body: some View {
        List(notes, id: \.self) { Text($0) }
    }
}
