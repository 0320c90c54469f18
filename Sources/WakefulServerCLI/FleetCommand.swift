import ArgumentParser
import Foundation
import WakefulCommandLine
import WakefulFleet

/// `wakeful-server fleet`: simulated devices uploading to a running server.
struct FleetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Run simulated devices that upload to a running Wakeful server as fast as it accepts.",
        discussion: """
            Each device registers with the server, lives the sensor-logging scenario (jobs every few minutes, a nightly job; setups and iOS versions in turn) for the given simulated hours with its outbox and uploader, sending every upload to the server over HTTP, then leaves the app open until its outbox is empty, retrying while the server does not answer (so the server may be restarted meanwhile). It prints the records sent, accepted, duplicates and lost, and exits 1 if any record was lost or left behind.

            Examples:
              wakeful-server serve &                                  then, in another shell:
              wakeful-server fleet --devices 20 --hours 24 --server http://127.0.0.1:8080
              wakeful-server fleet --devices 200 --hours 2 --server http://127.0.0.1:8080 --concurrency 8
              wakeful-server fleet --devices 20 --admin-token-file wakeful-data/admin-token    also audit the server's data
            """
    )

    @Option(help: "How many simulated devices.")
    var devices: Int = 10

    @Option(help: "Simulated hours each device lives.")
    var hours: Double = 24

    @Option(help: ArgumentHelp("The server's base URL.", valueName: "url"))
    var server: String = "http://127.0.0.1:8080"

    @Option(help: "The first device's seed; device i uses seed + i.")
    var seed: UInt64 = 1

    @Option(help: "Devices simulated at the same time.")
    var concurrency: Int = 2 * ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Real seconds the drain keeps retrying while the server does not answer.")
    var drainPatience: Double = 120

    @Option(
        help: ArgumentHelp(
            "A file holding the server's admin token: the fleet then checks that the server still holds every record it acknowledged.",
            valueName: "file"))
    var adminTokenFile: String?

    func validate() throws {
        guard devices >= 1 else { throw ValidationError("--devices must be at least 1") }
        guard hours > 0 else { throw ValidationError("--hours \(hours): expected more than 0") }
        guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1") }
        guard drainPatience >= 0 else { throw ValidationError("--drain-patience \(drainPatience): expected 0 or more") }
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw ValidationError("--server \(server): expected a URL such as http://127.0.0.1:8080")
        }
    }

    func run() async throws {
        var adminToken: String?
        if let adminTokenFile {
            do {
                adminToken = try String(contentsOfFile: adminTokenFile, encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)
            } catch {
                throw ValidationError(
                    "--admin-token-file \(adminTokenFile): cannot read it (\(error.localizedDescription))")
            }
        }
        let options = FleetOptions(
            server: URL(string: server)!, devices: devices, hours: hours, seed: seed, concurrency: concurrency,
            drainPatience: drainPatience, adminToken: adminToken,
            // The simulated day ends now, so the server sees it as the day just past.
            clockOrigin: Date().timeIntervalSince1970 - hours * 3600)
        let bar = ProgressBar(total: devices)
        let report = try await Fleet(options: options).run { bar.update($0) }
        bar.finish()
        print(report.text)
        if !report.holds { throw ExitCode(1) }
    }
}
