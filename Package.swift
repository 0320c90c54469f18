// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 language mode (the tools version's default) plus the
/// upcoming features the house style asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The trait that brings in the companion server, the `wakeful` command, the fleet and the mock
/// APNs, with everything they and their tests need (SwiftNIO, Hummingbird, PostgresNIO,
/// AsyncHTTPClient, swift-crypto, ArgumentParser …). It is on by default, so this repository's own
/// `swift run wakeful simulate` and `swift test` build everything; an app turns it off
/// (`traits: []`, or untick it in Xcode 26.4's package list) and then resolves only GRDB and
/// swift-log (SE-0450: a package dependency used only under a disabled trait is not resolved).
let serverAndTools = "ServerAndTools"
/// The condition on every product dependency that only the server and the tools use.
let tools: TargetDependencyCondition? = .when(traits: [serverAndTools])

let package = Package(
    name: "Wakeful",
    platforms: [.macOS(.v14), .iOS(.v15)],
    products: [
        .library(name: "Wakeful", targets: ["Wakeful"]),
        .library(name: "WakefulSimulator", targets: ["WakefulSimulator"]),
        .library(name: "WakefulStore", targets: ["WakefulStore"]),
        .executable(name: "wakeful", targets: ["WakefulCLI"]),
        // The companion server, the fleet and the mock APNs: apart from `wakeful`, so that
        // `swift run wakeful simulate` does not wait for the server's dependency graph to build.
        .executable(name: "wakeful-server", targets: ["WakefulServerCLI"]),
        // The APNs provider client and the mock APNs server.
        .library(name: "WakefulAPNs", targets: ["WakefulAPNs"]),
        // The adapters an iOS app links (empty on Linux).
        .library(name: "WakefulApple", targets: ["WakefulApple"]),
        // For app developers' own test suites.
        .library(name: "WakefulTesting", targets: ["WakefulTesting"]),
        // The Info.plist checker behind `wakeful doctor`.
        .library(name: "WakefulDoctor", targets: ["WakefulDoctor"]),
        // The companion server (Benchmarks/ measures it in process).
        .library(name: "WakefulServer", targets: ["WakefulServer"]),
    ],
    traits: [
        .trait(
            name: serverAndTools,
            description:
                "The companion server, the wakeful command, the fleet and the mock APNs, with their dependencies. Turn it off in an app: the app then resolves only GRDB and swift-log."
        ),
        .default(enabledTraits: [serverAndTools]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The companion server: HTTP server, hashing, lifecycle, logging, HTTP client.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The server's per-connection deadlines read Hummingbird's HTTP parts (NIOHTTPTypes).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // The mock APNs (NIOHTTP2 + NIOSSL + a certificate made at start).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Gzip request bodies on POST /v1/ingest (zlib through CompressNIO).
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        // `wakeful-server serve --database postgres://…` (PostgresServerStorage).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation`: builds the DocC catalogues (no code depends on it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Tests start child processes (the PostgreSQL script) and wait on them by pidfd.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // Test-only: property-based tests (seeded generators) for the payload round trip.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Test-only: a `TestClock` the server and APNs tests move by hand (poll loops, token age).
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        // Platform-free core: events, commands, strategies, runtime, timeline. Foundation only.
        .target(name: "Wakeful", swiftSettings: strictSettings),
        // Swimlane charts as self-contained SVG: the dashboard's device page and the simulator's
        // HTML report draw with it. Wakeful only (for UTC dates): no server dependency.
        .target(name: "WakefulCharts", dependencies: ["Wakeful"], swiftSettings: strictSettings),
        // The executable model of iOS background execution and the simulated world.
        .target(
            name: "WakefulSimulator",
            dependencies: ["Wakeful", "WakefulCharts"],
            resources: [.copy("Scenario/Builtin"), .copy("Fidelity/Corpus")],
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
        // Simulated devices uploading to a real server over HTTP (`wakeful-server fleet`).
        .target(
            name: "WakefulFleet",
            dependencies: [
                "Wakeful", "WakefulSimulator",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: tools),
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
            ],
            swiftSettings: strictSettings
        ),
        // The companion server — Hummingbird application, ingest, devices,
        // queries, storage behind `ServerStorage` (SQLite on GRDB).
        .target(
            name: "WakefulServer",
            dependencies: [
                "Wakeful",
                "WakefulCharts",  // the device page's swimlanes
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: tools),
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                // HTTPParserError: a client that hung up mid-request
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
                .product(name: "Crypto", package: "swift-crypto", condition: tools),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CompressNIO", package: "compress-nio", condition: tools),  // gzip ingest bodies
                // waking devices (the APNs sender, the dispatcher service).
                "WakefulAPNs",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: tools),
                // PostgreSQL storage, its pool run as a service, TLS for sslmode.
                .product(name: "PostgresNIO", package: "postgres-nio", condition: tools),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: tools),
                // Deadlines on request heads and bodies (RequestDeadlineHandler), set up on
                // Hummingbird's HTTP/1 channel.
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: tools),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: tools),
            ],
            resources: [.copy("Resources/openapi.json")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulServerTests",
            dependencies: [
                "WakefulTestSupport",
                "Wakeful",
                "WakefulServer",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: tools),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: tools),
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "CompressNIO", package: "compress-nio", condition: tools),  // gzip test bodies
                // the push tests run against the mock APNs with a test key.
                "WakefulAPNs",
                .product(name: "Crypto", package: "swift-crypto", condition: tools),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: tools),
                // Test databases (CREATE/DROP DATABASE) for the PostgreSQL storage tests.
                .product(name: "PostgresNIO", package: "postgres-nio", condition: tools),
                .product(name: "Logging", package: "swift-log"),
                // starts the throwaway PostgreSQL cluster (scripts/postgres.sh start).
                .product(name: "Subprocess", package: "swift-subprocess", condition: tools),
                // Random payloads that must read back exactly as acknowledged.
                .product(name: "PropertyBased", package: "swift-property-based", condition: tools),
                // Graceful shutdown under a service group.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
                // The push dispatcher's poll loop on a clock the test moves.
                .product(name: "Clocks", package: "swift-clocks", condition: tools),
            ],
            swiftSettings: strictSettings
        ),
        // Provider tokens, the background-push sender and the mock APNs.
        .target(
            name: "WakefulAPNs",
            dependencies: [
                "Wakeful",  // SplitMix64, the seeded generator of the mock's probability faults
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: tools),
                .product(name: "Crypto", package: "swift-crypto", condition: tools),
                .product(name: "X509", package: "swift-certificates", condition: tools),
                .product(name: "SwiftASN1", package: "swift-asn1", condition: tools),
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOPosix", package: "swift-nio", condition: tools),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: tools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: tools),
                .product(name: "NIOHPACK", package: "swift-nio-http2", condition: tools),
                .product(name: "NIOHTTP2", package: "swift-nio-http2", condition: tools),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: tools),
                .product(name: "NIOFoundationCompat", package: "swift-nio", condition: tools),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulAPNsTests",
            dependencies: [
                "WakefulTestSupport",
                "Wakeful",
                "WakefulAPNs",
                .product(name: "Crypto", package: "swift-crypto", condition: tools),
                // The frame-level client's handler on an embedded channel.
                .product(name: "NIOCore", package: "swift-nio", condition: tools),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: tools),
                .product(name: "NIOHPACK", package: "swift-nio-http2", condition: tools),
                .product(name: "NIOHTTP2", package: "swift-nio-http2", condition: tools),
                // Token age and resend pauses on a clock the test moves.
                .product(name: "Clocks", package: "swift-clocks", condition: tools),
            ],
            swiftSettings: strictSettings
        ),
        // Thin adapters between the core's events/commands and UIKit, CoreLocation,
        // BackgroundTasks, URLSession, CoreBluetooth and MetricKit. Every file is inside
        // `#if canImport(...)`, so Linux builds an empty module; GRDB for the outbox's suspension notices.
        .target(
            name: "WakefulApple",
            dependencies: [
                "Wakeful", "WakefulStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // A field timeline back into a scenario, re-run and compared (`wakeful replay`).
        .target(name: "WakefulReplay", dependencies: ["Wakeful", "WakefulSimulator"], swiftSettings: strictSettings),
        .testTarget(
            name: "WakefulReplayTests",
            dependencies: ["WakefulTestSupport", "Wakeful", "WakefulSimulator", "WakefulReplay"],
            swiftSettings: strictSettings
        ),
        // Run a configuration on a simulated device in a Swift Testing or
        // XCTest suite, drive it and assert on it. Imports Testing and XCTest where they exist.
        .target(
            name: "WakefulTesting",
            dependencies: ["Wakeful", "WakefulSimulator"],
            swiftSettings: strictSettings
        ),
        // Depends on WakefulTesting alone (and the repository's test support), as an app's test target
        // does: its re-exports must suffice.
        .testTarget(
            name: "WakefulTestingTests",
            dependencies: ["WakefulTestSupport", "WakefulTesting"],
            swiftSettings: strictSettings
        ),
        // Info.plist against the strategies' requirements (pure), and
        // configuration files read through the simulator's scenario reader.
        .target(
            name: "WakefulDoctor",
            dependencies: ["Wakeful", "WakefulSimulator"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulDoctorTests",
            dependencies: ["WakefulTestSupport", "Wakeful", "WakefulDoctor", "WakefulCLI"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        // What every test target shares: the watchdog that ends a hung run naming its unfinished
        // tests, and the executor that keeps computing tests off the cooperative pool.
        .target(name: "WakefulTestSupport", swiftSettings: strictSettings),
        // What the two commands share on a terminal (the progress bar).
        .target(name: "WakefulCommandLine", swiftSettings: strictSettings),
        // The `wakeful` command: parse, wire, print.
        .executableTarget(
            name: "WakefulCLI",
            dependencies: [
                "Wakeful",
                "WakefulSimulator",
                "WakefulChaos",
                "WakefulCommandLine",
                "WakefulReplay",  // `wakeful replay`
                "WakefulDoctor",  // wakeful doctor
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
            ],
            swiftSettings: strictSettings
        ),
        // The `wakeful-server` command: serve, fleet, mock-apns.
        .executableTarget(
            name: "WakefulServerCLI",
            dependencies: [
                "WakefulServer",
                "WakefulFleet",
                "WakefulAPNs",
                "WakefulCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: tools),
                .product(name: "UnixSignals", package: "swift-service-lifecycle", condition: tools),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulTests", dependencies: ["WakefulTestSupport", "Wakeful"], swiftSettings: strictSettings),
        // What an app resolves when it adds this package (resolved by the real `swift`).
        .testTarget(
            name: "PackageGraphTests",
            dependencies: [
                "WakefulTestSupport", .product(name: "Subprocess", package: "swift-subprocess", condition: tools),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulSimulatorTests",
            dependencies: ["WakefulTestSupport", "Wakeful", "WakefulSimulator", "WakefulCharts"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulStoreTests",
            dependencies: ["WakefulTestSupport", "Wakeful", "WakefulStore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulChaosTests",
            dependencies: ["WakefulTestSupport", "Wakeful", "WakefulSimulator", "WakefulStore", "WakefulChaos"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulFleetTests",
            dependencies: [
                "WakefulTestSupport",
                "WakefulFleet", "WakefulServer",
                .product(name: "Hummingbird", package: "hummingbird", condition: tools),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: tools),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WakefulCLITests",
            // Both executables, so `swift test` builds them for the tests that run them.
            dependencies: ["WakefulTestSupport", "WakefulCLI", "WakefulServerCLI", "Wakeful"],
            swiftSettings: strictSettings
        ),
    ]
)
