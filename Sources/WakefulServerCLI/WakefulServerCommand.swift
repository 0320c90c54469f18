import ArgumentParser

/// The `wakeful-server` command: the companion server and the tools that exercise it.
///
/// A separate executable from `wakeful` so that the simulator, doctor and replay build without the
/// server's dependency graph (SwiftNIO, Hummingbird, PostgresNIO, AsyncHTTPClient …): a newcomer's
/// `swift run wakeful simulate` waits only for what it runs.
@main
struct WakefulServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wakeful-server",
        abstract: "Run Wakeful's companion server, simulated devices that upload to it, and a mock APNs.",
        discussion: """
            Without a subcommand, runs the server (`serve`) with its defaults: SQLite in ./wakeful-data, on 127.0.0.1:8080.

            Examples:
              wakeful-server                                  the companion server on 127.0.0.1:8080
              wakeful-server serve --database postgres://wakeful@127.0.0.1/wakeful
              wakeful-server fleet --devices 20 --hours 24    simulated devices uploading to it
              wakeful-server mock-apns --accept-all           a local APNs to send wakes to
              wakeful-server serve --help                     every option of the server
            """,
        subcommands: [Serve.self, FleetCommand.self, MockAPNs.self],
        defaultSubcommand: Serve.self
    )
}
