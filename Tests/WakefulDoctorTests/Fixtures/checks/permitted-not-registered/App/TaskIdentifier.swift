/// The app's background task identifiers, each listed in BGTaskSchedulerPermittedIdentifiers.
enum TaskIdentifier {
    static let refresh = "com.example.news.refresh"
}
