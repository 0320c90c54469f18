import Foundation
import Testing
@testable import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("Ingest endpoint: the simulated companion server", .watchdog, .cpuBound)
struct IngestEndpointTests {
    static let install = UUID(uuidString: "5A1D0C3E-8B7F-4E21-9C64-2F8A0B1D3E57")!
    static let other = UUID(uuidString: "0B7E3C21-4D5F-4A69-8E70-91A2B3C4D5E6")!

    /// A batch of `count` records from `seq` on, of `kind`.
    static func batch(
        _ number: Int64 = 1, from seq: Int64 = 1, count: Int = 3, kind: String = "sample", install: UUID = install
    ) -> OutboxBatch {
        let records = (0..<Int64(count)).map { offset in
            OutboxRecord(
                uuid: RecordIdentity.uuid(install: install, seq: seq + offset), seq: seq + offset, kind: kind,
                payload: #"{"n":\#(seq + offset)}"#, recordedAt: Double(seq + offset))
        }
        return OutboxBatch(id: RecordIdentity.batchID(install: install, number: number), records: records, claimedAt: 0)
    }

    static func endpoint(_ server: ServerDescription = ServerDescription(), seed: UInt64 = 1) -> IngestEndpoint {
        IngestEndpoint(server: server, random: SeededGenerator(seed: seed))
    }

    static func answered(_ reply: IngestReply) -> (status: Int, retryAfter: TimeInterval?, answer: IngestAnswer?)? {
        if case .answered(let status, let retryAfter, let answer) = reply.result {
            (status, retryAfter, answer)
        } else {
            nil
        }
    }

    @Test("a batch is stored with both times and answered per record")
    func stores() throws {
        var endpoint = Self.endpoint()
        let reply = endpoint.receive(Self.batch(), installID: Self.install, at: 50)
        #expect(reply.latency == 0.2)
        let answer = try #require(Self.answered(reply))
        #expect(answer.status == 200)
        #expect(answer.answer == IngestAnswer(accepted: 3, duplicates: 0))
        #expect(endpoint.records.map(\.seq) == [1, 2, 3])
        #expect(
            endpoint.records[0]
                == StoredIngestRecord(
                    installID: Self.install, uuid: RecordIdentity.uuid(install: Self.install, seq: 1), seq: 1,
                    kind: "sample", payload: #"{"n":1}"#,
                    recordedAt: 1, receivedAt: 50))
        #expect(endpoint.records[2].lag == 47)
        #expect(endpoint.counts.accepted == 3)
        #expect(endpoint.counts.requestsByStatus == [200: 1])
    }

