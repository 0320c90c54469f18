import Foundation

/// Loads recipes when the user opens the app; nothing runs in the background.
final class RecipeStore {
    private(set) var recipes: [String] = []

    func reload() async throws {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/recipes.json")!)
        recipes = try JSONDecoder().decode([String].self, from: data)
    }
}
