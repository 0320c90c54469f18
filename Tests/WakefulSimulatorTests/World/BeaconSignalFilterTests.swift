import Foundation
import Testing
import WakefulSimulator
import WakefulTestSupport

@Suite("BeaconSignalFilter", .watchdog, .cpuBound)
struct BeaconSignalFilterTests {
    @Test(
        "with noise, the smoothed accuracy at a true 3 m has a median within 3 ± 0.6 m",
        arguments: [1, 2, 3] as [UInt64])
    func medianAtThreeMetres(_ seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var filter = BeaconSignalFilter(model: .standard)
        var accuracies: [Double] = []
        for _ in 0..<1_000 {
            let sample = try #require(filter.sample(distance: 3, measuredPower: -59, using: &rng))
            if !sample.isMissed { accuracies.append(sample.accuracy) }
        }
        accuracies.sort()
        let median = accuracies[accuracies.count / 2]
        #expect(abs(median - 3) <= 0.6, "median \(median) m")
        // Smoothing narrows the spread: a single 4 dB sample spans ≈ ×0.63…×1.58 at ±1σ.
        let lowerQuartile = accuracies[accuracies.count / 4]
        let upperQuartile = accuracies[accuracies.count * 3 / 4]
        #expect(upperQuartile / lowerQuartile < 1.6, "interquartile \(lowerQuartile)…\(upperQuartile)")
    }

    @Test("beyond the detection range the beacon is not seen and the filter resets")
    func outOfRange() throws {
        var rng = SeededGenerator(seed: 4)
        var filter = BeaconSignalFilter(model: BeaconRadioModel(missedSampleProbability: 0))
        _ = try #require(filter.sample(distance: 10, measuredPower: -59, using: &rng))
        _ = try #require(filter.sample(distance: 10, measuredPower: -59, using: &rng))
        #expect(filter.validSampleCount == 2)
        #expect(filter.sample(distance: 51, measuredPower: -59, using: &rng) == nil)
        #expect(filter.sample(distance: .infinity, measuredPower: -59, using: &rng) == nil)
        #expect(filter.sample(distance: .nan, measuredPower: -59, using: &rng) == nil)
        #expect(filter.validSampleCount == 0)
        #expect(filter.smoothedRSSI == nil)
        #expect(filter.sample(distance: 49, measuredPower: -59, using: &rng) != nil)
    }

    @Test("missed samples report rssi 0 and accuracy -1 at about the configured rate", arguments: [0.05, 0.2])
    func missedSamples(_ probability: Double) throws {
        var rng = SeededGenerator(seed: 11)
        var filter = BeaconSignalFilter(model: BeaconRadioModel(missedSampleProbability: probability))
        var missed = 0
        let count = 10_000
        for _ in 0..<count {
            let sample = try #require(filter.sample(distance: 20, measuredPower: -59, using: &rng))
            if sample.rssi == 0 {
                missed += 1
                #expect(sample == BeaconSample(rssi: 0, accuracy: -1, proximity: .unknown))
            } else {
                #expect(sample.rssi < 0 && sample.rssi >= -127)
                #expect(sample.accuracy > 0)
            }
        }
        #expect(abs(Double(missed) / Double(count) - probability) < 0.01, "\(missed) missed of \(count)")
    }

    @Test("without noise the accuracy is the mean of the last N RSSI samples")
    func smoothingWindow() throws {
        var rng = SeededGenerator(seed: 1)
        let model = BeaconRadioModel(rssiNoiseStandardDeviation: 0, missedSampleProbability: 0, smoothingSamples: 5)
        var filter = BeaconSignalFilter(model: model)
        for _ in 0..<5 {
            let sample = try #require(filter.sample(distance: 1, measuredPower: -59, using: &rng))
            #expect(sample == BeaconSample(rssi: -59, accuracy: 1, proximity: .near))
        }
        var accuracies: [Double] = []
        for _ in 0..<6 {
            let sample = try #require(filter.sample(distance: 10, measuredPower: -59, using: &rng))
            #expect(sample.rssi == -79)
            accuracies.append(sample.accuracy)
        }
        let expectedMeans: [Double] = [-63, -67, -71, -75, -79, -79]
        for (accuracy, mean) in zip(accuracies, expectedMeans) {
            #expect(abs(accuracy - model.estimatedDistance(rssi: mean, measuredPower: -59)) < 1e-9)
        }
        #expect(abs(accuracies.last! - 10) < 1e-9)
        #expect(filter.validSampleCount == 5)
        #expect(filter.smoothedRSSI == -79)
    }

    @Test("missed samples do not enter the window")
    func missedSamplesSkipWindow() throws {
        var rng = SeededGenerator(seed: 1)
        var filter = BeaconSignalFilter(
            model: BeaconRadioModel(rssiNoiseStandardDeviation: 0, missedSampleProbability: 1))
        for _ in 0..<3 {
            #expect(try #require(filter.sample(distance: 2, measuredPower: -59, using: &rng)) == .missed)
        }
        #expect(filter.validSampleCount == 0)
    }

    @Test("the window size is clamped to 1…32", arguments: [(-3, 1), (0, 1), (1, 1), (5, 5), (32, 32), (1_000, 32)])
    func windowClamp(_ requested: Int, _ effective: Int) {
        #expect(BeaconSignalFilter(model: BeaconRadioModel(smoothingSamples: requested)).windowSize == effective)
    }

    @Test("the same seed draws the same samples; reset empties the window")
    func determinism() {
        func run() -> [BeaconSample?] {
            var rng = SeededGenerator(seed: 77).derived(stream: 2)
            var filter = BeaconSignalFilter(model: .standard)
            return (0..<200).map { second in
                filter.sample(distance: 60 - Double(second) * 0.3, measuredPower: -59, using: &rng)
            }
        }
        let first = run()
        #expect(first == run())
        #expect(first.prefix(30).allSatisfy { $0 == nil }, "starts beyond 50 m")
        #expect(first.suffix(100).allSatisfy { $0 != nil })

        var rng = SeededGenerator(seed: 1)
        var filter = BeaconSignalFilter(model: BeaconRadioModel(missedSampleProbability: 0))
        _ = filter.sample(distance: 5, measuredPower: -59, using: &rng)
        filter.reset()
        #expect(filter.validSampleCount == 0)
    }

    @Test("proximity follows the smoothed accuracy while approaching a pump")
    func approach() {
        var rng = SeededGenerator(seed: 8)
        var filter = BeaconSignalFilter(
            model: BeaconRadioModel(
                rssiNoiseStandardDeviation: 0, missedSampleProbability: 0,
                smoothingSamples: 1))
        #expect(filter.sample(distance: 10, measuredPower: -59, using: &rng)?.proximity == .far)
        #expect(filter.sample(distance: 2, measuredPower: -59, using: &rng)?.proximity == .near)
        #expect(filter.sample(distance: 0.3, measuredPower: -59, using: &rng)?.proximity == .immediate)
    }
}
