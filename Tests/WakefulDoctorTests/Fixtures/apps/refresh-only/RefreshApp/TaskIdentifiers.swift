/// The identifiers listed under BGTaskSchedulerPermittedIdentifiers.
enum TaskIdentifiers {
    static let refresh = "com.example.refresh-only.refresh"
}
