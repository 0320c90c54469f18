import ArgumentParser

/// The `wakeful` command.
@main
struct WakefulCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wakeful",
        abstract: "Make iOS background execution dependable, and provable without a phone.",
        discussion: """
            Wakeful runs your app's background strategies against an executable model of iOS's background-execution rules, in virtual time, and tells you what iOS will actually do. Every decision it makes cites a rule of the iOS background-execution policy reference.

            Examples:
              wakeful simulate                      the gas-station scenario on iOS 8, 12, 17 and 26
              wakeful simulate --list               built-in scenarios, strategies and policy variants
              wakeful simulate --help               every option of simulate
              wakeful compare                       every built-in scenario, strategy and family
              wakeful compare --seeds 1000          how often each verdict holds over 1,000 seeds
              wakeful chaos --seeds 50              kill the app at the worst moments; check no data is lost
              wakeful fidelity                      the model against published observations of real iPhones
              wakeful plist --config wakeful.json   the Info.plist entries a configuration needs
              wakeful doctor --plist Info.plist     check background modes, task identifiers and purpose strings

            The companion server, the fleet and the mock APNs are the separate `wakeful-server` command; the benchmarks are the package in Benchmarks/ (swift package --package-path Benchmarks benchmark).
            """,
        subcommands: [
            Simulate.self, Compare.self, Merge.self, Chaos.self, ReplayCommand.self, Fidelity.self, PlistCommand.self,
            Doctor.self,
        ],
        defaultSubcommand: nil
    )
}
