import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Uploader: splitting, poison records, credentials and revocation", .watchdog, .cpuBound)
struct UploaderSplitTests {
    @Test("a 413 halves the limits and retries at once; successes double them back")
    func tooLarge() throws {
        let outbox = try Uploads.outbox(records: 100)
        let configured = BatchLimits(maxRecords: 8, maxBytes: 100_000)
        var uploader = Uploader(configuration: .init(limits: configured), seed: 1)
        var serverCap = 3
        let requests = try Uploads.drive(&uploader, outbox: outbox) { batch, request in
            if batch.records.count > serverCap { return Uploads.failed(request, status: 413) }
            serverCap = 8  // the server's limit is lifted after the first refusal
            return Uploads.accepted(request)
        }
        #expect(requests.prefix(4).map(\.records) == [8, 4, 2, 4])
        #expect(requests[0].batch != requests[1].batch)
        let sent: Int = requests.map(\.records).reduce(0, +)
        #expect(sent == 100 + 8 + 4)
        #expect(uploader.limits.maxRecords == 8)
        #expect(uploader.limits.maxBytes == configured.maxBytes)
        #expect(try outbox.statistics().pendingCount == 0)
        #expect(try outbox.quarantine().isEmpty)
    }

    @Test("a 413 also halves the byte limit")
    func tooLargeBytes() throws {
        let outbox = try Uploads.outbox(records: 4)
        var uploader = Uploader(seed: 1)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
        let bytes = try outbox.claimBatch(limits: BatchLimits(), now: 0)!.byteCount
        let next = uploader.handle(
            .uploadCompleted(Uploads.failed(request, status: 413)), in: Uploads.foreground(1), outbox: outbox
        ).uploads
        #expect(uploader.limits == BatchLimits(maxRecords: 2, maxBytes: bytes / 2))
        #expect(next.map(\.records) == [2])
    }

    @Test("a record the server refuses with 413 even alone is quarantined locally")
    func hugeRecord() throws {
        let outbox = InMemoryOutbox(installID: Uploads.install)
        try outbox.commit(
            OutboxWrite(records: [
                CollectedRecord(Record(kind: "small"), at: 0),
                CollectedRecord(
                    Record(kind: "huge", fields: [Field("blob", .string(String(repeating: "x", count: 5000)))]), at: 1),
                CollectedRecord(Record(kind: "small"), at: 2),
            ]))
        var uploader = Uploader(seed: 1)
        _ = try Uploads.drive(&uploader, outbox: outbox) { batch, request in
            batch.records.contains { $0.kind == "huge" }
                ? Uploads.failed(request, status: 413) : Uploads.accepted(request)
        }
        #expect(try outbox.statistics().pendingCount == 0)
        let quarantined = try outbox.quarantine()
        #expect(quarantined.map(\.record.kind) == ["huge"])
        #expect(quarantined.first?.reason.hasPrefix("413:") == true)
    }

    @Test(
        "a 400 isolates the poison record by halving; every other record still uploads",
        arguments: [1, 6, 8] as [Int64])
    func poison(seq: Int64) throws {
        let outbox = try Uploads.outbox(records: 8)
        var uploader = Uploader(seed: 1)
        var stored: [Int64] = []
        let requests = try Uploads.drive(&uploader, outbox: outbox) { batch, request in
            if batch.records.contains(where: { $0.seq == seq }) { return Uploads.failed(request, status: 400) }
            stored += batch.records.map(\.seq)
            return Uploads.accepted(request)
        }
        #expect(stored.sorted() == (1...8).filter { $0 != seq })
        #expect(try outbox.statistics().pendingCount == 0)
        let quarantined = try outbox.quarantine()
        #expect(quarantined.map(\.record.seq) == [seq])
        #expect(quarantined.first?.reason.hasPrefix("400:") == true)
        #expect(requests.count <= 10)
        #expect(uploader.limits.maxRecords >= 2)  // doubling back after the quarantine
    }

    @Test("a 401 waits for renewed credentials, then resends the same batch")
    func credentials() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 1)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
        #expect(
            uploader.handle(
                .uploadCompleted(Uploads.failed(request, status: 401)), in: Uploads.foreground(1), outbox: outbox
            ).isEmpty)
        #expect(uploader.status == .awaitingCredentials)
        #expect(uploader.handle(.memoryWarning, in: Uploads.foreground(5000), outbox: outbox).isEmpty)
        #expect(uploader.handle(.didEnterBackground, in: Uploads.background(5001), outbox: outbox).isEmpty)
        uploader.credentialsRenewed()
        #expect(uploader.status == .idle)
        #expect(
            uploader.handle(.memoryWarning, in: Uploads.foreground(5002), outbox: outbox).uploads.map(\.batch) == [
                request.batch
            ])
    }

    @Test("an unreadable credential sends nothing and waits for the unlock, then resends the same batch")
    func credentialUnavailable() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 1)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
        let unreadable = UploadOutcome(
            id: request.id, batch: request.batch, statusCode: nil, error: UploadOutcome.credentialUnavailable)
        #expect(uploader.handle(.uploadCompleted(unreadable), in: Uploads.background(1), outbox: outbox).isEmpty)
        #expect(uploader.status == .awaitingUnlock)
        // DATA-5: no retry while the Keychain withholds the item, however long it lasts.
        #expect(uploader.handle(.memoryWarning, in: Uploads.background(5000), outbox: outbox).isEmpty)
        #expect(uploader.status == .awaitingUnlock)
        let resent = uploader.handle(.protectedDataDidBecomeAvailable, in: Uploads.background(5001), outbox: outbox)
        #expect(resent.uploads.map(\.batch) == [request.batch])
    }

    @Test("a 410 stops uploading for good")
    func revoked() throws {
        let outbox = try Uploads.outbox(records: 2)
        var uploader = Uploader(seed: 1)
        let request = try #require(
            uploader.handle(.didBecomeActive, in: Uploads.foreground(0), outbox: outbox).uploads.first)
        _ = uploader.handle(
            .uploadCompleted(Uploads.failed(request, status: 410)), in: Uploads.foreground(1), outbox: outbox)
        #expect(uploader.status == .revoked)
        uploader.credentialsRenewed()
        try Uploads.add(600, to: outbox)
        #expect(uploader.handle(.didEnterBackground, in: Uploads.background(100_000), outbox: outbox).isEmpty)
        #expect(uploader.status == .revoked)
        #expect(try outbox.statistics().pendingCount == 602)
    }
}
