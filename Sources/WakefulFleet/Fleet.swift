import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Wakeful
import WakefulSimulator

/// `wakeful-server fleet`: simulated devices that live their hours in virtual time and upload to a real
/// Wakeful server as fast as it accepts.
///
/// Each device registers with the server, runs the `sensor-logging` scenario (jobs every few
/// minutes, a nightly job) for the chosen hours with its outbox and uploader, its uploads going
/// over HTTP (``HTTPIngestTransport``), then drains its outbox with the app open until the server
/// has everything, retrying while the server does not answer (a restart). The report accounts
/// for every record each device committed.
public struct Fleet: Sendable {
    /// What to run.
    public var options: FleetOptions

    /// Creates a fleet.
    public init(options: FleetOptions) {
        self.options = options
    }

    /// Runs every device; `progress` hears how many are done.
    public func run(progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws -> FleetReport {
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let base = try BuiltinScenarios.load("sensor-logging")
        let options = options
        if let adminToken = options.adminToken {
            do {
                try await ServerAudit(client: client, server: options.server, adminToken: adminToken).checkAccess()
            } catch {
                try await client.shutdown()
                throw error
            }
        }
        let outcome: Result<[DeviceAccount], any Error> = await BlockingWorkers.run(
            count: options.devices, workers: options.concurrency
        ) { index in
            let account = try FleetDevice(index: index, base: base, options: options, client: client).live()
            return account
        } progress: {
            progress($0)
        }
        let accounts: [DeviceAccount]
        var missing: Int?
        do {
            accounts = try outcome.get()
            if let adminToken = options.adminToken {
                missing = try await ServerAudit(client: client, server: options.server, adminToken: adminToken).missing(
                    accounts)
            }
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        var report = FleetReport(accounts: accounts)
        report.missingOnServer = missing
        return report
    }
}

/// One device of the fleet: its registration, its run and its drain.
struct FleetDevice {
    let index: Int
    let base: Scenario
    let options: FleetOptions
    let client: HTTPClient

    /// Registers, lives the hours, drains, and accounts for every committed record.
    func live() throws -> DeviceAccount {
        let seed = options.seed &+ UInt64(index)
        var random = SeededGenerator(seed: seed)
        let installID = random.uuid()
        let ios = base.iosVersions[index % base.iosVersions.count]
        let setup = base.setups.isEmpty ? StrategySetup.none : base.setups[index % base.setups.count]
        let token = try register(installID: installID, ios: ios)
        var scenario = base
        scenario.duration = options.hours * 3600
        scenario.app.outbox = OutboxSpec()
        scenario.app.outbox?.upload?.clockOrigin = options.clockOrigin
        let transport = HTTPIngestTransport(
            client: client, server: options.server, token: token, latency: scenario.world.server.latency)
        let provider = InMemoryOutboxProvider(installID: installID)
        var device = SimulatedDevice(
            scenario: scenario, policy: Simulator.policy(for: scenario, ios: ios), setup: setup, seed: seed,
            timeline: DiscardingTimeline(), outbox: provider)
        device.ingestTransport = transport
        _ = device.run()
        // Drain until the outbox is empty; while the server does not answer, wait and try again.
        // keeps the upload's clockOrigin: the drain's clock goes on from the day's
        let drain = scenario.drain(hours: 1)
        let giveUp = ContinuousClock.now + .seconds(options.drainPatience)
        var server = device.ingest
        while try provider.outbox.statistics().pendingCount > 0, ContinuousClock.now < giveUp {
            var drainDevice = SimulatedDevice(
                scenario: drain, policy: Simulator.policy(for: drain, ios: ios), setup: .none, seed: seed ^ 0xD7A1,
                timeline: DiscardingTimeline(), outbox: provider, continuing: (server, device.outboxLedger))
            drainDevice.ingestTransport = transport
            _ = drainDevice.run()
            server = drainDevice.ingest
            if try provider.outbox.statistics().pendingCount > 0 { Thread.sleep(forTimeInterval: 1) }
        }
        return try DeviceAccount(
            installID: installID, ledger: device.outboxLedger, outbox: provider.outbox, tally: transport.tally)
    }

    /// `POST /v1/devices/register`; returns the device's bearer token.
    private func register(installID: UUID, ios: IOSVersion) throws -> String {
        var request = try HTTPClient.Request(
            url: options.server.appendingPathComponent("v1/devices/register").absoluteString, method: .POST)
        request.headers.add(name: "Content-Type", value: "application/json")
        let body: [String: String] = [
            "install_id": installID.uuidString, "bundle_id": "com.wakeful.fleet", "app_version": "1.0",
            "os_version": ios.description,
        ]
        request.body = .data(try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]))
        var response: HTTPClient.Response
        var attempts = 0
        repeat {
            do {
                response = try client.execute(request: request, deadline: .now() + .seconds(30)).wait()
            } catch {
                throw FleetError.serverUnreachable(
                    server: options.server.absoluteString, reason: String(describing: error))
            }
            attempts += 1
            // The server limits registrations per address (429 with Retry-After): a fleet on one
            // machine waits as the app on many devices would not need to. At most 20 waits.
            guard response.status == .tooManyRequests, attempts <= 20,
                let wait = response.headers.first(name: "Retry-After").flatMap(Double.init)
            else { break }
            Thread.sleep(forTimeInterval: min(max(wait, 0.1), 60))
        } while true
        guard (200..<300).contains(response.status.code), let bytes = response.body.map({ Data($0.readableBytesView) }),
            let object = try JSONSerialization.jsonObject(with: bytes) as? [String: Any],
            let token = object["token"] as? String
        else {
            throw FleetError.registrationFailed(
                status: Int(response.status.code), server: options.server.absoluteString)
        }
        return token
    }
}

