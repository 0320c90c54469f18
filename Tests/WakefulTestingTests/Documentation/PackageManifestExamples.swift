import Foundation
import Testing
import WakefulTestSupport

// The package manifest lines of the article "Testing your app's background behaviour"
// (Sources/WakefulTesting/WakefulTesting.docc/TestingYourAppsBackgroundBehaviour.md, "Add the
// product to your test target"), word for word: DocumentationExamplesTests fails when the two
// differ. A manifest cannot run in a test, so these check what makes it resolve: each
// `.product(…, package:)` names the dependency's identity, and each product is one Wakeful ships.

/// The article's manifest with a URL dependency.
let articleManifest = """
    // swift-tools-version: 6.1
    import PackageDescription

    let package = Package(
        name: "TripKit",
        platforms: [.macOS(.v14), .iOS(.v15)],
        dependencies: [
            .package(url: "https://github.com/your-org/wakeful", branch: "main", traits: []),
        ],
        targets: [
            .target(name: "TripKit", dependencies: [.product(name: "Wakeful", package: "wakeful")]),
            .testTarget(name: "TripKitTests", dependencies: ["TripKit", .product(name: "WakefulTesting", package: "wakeful")]),
        ]
    )
    """

/// The article's lines for a local checkout.
let articlePathDependency = """
    .package(path: "../wakeful", traits: []),
    .testTarget(name: "TripKitTests", dependencies: ["TripKit", .product(name: "WakefulTesting", package: "wakeful")]),
    """

@Suite("The article's package manifest", .watchdog, .cpuBound)
struct PackageManifestExamples {
    /// SwiftPM's identity of a dependency: the last path component of its URL or path, without
    /// `.git`, compared without regard to case.
    static func identity(_ location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// The first quoted argument after each occurrence of `label`.
    static func arguments(_ label: String, in text: String) -> [String] {
        text.components(separatedBy: label).dropFirst().compactMap { rest in
            rest.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
        }
    }

    @Test(arguments: [
        (articleManifest, ".package(url: "), (articlePathDependency, ".package(path: "),
        (readmeDependency, ".package(url: "),
    ])
    func theProductsNameTheDependencyByItsIdentity(manifest: String, dependency: String) throws {
        let location = try #require(Self.arguments(dependency, in: manifest).first)
        let packages = Self.arguments("package: ", in: manifest)
        #expect(!packages.isEmpty)
        #expect(packages.allSatisfy { $0.lowercased() == Self.identity(location) }, "\(packages) vs \(location)")
    }

    /// An app's tests need none of the server's and the tools' packages: each dependency turns the
    /// default trait off, and the default trait is the one that brings them in.
    @Test(arguments: [articleManifest, articlePathDependency, readmeDependency])
    func theDependencyTurnsTheDefaultTraitOff(manifest: String) throws {
        let dependencies = manifest.components(separatedBy: "\n").filter { $0.contains(".package(") }
        #expect(!dependencies.isEmpty)
        #expect(dependencies.allSatisfy { $0.contains(", traits: [])") }, "\(dependencies)")
        let package = try DocumentationSource.text(DocumentationSource.root.appendingPathComponent("Package.swift"))
        #expect(package.contains(".default(enabledTraits: [serverAndTools])"))
    }

    @Test func theIdentityIsTheLastPathComponent() {
        #expect(Self.identity("https://github.com/your-org/wakeful") == "wakeful")
        #expect(Self.identity("https://github.com/your-org/wakeful.git") == "wakeful")
        #expect(Self.identity("../Wakeful-main") == "wakeful-main")
        #expect(Self.identity("/work/wt-testing") != "wakeful")  // why `package: "Wakeful"` failed for such a checkout
    }

    @Test func theProductsAreOnesWakefulShips() throws {
        let manifest = try DocumentationSource.text(DocumentationSource.root.appendingPathComponent("Package.swift"))
        let shipped = Set(Self.arguments(".library(name: ", in: manifest))
        let named = Self.arguments(".product(name: ", in: articleManifest + articlePathDependency)
        #expect(Set(named) == ["Wakeful", "WakefulTesting"])
        #expect(Set(named).isSubset(of: shipped), "\(named) vs \(shipped)")
    }
}
