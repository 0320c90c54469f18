import Foundation

extension Duration {
    /// A number of minutes: `run.advance(by: .minutes(30))`.
    public static func minutes(_ minutes: Int) -> Duration { .seconds(minutes * 60) }

    /// A number of hours: `run.advance(by: .hours(8))`.
    public static func hours(_ hours: Int) -> Duration { .seconds(hours * 3600) }
}