/// Where one device's committed records ended up.
struct DeviceAccount: Sendable {
    var installID: UUID
    var collected = 0
    var pending = 0
    var dropped = 0
    var lost = 0
    var tally: FleetTally

    init(installID: UUID, ledger: OutboxLedger, outbox: InMemoryOutbox, tally: FleetTally) throws {
        self.installID = installID
        self.tally = tally
        let pendingSeqs = Set(try outbox.pendingSequenceNumbers())
        let quarantined = Set(try outbox.quarantine().map(\.record.seq))
        collected = ledger.records.count
        pending = pendingSeqs.count
        dropped = ledger.dropped.count
        for record in ledger.records
        where !tally.stored.contains(record.uuid) && !pendingSeqs.contains(record.seq)
            && !quarantined.contains(record.seq) && !ledger.dropped.contains(record.seq)
        {
            lost += 1
        }
    }
}

extension FleetReport {
    init(accounts: [DeviceAccount]) {
        var outcomes: [String: Int] = [:]
        for account in accounts {
            for (status, count) in account.tally.statuses { outcomes[String(status), default: 0] += count }
            if account.tally.transportErrors > 0 { outcomes["transport", default: 0] += account.tally.transportErrors }
        }
        self.init(
            devices: accounts.count, collected: accounts.reduce(0) { $0 + $1.collected },
            requests: accounts.reduce(0) { $0 + $1.tally.requests },
            accepted: accounts.reduce(0) { $0 + $1.tally.accepted },
            duplicates: accounts.reduce(0) { $0 + $1.tally.duplicates },
            rejected: accounts.reduce(0) { $0 + $1.tally.rejected },
            droppedWithLossRecord: accounts.reduce(0) { $0 + $1.dropped },
            pending: accounts.reduce(0) { $0 + $1.pending },
            lost: accounts.reduce(0) { $0 + $1.lost }, outcomes: outcomes)
    }
}

/// Why the fleet could not run.
public enum FleetError: Error, CustomStringConvertible, Sendable {
    /// The server refused to register a device.
    case registrationFailed(status: Int, server: String)
    /// The admin API did not list the devices.
    case auditFailed(status: Int, server: String)
    /// No server answered at the URL.
    case serverUnreachable(server: String, reason: String)
    /// The server refused the admin token given for the audit.
    case adminTokenRefused(status: Int, server: String)

    public var description: String {
        switch self {
        case .registrationFailed(let status, let server):
            "the server at \(server) refused to register a device (HTTP \(status)); is it a Wakeful server (`wakeful-server serve`)?"
        case .serverUnreachable(let server, let reason):
            "no server answered at \(server) (\(reason)); start one with `wakeful-server serve` or pass --server"
        case .adminTokenRefused(let status, let server):
            "the server at \(server) refused the admin token (HTTP \(status)); give --admin-token-file the server's token file (admin-token in its --data-dir)"
        case .auditFailed(let status, let server):
            "the server at \(server) did not list its devices (HTTP \(status)); check the admin token"
        }
    }
}
