import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import Wakeful
import WakefulServer
import WakefulTestSupport

/// Setting and reading configurations over HTTP, the ingest answer that carries them, and a
/// device's agent that verifies and applies what the server signed.
@Suite("remote configurations: the admin routes and the ingest answer", .hangLimit, .watchdog)
struct ConfigurationEndpointTests {
    static let signer = ConfigurationSigner()

    /// The app's verifier on Linux: the same Curve25519 API CryptoKit has on iOS.
    struct CryptoVerifier: ConfigurationSignatureVerifier {
        let key: Curve25519.Signing.PublicKey
        init(_ publicKeyBase64: String) throws {
            key = try Curve25519.Signing.PublicKey(rawRepresentation: Data(base64Encoded: publicKeyBase64) ?? Data())
        }
        func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
            key.isValidSignature(Data(signature), for: Data(message))
        }
    }

    static func put(
        _ client: any TestClientProtocol, _ uri: String, _ body: String, token: String = ServerHarness.adminToken
    ) async throws -> TestResponse {
        try await client.send(.put, uri, token: token, body: Array(body.utf8))
    }

    static func ingest(_ client: any TestClientProtocol, _ device: TestDevice, reporting version: String?) async throws
        -> TestResponse
    {
        let batch = IngestBatch(
            batchID: UUID(), installID: device.installID, records: makeRecords(install: device.installID, count: 2))
        var headers: HTTPFields = [.idempotencyKey: batch.batchID.uuidString]
        if let version { headers[HTTPField.Name(RemoteConfiguration.versionHeader)!] = version }
        return try await client.send(
            .post, "/v1/ingest", token: device.token, headers: headers, body: batch.jsonBytes())
    }

    @Test func anAdminSetsADevicesConfigurationAndReadsItWithItsHistory() async throws {
        try await ServerHarness.withServer(configurationSigner: Self.signer) { _, client in
            let device = try await client.register()
            let uri = "/v1/devices/\(device.id.uuidString)/configuration"
            let set = try await Self.put(
                client, uri,
                #"{"author":"alice","note":"busy day","configuration":{"jobs":{"sample":{"interval":300}}}}"#)
            #expect(set.status == .created, "\(set.text)")
            let stored = try set.object()
            #expect(stored["version"] as? Int == 1)
            #expect(stored["author"] as? String == "alice")
            #expect((stored["target"] as? [String: Any])?["kind"] as? String == "device")
            let read = try await client.send(.get, uri, token: ServerHarness.adminToken)
            #expect(read.status == .ok)
            let object = try read.object()
            #expect((object["effective"] as? [String: Any])?["version"] as? Int == 1)
            #expect((object["history"] as? [Any])?.count == 1)
            #expect(object["cohort"] is NSNull)
            // The device may read its own, and no other's.
            #expect(try await client.send(.get, uri, token: device.token).status == .ok)
            let other = try await client.register()
            #expect(try await client.send(.get, uri, token: other.token).status == .notFound)
            #expect(
                try await Self.put(client, uri, #"{"author":"x","configuration":{}}"#, token: device.token).status
                    == .forbidden)
            let page = try await client.send(
                .get, "/dashboard/devices/\(device.id.uuidString)", token: ServerHarness.adminToken)
            #expect(page.text.contains(#"<h2 id="configuration">Configuration</h2>"#))
            #expect(page.text.contains("<b>version 1</b>"))
            #expect(page.text.contains("busy day"))
        }
    }

    @Test(
        arguments: [
            ("device", #"{"configuration":{}}"#, "author"),
            ("device", #"{"author":"a"}"#, "configuration"),
            ("device", #"{"author":"a","configuration":{"version":3}}"#, "configuration.version"),
            (
                "device", #"{"author":"a","configuration":{"jobs":{"sample":{"interval":0}}}}"#,
                "configuration.jobs.sample.interval"
            ),
            ("device", #"{"author":"a","configuration":{"jobz":{}}}"#, "configuration.jobz"),
            (
                "device", #"{"author":"a","configuration":{"strategies":{"Heartbeat":[]}}}"#,
                "configuration.strategies.Heartbeat"
            ),
            ("device", #"{"author":"a","configuration":{},"extra":1}"#, "extra"),
            ("cohort", #"{"author":"a","configuration":{}}"#, "name"),
            ("member", #"{"cohort":5,"author":"a"}"#, "cohort"),
            ("member", #"{"cohort":"has space","author":"a"}"#, "cohort"),
            ("member", #"{"author":"a"}"#, "cohort"),
        ])
    func badInputIsA400NamingTheField(route: String, body: String, field: String) async throws {
        try await ServerHarness.withServer(configurationSigner: Self.signer) { _, client in
            let device = try await client.register()
            let uri =
                switch route {
                case "device": "/v1/devices/\(device.id.uuidString)/configuration"
                case "cohort": "/v1/cohorts/\(String(repeating: "c", count: 65))/configuration"
                default: "/v1/devices/\(device.id.uuidString)/cohort"
                }
            let response = try await Self.put(client, uri, body)
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(try response.object()["field"] as? String == field, "\(response.text)")
            // A body that is no JSON at all, sent where the path is good (a bad cohort name is
            // refused before the body is read).
            let goodURI = route == "cohort" ? "/v1/cohorts/beta/configuration" : uri
            let malformed = try await Self.put(client, goodURI, "not json")
            #expect(malformed.status == .badRequest)
            #expect(malformed.errorCode == "invalid_body")
        }
    }

    @Test func withoutASigningKeyAConfigurationIsRefusedWith503() async throws {
        try await ServerHarness.withServer { _, client in
            let device = try await client.register()
            let response = try await Self.put(
                client, "/v1/devices/\(device.id.uuidString)/configuration", #"{"author":"a","configuration":{}}"#)
            #expect(response.status == .serviceUnavailable)
            #expect(response.errorCode == "no_signing_key")
        }
    }

    @Test func theIngestAnswerCarriesANewerConfigurationThatTheAgentVerifiesAndApplies() async throws {
        try await ServerHarness.withServer(configurationSigner: Self.signer) { _, client in
            let device = try await client.register()
            // Without a configuration, and from an app that does not report a version, none.
            #expect(try await Self.ingest(client, device, reporting: "0").object()["configuration"] == nil)
            let set = try await Self.put(
                client, "/v1/devices/\(device.id.uuidString)/configuration",
                #"{"author":"alice","configuration":{"jobs":{"sample":{"interval":300}}}}"#)
            #expect(set.status == .created)
            #expect(try await Self.ingest(client, device, reporting: nil).object()["configuration"] == nil)
            #expect(try await Self.ingest(client, device, reporting: "1").object()["configuration"] == nil)
            let answered = try await Self.ingest(client, device, reporting: "0")
            #expect(answered.status == .ok)
            let (_, answer) = try IngestAnswer.parse(Array(answered.body.readableBytesView))
            #expect(answer.configuration != nil)

            // The device: its agent verifies the server's signature and applies the new interval.
            var agent = try Agent(
                strategies: [],
                configuration: AgentConfiguration(
                    jobs: JobScheduler.Options(jobs: [Job(id: "sample", interval: 1800)]), upload: nil, timeline: .off),
                outbox: InMemoryOutbox(installID: device.installID), seed: 1,
                configurationVerifier: try CryptoVerifier(Self.signer.publicKeyBase64))
            var timeline = InMemoryTimeline()
            let context = Context(now: 10, appState: .background, network: .wifi)
            let started = agent.handle(
                .uploadCompleted(UploadOutcome(id: "u", batch: UUID(), statusCode: 200, answer: answer)), in: context,
                timeline: &timeline)
            // The job the event started must end first: a configuration is applied between runs.
            for case .runJob(let run) in started {
                _ = agent.handle(
                    .jobFinished(JobResult(job: run.job, run: run.run, outcome: .completed, progress: 1, records: [])),
                    in: context, timeline: &timeline)
            }
            _ = agent.handle(.memoryWarning, in: context, timeline: &timeline)
            #expect(agent.scheduler?.options.jobs.first?.interval == 300)
            #expect(agent.remoteConfigurationVersion == 1)

            // Signed with another key, the same answer is refused.
            var stranger = try Agent(
                strategies: [], configuration: AgentConfiguration(upload: nil, timeline: .off),
                outbox: InMemoryOutbox(installID: device.installID), seed: 1,
                configurationVerifier: try CryptoVerifier(ConfigurationSigner().publicKeyBase64))
            var refused = InMemoryTimeline()
            _ = stranger.handle(
                .uploadCompleted(UploadOutcome(id: "u", batch: UUID(), statusCode: 200, answer: answer)), in: context,
                timeline: &refused)
            #expect(stranger.remoteConfigurationVersion == 0)
            #expect(
                refused.entries.contains {
                    if case .decision(let decision) = $0.body { decision.name == "configurationRefused" } else { false }
                })
        }
    }

    @Test func aDeviceInACohortGetsTheCohortsConfigurationUnlessItHasItsOwn() async throws {
        try await ServerHarness.withServer(configurationSigner: Self.signer) { _, client in
            let device = try await client.register()
            #expect(
                try await Self.put(
                    client, "/v1/cohorts/beta/configuration",
                    #"{"author":"alice","configuration":{"jobs":{"sample":{"interval":600}}}}"#
                ).status == .created)
            #expect(try await Self.ingest(client, device, reporting: "0").object()["configuration"] == nil)
            let joined = try await Self.put(
                client, "/v1/devices/\(device.id.uuidString)/cohort", #"{"cohort":"beta","author":"bob"}"#)
            #expect(joined.status == .ok, "\(joined.text)")
            let carried = try await Self.ingest(client, device, reporting: "0").object()["configuration"]
            let signed = try SignedRemoteConfiguration.parse(
                text: String(decoding: try JSONSerialization.data(withJSONObject: try #require(carried)), as: UTF8.self)
            )
            #expect(try RemoteConfiguration.parse(signed.payload).jobIntervals == [.init(job: "sample", interval: 600)])
            let cohort = try await client.send(.get, "/v1/cohorts/beta/configuration", token: ServerHarness.adminToken)
            #expect((try cohort.object()["current"] as? [String: Any])?["version"] as? Int == 1)
        }
    }

    @Test func aMalformedVersionHeaderIsA400() async throws {
        try await ServerHarness.withServer(configurationSigner: Self.signer) { _, client in
            let device = try await client.register()
            let response = try await Self.ingest(client, device, reporting: "-1")
            #expect(response.status == .badRequest)
            #expect(try response.object()["field"] as? String == RemoteConfiguration.versionHeader)
        }
    }
}
