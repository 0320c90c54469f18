import ArgumentParser

/// The `wakeful` command.
@main
struct WakefulCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wakeful",
        abstract: "Make iOS background execution dependable, and provable without a phone.",
        discussion: """
            Wakeful runs your app's background strategies against an executable model of iOS's
            background-execution rules, in virtual time, and tells you what iOS will actually do.
            Start with `wakeful simulate`.
            """,
        subcommands: [Simulate.self, Bench.self],
        defaultSubcommand: nil
    )
}
