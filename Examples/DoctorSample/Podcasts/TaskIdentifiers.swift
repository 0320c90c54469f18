/// The BGTaskScheduler identifiers, as BGTaskSchedulerPermittedIdentifiers lists them.
enum TaskIdentifiers {
    static let refresh = "com.example.podcasts.refresh"
}
