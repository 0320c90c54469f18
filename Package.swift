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
        // --- issue 5, H-apns: the APNs provider client and the mock APNs server.
        .library(name: "WakefulAPNs", targets: ["WakefulAPNs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // --- issue 5, H-apns: APNs client (AHC over HTTP/2), provider tokens (swift-crypto),
        // the mock APNs (NIOHTTP2 + NIOSSL + a certificate made at start with swift-certificates).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // --- end H-apns
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
        // --- issue 5, H-apns: provider tokens, the background-push sender and the mock APNs.
        .target(
            name: "WakefulAPNs",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulAPNsTests",
            dependencies: ["WakefulAPNs", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // --- end H-apns
        // The `wakeful` command: parse, wire, print.
        .executableTarget(
            name: "WakefulCLI",
            dependencies: [
                "Wakeful",
                "WakefulSimulator",
                "WakefulStore",
                "WakefulChaos",
                "WakefulAPNs",  // issue 5, H-apns: mock-apns and bench-push
                .product(name: "Crypto", package: "swift-crypto"),  // issue 5, H-apns: bench-push's key
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
