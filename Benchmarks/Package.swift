// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// The Wakeful package's identity: SwiftPM names a path dependency after its folder, which is
/// whatever the repository was cloned as.
let wakeful = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

/// The root package's settings: Swift 6 language mode plus the house style's upcoming features.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// A package-benchmark suite in `Benchmarks/<name>/`.
func benchmarkTarget(_ name: String, dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "Benchmark", package: "benchmark"), "BenchmarkSupport"] + dependencies,
        path: "Benchmarks/\(name)",
        swiftSettings: strictSettings,
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

// Wakeful's benchmarks, apart from the package so that neither the `wakeful` executable nor an app
// that links the libraries carries their code or dependencies (as swift-nio keeps its own).
// Run them with `swift package --package-path Benchmarks benchmark`; see the README.
let package = Package(
    name: "WakefulBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        // The malloc counters need the interposer; the Linux 6.3 ARC interposer it also offers is left out.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // The raw-SQLite baselines call SQLite's C API through GRDB's system-library module.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The push benchmark's provider key.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The server benchmarks' clients and in-process server.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // What the suites share: sizes from the environment, process memory, timing, custom metrics.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            swiftSettings: strictSettings
        ),
        // SQLite's C API, the baseline of the store and server benchmarks.
        .target(
            name: "SQLiteBaseline",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        // The simulator on a device-day of beacon ranging, and `compare` over every built-in run.
        benchmarkTarget(
            "SimulatorBenchmarks",
            dependencies: [
                .product(name: "Wakeful", package: wakeful),
                .product(name: "WakefulSimulator", package: wakeful),
            ]),
        // The SQLite outbox beside raw SQLite.
        benchmarkTarget(
            "StoreBenchmarks",
            dependencies: [
                .product(name: "Wakeful", package: wakeful),
                .product(name: "WakefulStore", package: wakeful),
                "SQLiteBaseline",
            ]),
        // Ingest over loopback beside raw SQLite, with hostile connections, and reading back.
        benchmarkTarget(
            "ServerBenchmarks",
            dependencies: [
                .product(name: "Wakeful", package: wakeful),
                .product(name: "WakefulServer", package: wakeful),
                .product(name: "WakefulAPNs", package: wakeful),  // Duration.secondsValue
                "SQLiteBaseline",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Background pushes to the mock APNs, beside aioapns.
        benchmarkTarget(
            "PushBenchmarks",
            dependencies: [
                .product(name: "WakefulAPNs", package: wakeful),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
    ]
)