    @Test("a resend counts duplicates and stores nothing twice; UUIDs are unique per device")
    func deduplicates() throws {
        var endpoint = Self.endpoint()
        _ = endpoint.receive(Self.batch(count: 2), installID: Self.install, at: 0)
        let again = try #require(
            Self.answered(endpoint.receive(Self.batch(2, from: 1, count: 3), installID: Self.install, at: 1)))
        #expect(again.answer == IngestAnswer(accepted: 1, duplicates: 2))
        // Another device may reuse the same UUIDs: the key is (device, uuid).
        let foreign = Self.batch(count: 2, install: Self.install)
        let fromOther = try #require(Self.answered(endpoint.receive(foreign, installID: Self.other, at: 2)))
        #expect(fromOther.answer == IngestAnswer(accepted: 2, duplicates: 0))
        #expect(endpoint.records.count == 5)
        #expect(endpoint.counts.duplicates == 2)
        #expect(endpoint.holds(RecordIdentity.uuid(install: Self.install, seq: 3), installID: Self.install))
        #expect(!endpoint.holds(RecordIdentity.uuid(install: Self.install, seq: 3), installID: Self.other))
    }

    @Test("records of a rejected kind are refused one by one; the rest is stored")
    func rejectsKinds() throws {
        var endpoint = Self.endpoint(ServerDescription(rejectKinds: ["poison"]))
        var batch = Self.batch(count: 3)
        batch.records[1].kind = "poison"
        let answer = try #require(Self.answered(endpoint.receive(batch, installID: Self.install, at: 0))?.answer)
        #expect(answer.accepted == 2)
        #expect(
            answer.rejected == [
                RecordRejection(
                    uuid: batch.records[1].uuid, reason: #"records[1].kind: "poison" is not accepted by this server"#)
            ])
        #expect(answer.accounts(for: Set(batch.records.map(\.uuid))))
        #expect(endpoint.counts.rejected == 1)
    }

    @Test("a record whose time cannot go on the wire is rejected alone")
    func rejectsUnwritableTime() throws {
        var endpoint = Self.endpoint()
        var batch = Self.batch(count: 2)
        batch.records[0].recordedAt = .nan
        let answer = try #require(Self.answered(endpoint.receive(batch, installID: Self.install, at: 0))?.answer)
        #expect(answer.accepted == 1)
        #expect(answer.rejected.map(\.uuid) == [batch.records[0].uuid])
    }

    @Test("batches over the record or byte limit get a 413 and store nothing")
    func limits() throws {
        var endpoint = Self.endpoint(ServerDescription(maxBatchRecords: 2))
        #expect(Self.answered(endpoint.receive(Self.batch(count: 3), installID: Self.install, at: 0))?.status == 413)
        let body = IngestBatch(Self.batch(count: 2), installID: Self.install).jsonBytes().count
        var bytes = Self.endpoint(ServerDescription(maxBatchBytes: body - 1))
        #expect(Self.answered(bytes.receive(Self.batch(count: 2), installID: Self.install, at: 0))?.status == 413)
        var exact = Self.endpoint(ServerDescription(maxBatchBytes: body))
        #expect(Self.answered(exact.receive(Self.batch(count: 2), installID: Self.install, at: 0))?.status == 200)
        #expect(endpoint.records.isEmpty && bytes.records.isEmpty)
    }

    @Test("a batch ID reused for other records gets a 422; the same records again are a resend")
    func reusedKey() throws {
        var endpoint = Self.endpoint()
        _ = endpoint.receive(Self.batch(7, count: 2), installID: Self.install, at: 0)
        #expect(
            Self.answered(endpoint.receive(Self.batch(7, count: 2), installID: Self.install, at: 1))?.answer
                == IngestAnswer(accepted: 0, duplicates: 2))
        #expect(
            Self.answered(endpoint.receive(Self.batch(7, from: 3, count: 2), installID: Self.install, at: 2))?.status
                == 422)
        #expect(Self.answered(endpoint.receive(Self.batch(7, count: 0), installID: Self.install, at: 3))?.status == 400)
    }

    @Test("credentials expire after their lifetime until renewed")
    func credentials() throws {
        var endpoint = Self.endpoint(ServerDescription(credentialLifetime: 3600))
        #expect(
            Self.answered(endpoint.receive(Self.batch(1, count: 1), installID: Self.install, at: 3600))?.status == 200)
        #expect(
            Self.answered(endpoint.receive(Self.batch(2, from: 2, count: 1), installID: Self.install, at: 3601))?.status
                == 401)
        endpoint.renewCredentials(at: 4000)
        #expect(
            Self.answered(endpoint.receive(Self.batch(2, from: 2, count: 1), installID: Self.install, at: 4001))?.status
                == 200)
        #expect(endpoint.counts.requestsByStatus == [200: 2, 401: 1])
    }

    @Test("a down period refuses connections")
    func down() {
        var endpoint = Self.endpoint(ServerDescription(downPeriods: [10...20]))
        #expect(endpoint.receive(Self.batch(), installID: Self.install, at: 15).result == .refused)
        #expect(endpoint.receive(Self.batch(), installID: Self.install, at: 20).result != .refused)
        #expect(endpoint.counts.refused == 1)
    }

    @Test(
        "faults apply inside their window only",
        arguments: [
            (
                ServerFault.Kind.status(503, retryAfter: 120),
                IngestReply.Result.answered(statusCode: 503, retryAfter: 120, answer: nil), false
            ),
            (.timeout, .noAnswer, false),
            (.partition, .unreachable, false),
            (.lostResponse, .lostAnswer, true),
        ])
    func faults(kind: ServerFault.Kind, result: IngestReply.Result, stores: Bool) {
        var endpoint = Self.endpoint(ServerDescription(faults: [ServerFault(from: 100, to: 200, kind: kind)]))
        #expect(endpoint.receive(Self.batch(1, count: 1), installID: Self.install, at: 99.9).result != result)
        #expect(endpoint.receive(Self.batch(2, from: 2, count: 1), installID: Self.install, at: 100).result == result)
        #expect(endpoint.receive(Self.batch(3, from: 3, count: 1), installID: Self.install, at: 200).result != result)
        #expect(endpoint.records.count == (stores ? 3 : 2))
        #expect(endpoint.counts.requests == 3)
    }

    @Test("a slow fault adds latency; with a lost answer a resend finds duplicates")
    func slowAndLost() throws {
        var endpoint = Self.endpoint(
            ServerDescription(faults: [
                ServerFault(to: 10, kind: .slow(30)), ServerFault(to: 10, kind: .lostResponse),
            ]))
        let reply = endpoint.receive(Self.batch(), installID: Self.install, at: 0)
        #expect(reply == IngestReply(result: .lostAnswer, latency: 30.2))
        let resend = try #require(Self.answered(endpoint.receive(Self.batch(), installID: Self.install, at: 60)))
        #expect(resend.answer == IngestAnswer(accepted: 0, duplicates: 3))
        #expect(endpoint.counts.lostAnswers == 1)
        #expect(endpoint.records.count == 3)
    }

    @Test("fault probabilities come from the seeded generator: the same seed, the same requests fail")
    func probability() {
        func failures(seed: UInt64) -> [Bool] {
            var endpoint = Self.endpoint(
                ServerDescription(faults: [ServerFault(kind: .status(500, retryAfter: nil), probability: 0.3)]),
                seed: seed)
            return (0..<200).map { index in
                endpoint.receive(
                    Self.batch(Int64(index + 1), from: Int64(index + 1), count: 1), installID: Self.install,
                    at: Double(index)
                ).result
                    == .answered(statusCode: 500, retryAfter: nil, answer: nil)
            }
        }
        let first = failures(seed: 11)
        #expect(first == failures(seed: 11))
        #expect(first != failures(seed: 12))
        let rate = Double(first.filter { $0 }.count) / 200
        #expect(rate > 0.2 && rate < 0.4)
    }

    @Test("the client's view: timeouts, lost answers and refusals become transport errors")
    func outcomes() {
        let request = UploadRequest(
            id: "Uploader#1@0", batch: Self.batch().id, records: 3, bytes: 500, background: true)
        let answer = IngestAnswer(accepted: 3, duplicates: 0)
        let cases: [(IngestReply, TimeInterval, Int?, String?)] = [
            (
                IngestReply(result: .answered(statusCode: 200, retryAfter: nil, answer: answer), latency: 0.2), 0.2,
                200, nil
            ),
            (
                IngestReply(result: .answered(statusCode: 200, retryAfter: nil, answer: answer), latency: 90), 60, nil,
                "timedOut"
            ),
            (IngestReply(result: .noAnswer, latency: 0.2), 60, nil, "timedOut"),
            (IngestReply(result: .unreachable, latency: 0.2), 60, nil, "timedOut"),
            (IngestReply(result: .lostAnswer, latency: 0.2), 0.2, nil, "networkConnectionLost"),
            (IngestReply(result: .refused, latency: 0.2), 0.2, nil, "cannotConnectToHost"),
        ]
        for (reply, after, status, error) in cases {
            let (delay, outcome) = reply.outcome(for: request, requestTimeout: 60)
            #expect(delay == after)
            #expect(outcome.id == request.id && outcome.batch == request.batch)
            #expect(outcome.statusCode == status && outcome.error == error)
            #expect(outcome.answer == (status == 200 ? answer : nil))
        }
    }

    @Test("an uploader against the endpoint with lost answers and 503s: everything arrives once, poison is quarantined")
    func endToEnd() throws {
        let outbox = InMemoryOutbox(installID: Self.install)
        let records = (0..<300).map {
            CollectedRecord(
                Record(kind: $0 == 123 ? "poison" : "sample", fields: [Field("n", .int($0))]), at: Double($0))
        }
        try outbox.commit(OutboxWrite(records: records))
        var endpoint = Self.endpoint(
            ServerDescription(
                faults: [
                    ServerFault(kind: .lostResponse, probability: 0.3),
                    ServerFault(kind: .status(503, retryAfter: 5), probability: 0.2),
                ],
                maxBatchRecords: 40, rejectKinds: ["poison"]), seed: 4)
        var uploader = Uploader(configuration: .init(limits: BatchLimits(maxRecords: 64)), seed: 4)
        var now: TimeInterval = 0
        // The uploader's outbox actions carried out as the agent does, in the foreground at `now`.
        func handle(_ event: Event) -> [Command] {
            UploadActions(
                event, in: Context(now: now, appState: .active, network: .wifi), uploader: &uploader, outbox: outbox
            ).commands
        }
        var commands = handle(.didBecomeActive)
        for _ in 0..<500 {
            guard try outbox.statistics().pendingCount > 0 else { break }
            if let request = commands.lazy.compactMap({ if case .upload(let request) = $0 { request } else { nil } })
                .first
            {
                let batch = try #require(try outbox.claimBatch(limits: uploader.limits, now: now))
                let (delay, outcome) = endpoint.receive(batch, installID: Self.install, at: now).outcome(
                    for: request, requestTimeout: 60)
                now += delay
                commands = handle(.uploadCompleted(outcome))
            } else {
                now = max(now + 1, uploader.status.backoffEnd ?? now)
                commands = handle(.timerFired(Uploader.retryTimer))
            }
        }
        #expect(try outbox.statistics().pendingCount == 0)
        #expect(endpoint.records.count == 299)
        #expect(Set(endpoint.records.map(\.seq)).count == 299)
        #expect(try outbox.quarantine().map(\.record.seq) == [124])
        #expect(endpoint.counts.duplicates > 0)
        #expect(endpoint.counts.requestsByStatus[413, default: 0] > 0)
    }
}

extension UploaderStatus {
    /// The end of the backoff, when backing off.
    fileprivate var backoffEnd: TimeInterval? {
        if case .backingOff(let until) = self { until } else { nil }
    }
}
