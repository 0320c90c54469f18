import BenchmarkSupport
import Crypto
import Foundation
import WakefulAPNs

/// A provider key made for one benchmark run, and the fixed topic and device token it pushes to.
struct BenchKey {
    static let teamID = "BENCHTEAM1"
    static let keyID = "BENCHKEY01"
    static let topic = "com.example.wakeful.bench"
    static let deviceToken = String(repeating: "0123456789abcdef", count: 4)

    let pem: String
    let credentials: APNsCredentials

    static func generate() -> BenchKey {
        let pem = P256.Signing.PrivateKey().pemRepresentation
        // A freshly generated key in PEM form always parses.
        return BenchKey(pem: pem, credentials: try! APNsCredentials(teamID: teamID, keyID: keyID, p8PEM: pem))
    }
}

/// Why aioapns could not be measured.
struct AioapnsNote: Error {
    let message: String
}

extension PushRun {
    /// The aioapns side: `Benchmarks/Scripts/aioapns_bench.py`, found beside this package's sources.
    static let aioapnsScript = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/aioapns_bench.py").path

    /// Runs the aioapns script against `mock` and reads its JSON line. The script creates a
    /// virtual environment under `Benchmarks/.build` and installs aioapns from PyPI on first use;
    /// when it cannot, the note says why.
    func runAioapns(mock: MockAPNsServer, key: BenchKey, in directory: URL) throws -> Result<
        PushClientFigures, AioapnsNote
    > {
        let script = Self.aioapnsScript
        guard FileManager.default.fileExists(atPath: script) else {
            return .failure(
                AioapnsNote(message: "\(script) not found (the benchmark runs from the checkout it was built in)"))
        }
        let keyFile = directory.appendingPathComponent("bench.p8")
        let certificateFile = directory.appendingPathComponent("mock-apns.pem")
        try key.pem.write(to: keyFile, atomically: true, encoding: .utf8)
        try mock.certificatePEM.write(to: certificateFile, atomically: true, encoding: .utf8)
        printNote(
            "running aioapns (\(script)); the first run creates a virtual environment and installs aioapns from PyPI…")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script,
            "--port", "\(mock.port)", "--cafile", certificateFile.path, "--key", keyFile.path,
            "--key-id", BenchKey.keyID, "--team-id", BenchKey.teamID, "--topic", BenchKey.topic,
            "--device-token", BenchKey.deviceToken, "--count", "\(count)", "--warm-up", "\(warmUp)",
            "--in-flight", "\(inFlight)",
        ]
        let output = Pipe()
        process.standardOutput = output
        // pip's progress and the script's notes go to standard error, shown with the benchmark's.
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        if let figures = try? JSONDecoder().decode(PushClientFigures.self, from: Data(lastLine.utf8)) {
            return .success(figures)
        }
        let error = (try? JSONDecoder().decode([String: String].self, from: Data(lastLine.utf8)))?["error"]
        return .failure(
            AioapnsNote(
                message: error ?? "the script exited with status \(process.terminationStatus) and printed no figures"))
    }
}
