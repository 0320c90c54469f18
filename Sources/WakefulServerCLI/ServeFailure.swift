/// A failure of `wakeful-server serve` while starting or running (not a usage error): ArgumentParser
/// prints "Error: " and the message, without the usage text, and the process exits 1.
struct ServeFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    let description: String

    init(_ description: String) { self.description = description }
}
