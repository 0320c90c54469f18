import Foundation
import Subprocess
import Testing
import WakefulTestSupport

/// What an iOS app resolves when it adds Wakeful: only the packages the app's products link.
///
/// The package's default trait, ServerAndTools, brings in the server's graph (SwiftNIO,
/// Hummingbird, PostgresNIO …) for this repository's own commands; an app turns it off
/// (`traits: []`) and SwiftPM then leaves every dependency used only under that trait out of
/// resolution (SE-0450). This test is that app: a package in a temporary folder that links
/// Wakeful, WakefulApple and WakefulStore from this checkout, resolved by the real `swift`.
@Suite("An app's dependency graph", .hangLimit, .watchdog)
struct AppDependencyGraphTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "an app linking Wakeful, WakefulApple and WakefulStore with the default trait off resolves only GRDB and swift-log"
    )
    func appResolvesOnlyWhatItLinks() async throws {
        let pins = try await resolvedPackages(traits: "[]")
        #expect(pins.count <= 3, "the app resolves \(pins.count) packages: \(pins.sorted())")
        #expect(Set(pins) == ["grdb.swift", "swift-log"])
    }

    @Test("with the default trait on, the same app resolves the server's graph (so the trait is what prunes it)")
    func defaultTraitBringsTheServerGraph() async throws {
        let pins = try await resolvedPackages(traits: nil)
        #expect(pins.contains("hummingbird"))
        #expect(pins.contains("swift-nio"))
        #expect(pins.count > 10, "\(pins.sorted())")
    }

    /// Writes the app package, runs `swift package resolve` in it and returns the identities pinned
    /// in its Package.resolved (a path dependency, this checkout, is never pinned).
    private func resolvedPackages(traits: String?) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wakeful-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A path dependency's identity is its folder's name, whatever the checkout is called.
        let identity = Self.checkout.lastPathComponent.lowercased()
        let traitsArgument = traits.map { ", traits: \($0)" } ?? ""
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "SampleApp",
                platforms: [.iOS(.v15), .macOS(.v14)],
                dependencies: [.package(path: "\(Self.checkout.path)"\(traitsArgument))],
                targets: [
                    .target(name: "App", dependencies: [
                        .product(name: "Wakeful", package: "\(identity)"),
                        .product(name: "WakefulApple", package: "\(identity)"),
                        .product(name: "WakefulStore", package: "\(identity)"),
                    ])
                ]
            )
            """
        try manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import Wakeful\n".write(
            to: folder.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)
        let result = try await run(
            .name("swift"), arguments: ["package", "--package-path", folder.path, "resolve"],
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
        try #require(result.terminationStatus.isSuccess, "swift package resolve failed: \(result.standardError)")
        let resolved = try Data(contentsOf: folder.appendingPathComponent("Package.resolved"))
        let file = try JSONDecoder().decode(ResolvedFile.self, from: resolved)
        return file.pins.map(\.identity)
    }
}

/// The part of Package.resolved (version 2 and 3) this test reads.
private struct ResolvedFile: Decodable {
    struct Pin: Decodable { var identity: String }
    var pins: [Pin]
}
