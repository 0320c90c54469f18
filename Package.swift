// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 language mode (the tools version's default) plus the
/// upcoming features the house style asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Wakeful",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .library(name: "Wakeful", targets: ["Wakeful"]),
        .library(name: "WakefulSimulator", targets: ["WakefulSimulator"]),
        .library(name: "WakefulStore", targets: ["WakefulStore"]),
        .executable(name: "wakeful", targets: ["WakefulCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Platform-free core: events, commands, strategies, runtime, timeline. Foundation only.
        .target(name: "Wakeful", swiftSettings: strictSettings),
        // The executable model of iOS background execution and the simulated world.
        .target(
            name: "WakefulSimulator",
            dependencies: ["Wakeful"],
            resources: [.copy("Scenario/Builtin")],
            swiftSettings: strictSettings
        ),
        // The outbox on SQLite (GRDB, WAL), for apps and for the simulator's crash-injection runs.
        .target(
            name: "WakefulStore",
            dependencies: ["Wakeful", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // The crash-injection harness: the simulator with the outbox on real SQLite files.
        .target(
            name: "WakefulChaos",
            dependencies: ["Wakeful", "WakefulSimulator", "WakefulStore"],
            swiftSettings: strictSettings
        ),
        // Simulated devices uploading to a real server over HTTP (`wakeful fleet`).
        .target(
            name: "WakefulFleet",
            dependencies: [
                "Wakeful", "WakefulSimulator",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        // The `wakeful` command: parse, wire, print.
        .executableTarget(
            name: "WakefulCLI",
            dependencies: [
                "Wakeful",
                "WakefulSimulator",
                "WakefulStore",
                "WakefulChaos",
                "WakefulFleet",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "WakefulTests", dependencies: ["Wakeful"], swiftSettings: strictSettings),
        .testTarget(
            name: "WakefulSimulatorTests",
            dependencies: ["Wakeful", "WakefulSimulator"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulStoreTests",
            dependencies: ["Wakeful", "WakefulStore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulChaosTests",
            dependencies: ["Wakeful", "WakefulSimulator", "WakefulStore", "WakefulChaos"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulCLITests",
            dependencies: ["WakefulCLI"],
            swiftSettings: strictSettings
        ),
    ]
)
