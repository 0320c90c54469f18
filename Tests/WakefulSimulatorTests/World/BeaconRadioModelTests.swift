import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

@Suite("BeaconRadioModel", .watchdog, .cpuBound)
struct BeaconRadioModelTests {
    @Test("a -59 dBm beacon is detectable to about 50 m with the defaults (seed 000)")
    func detectionRange() {
        let range = BeaconRadioModel.standard.detectionRange(measuredPower: -59)
        #expect(abs(range - 50) <= 1, "range \(range) m")
        #expect(BeaconRadioModel.standard.meanRSSI(distance: range, measuredPower: -59) >= -93 - 1e-9)
        #expect(BeaconRadioModel.standard.meanRSSI(distance: range + 0.01, measuredPower: -59) < -93)
    }

    @Test("the defaults are the documented ones")
    func defaults() {
        let model = BeaconRadioModel()
        #expect(model == .standard)
        #expect(model.pathLossExponent == 2)
        #expect(model.rssiNoiseStandardDeviation == 4)
        #expect(model.detectionThreshold == -93)
        #expect(model.missedSampleProbability == 0.05)
        #expect(model.smoothingSamples == 5)
    }

    @Test(
        "estimatedDistance inverts meanRSSI",
        arguments: [0.1, 0.5, 1, 3, 10, 49.9, 120], [1.6, 2.0, 3.5])
    func inverse(_ distance: Double, _ exponent: Double) {
        let model = BeaconRadioModel(pathLossExponent: exponent)
        let rssi = model.meanRSSI(distance: distance, measuredPower: -59)
        #expect(abs(model.estimatedDistance(rssi: rssi, measuredPower: -59) - distance) < distance * 1e-12)
    }

    @Test("mean RSSI is the measured power at 1 m, falls 20 dB per decade with n = 2, and clamps below 0.1 m")
    func pathLoss() {
        let model = BeaconRadioModel.standard
        #expect(model.meanRSSI(distance: 1, measuredPower: -59) == -59)
        #expect(abs(model.meanRSSI(distance: 10, measuredPower: -59) - -79) < 1e-12)
        #expect(model.meanRSSI(distance: 0, measuredPower: -59) == model.meanRSSI(distance: 0.1, measuredPower: -59))
        #expect(model.meanRSSI(distance: -5, measuredPower: -59) == -39)
    }

    @Test("a beacon too weak to be heard even at 0.1 m has no range")
    func noRange() {
        #expect(BeaconRadioModel(detectionThreshold: -30).detectionRange(measuredPower: -59) == 0)
    }

    @Test("decoding fills missing fields with defaults")
    func decodePartial() throws {
        let model = try JSONDecoder().decode(BeaconRadioModel.self, from: Data(#"{"pathLossExponent": 2.5}"#.utf8))
        #expect(model == BeaconRadioModel(pathLossExponent: 2.5))
        let roundTrip = try JSONDecoder().decode(BeaconRadioModel.self, from: JSONEncoder().encode(model))
        #expect(roundTrip == model)
    }

    @Test(
        "decoding rejects out-of-range fields naming the field and the expected form",
        arguments: [
            (
                #"{"missedSampleProbability": 1.5}"#,
                "missedSampleProbability is 1.5; expected a probability between 0 and 1"
            ),
            (#"{"smoothingSamples": 0}"#, "smoothingSamples is 0; expected a whole number of samples from 1 to 32"),
            (
                #"{"pathLossExponent": -2}"#,
                "pathLossExponent is -2.0; expected a finite number greater than 0 (2 is free space)"
            ),
            (
                #"{"rssiNoiseStandardDeviation": -1}"#,
                "rssiNoiseStandardDeviation is -1.0; expected a finite number of dB, 0 or more"
            ),
        ])
    func decodeInvalid(_ json: String, _ message: String) {
        do {
            _ = try JSONDecoder().decode(BeaconRadioModel.self, from: Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription == message)
            #expect(context.codingPath.last?.stringValue == message.split(separator: " ").first.map(String.init))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

@Suite("BeaconProximity", .watchdog, .cpuBound)
struct BeaconProximityTests {
    @Test(
        "classes at the boundaries",
        arguments: [
            (-1.0, BeaconProximity.unknown), (-0.000_1, .unknown), (.nan, .unknown),
            (0, .immediate), (0.499_9, .immediate), (0.5, .near), (2.999_9, .near),
            (3, .far), (50, .far), (.infinity, .far),
        ])
    func boundaries(_ accuracy: Double, _ expected: BeaconProximity) {
        #expect(BeaconProximity(accuracy: accuracy) == expected)
    }

    @Test("raw values match CoreLocation's names")
    func rawValues() {
        #expect(
            [BeaconProximity.unknown, .immediate, .near, .far].map(\.rawValue) == [
                "unknown", "immediate", "near", "far",
            ])
    }
}
