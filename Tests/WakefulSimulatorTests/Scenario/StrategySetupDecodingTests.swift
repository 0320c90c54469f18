import Foundation
import Testing
import Wakeful
import WakefulSimulator
import WakefulTestSupport

@Suite("Scenario strategies: setups by name and by object", .watchdog, .cpuBound)
struct StrategySetupDecodingTests {
    func setups(_ strategies: String) throws -> [StrategySetup] {
        try decodeScenario(#"{"name": "m", "duration": 60, "world": {}, "strategies": \#(strategies)}"#).setups
    }

    @Test("setups by string: none, one strategy, strategies joined by +")
    func byString() throws {
        #expect(
            try setups(
                #"["none", "TaskExtension", "LowPowerLocationKeepAlive", "TaskExtension+LowPowerLocationKeepAlive"]"#)
                == [
                    .none,
                    StrategySetup(name: "TaskExtension", strategies: [.taskExtension(.init())]),
                    StrategySetup(name: "LowPowerLocationKeepAlive", strategies: [.lowPowerLocationKeepAlive(.init())]),
                    StrategySetup(
                        name: "TaskExtension+LowPowerLocationKeepAlive",
                        strategies: [.taskExtension(.init()), .lowPowerLocationKeepAlive(.init())]),
                ])
    }

    @Test("a setup by object with options: the leaky TaskExtension")
    func byObject() throws {
        let decoded = try setups(
            #"[{"name": "leaky", "use": [{"strategy": "TaskExtension", "options": {"endsTaskOnExpiry": false}}]}]"#)
        #expect(
            decoded == [
                StrategySetup(
                    name: "leaky",
                    strategies: [.taskExtension(.init(endsTaskOnExpiry: false, extendsOnRegionEvents: true))])
            ])
        let strategy = try #require(decoded.first?.strategies.first?.makeStrategy() as? TaskExtension)
        #expect(strategy.options.endsTaskOnExpiry == false)
        #expect(strategy.options.extendsOnRegionEvents == true)
    }

    @Test("every option of both strategies is read; options may be left out")
    func allOptions() throws {
        let decoded = try setups(
            """
            [{"name": "tuned", "use": [
               {"strategy": "TaskExtension", "options": {"endsTaskOnExpiry": true, "extendsOnRegionEvents": false}},
               {"strategy": "LowPowerLocationKeepAlive", "options": {"desiredAccuracy": 1000, "distanceFilter": 500, "beginsBackgroundTask": false}}
             ]},
             {"name": "plain", "use": [{"strategy": "LowPowerLocationKeepAlive"}, {"strategy": "TaskExtension", "options": {}}]}]
            """)
        #expect(
            decoded == [
                StrategySetup(
                    name: "tuned",
                    strategies: [
                        .taskExtension(.init(endsTaskOnExpiry: true, extendsOnRegionEvents: false)),
                        .lowPowerLocationKeepAlive(
                            .init(desiredAccuracy: 1000, distanceFilter: 500, beginsBackgroundTask: false)),
                    ]),
                StrategySetup(
                    name: "plain", strategies: [.lowPowerLocationKeepAlive(.init()), .taskExtension(.init())]),
            ])
        let keepAlive = try #require(decoded.first?.strategies.last?.makeStrategy() as? LowPowerLocationKeepAlive)
        #expect(keepAlive.locationRequest.desiredAccuracy == 1000)
        #expect(keepAlive.locationRequest.distanceFilter == 500)
    }

    @Test(
        "unknown option keys are rejected with the option's path and the allowed keys",
        arguments: [
            ("TaskExtension", "endsOnExpiry", "endsTaskOnExpiry, extendsOnRegionEvents"),
            ("LowPowerLocationKeepAlive", "accuracy", "beginsBackgroundTask, desiredAccuracy, distanceFilter"),
        ])
    func unknownOption(_ strategy: String, _ key: String, _ allowed: String) throws {
        let error = try #require(throws: ScenarioError.self) {
            try setups(#"[{"name": "x", "use": [{"strategy": "\#(strategy)", "options": {"\#(key)": 1}}]}]"#)
        }
        #expect(error.file == "test.json")
        #expect(error.field == "strategies[0].use[0].options.\(key)")
        #expect(error.message.contains("unknown field \"\(key)\""))
        #expect(error.message.contains(allowed))
    }

    @Test("StrategySetup.named rejects unknown names and lists the known ones")
    func namedErrors() throws {
        let error = try #require(throws: ScenarioError.self) { try StrategySetup.named("TaskExtension+Nope") }
        #expect(error.file == "--strategy")
        #expect(error.message.contains("\"Nope\""))
        #expect(error.message.contains("TaskExtension, LowPowerLocationKeepAlive"))
        #expect(
            try StrategySetup.named(" TaskExtension + LowPowerLocationKeepAlive ").strategies
                == [.taskExtension(.init()), .lowPowerLocationKeepAlive(.init())])
    }

    @Test(
        "an empty setup name or a strategy named twice is rejected",
        arguments: [#"[""]"#, #"["TaskExtension+TaskExtension"]"#, #"["+"]"#])
    func degenerateNames(_ strategies: String) throws {
        #expect(throws: ScenarioError.self) { try setups(strategies) }
    }
}
