import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// Reading a configuration document and its signed envelope: every refusal names the field and the
/// expected form, and nothing unknown is skipped.
@Suite(.watchdog, .cpuBound) struct RemoteConfigurationParsingTests {
    static func parse(_ text: String) -> Result<RemoteConfiguration, RemoteConfigurationError> {
        Result { () throws(RemoteConfigurationError) in try RemoteConfiguration.parse(Array(text.utf8)) }
    }

    @Test func aWholeConfigurationReadsAndWritesBackTheSame() throws {
        let text =
            #"{"version":3,"jobs":{"sample":{"interval":300.0}},"strategies":{"ScheduledTracking":{"desiredAccuracy":5}}}"#
        let configuration = try Self.parse(text).get()
        #expect(configuration.version == 3)
        #expect(configuration.jobIntervals == [.init(job: "sample", interval: 300)])
        #expect(configuration.strategyOptions.map(\.strategy) == ["ScheduledTracking"])
        #expect(String(decoding: configuration.jsonBytes, as: UTF8.self) == text)
        #expect(try RemoteConfiguration.parse(configuration.jsonBytes) == configuration)
    }

    @Test(
        arguments: [
            (#"{"jobs":{}}"#, "version: expected a whole number, 1 or more, found nothing"),
            (#"{"version":0}"#, "version: expected a whole number, 1 or more, found 0"),
            (#"{"version":2,"job":{}}"#, "job: unknown member; expected version, jobs or strategies"),
            (
                #"{"version":2,"jobs":{"sample":{"interval":-5}}}"#,
                "jobs.sample.interval: expected a number of seconds > 0, found -5"
            ),
            (#"{"version":2,"jobs":{"sample":{"every":5}}}"#, "jobs.sample.every: unknown member; expected interval"),
            (#"{"version":2,"jobs":[]}"#, "jobs: expected an object, found an array"),
            (#"{"version":2,"strategies":{"Heartbeat":3}}"#, "strategies.Heartbeat: expected an object, found 3"),
            ("[1]", "expected an object, found an array"),
        ])
    func aBadDocumentIsRefusedNamingTheField(text: String, reason: String) {
        guard case .failure(let error) = Self.parse(text) else {
            Issue.record("\(text) was read")
            return
        }
        #expect(error.description == reason)
    }

    @Test func anEnvelopeWithoutASignatureIsRefusedAsUnsigned() throws {
        let value = try JSONValue.parse(Array(#"{"payload":"e30="}"#.utf8))
        #expect(
            throws: RemoteConfigurationError(
                path: "configuration.signature", message: "is required (unsigned configurations are refused)")
        ) {
            try SignedRemoteConfiguration.parse(value, path: "configuration")
        }
        let signed = SignedRemoteConfiguration(payload: [1, 2, 3], signature: [4, 5])
        #expect(try SignedRemoteConfiguration.parse(text: signed.jsonText) == signed)
        #expect(signed.signedMessage == Array("wakeful.configuration.v1\n".utf8) + [1, 2, 3])
    }

    @Test func theIngestAnswerCarriesTheConfigurationAsTextAndReadsItBack() throws {
        let batch = UUID()
        let signed = SignedRemoteConfiguration(payload: Array(#"{"version":2}"#.utf8), signature: [9, 9])
        let answer = IngestAnswer(accepted: 2, duplicates: 0, configuration: signed.jsonText)
        let bytes = answer.jsonBytes(batchID: batch)
        #expect(
            String(decoding: bytes, as: UTF8.self).hasSuffix(#""rejected":[],"configuration":\#(signed.jsonText)}"#))
        let (parsedBatch, parsed) = try IngestAnswer.parse(bytes)
        #expect(parsedBatch == batch)
        #expect(parsed == answer)
        // Without one, the body is byte for byte as before.
        let plain = String(decoding: IngestAnswer(accepted: 1, duplicates: 0).jsonBytes(batchID: batch), as: UTF8.self)
        #expect(plain.hasSuffix(#"","accepted":1,"duplicates":0,"rejected":[]}"#))
    }
}
