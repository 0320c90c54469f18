/// A group of iOS releases that share one column of the reference's defaults table.
///
/// The raw value is the stable text used in scenario files (`"6"`, `"7-12"`, `"13-18"`, `"26+"`).
///
/// ```swift
/// IOSVersion(12, 4).family            // .iOS7to12
/// IOSFamily.iOS13to18.displayName     // "iOS 13–18"
/// ```
public enum IOSFamily: String, Sendable, Hashable, CaseIterable, Codable {
    /// iOS 4–6: the reference's iOS 6 column also holds rules stated for 4–6.
    case iOS6 = "6"
    /// iOS 7 to 12: the 180 s task-budget era (TASK-3).
    case iOS7to12 = "7-12"
    /// iOS 13 to 18: the RunningBoard / BGTaskScheduler era with a 30 s task budget (TASK-6).
    case iOS13to18 = "13-18"
    /// iOS 26 and later. Releases 19–25 do not exist; any major release ≥ 19 maps here.
    case iOS26 = "26+"

    /// The family a major release belongs to. Majors below 7 (including those below 4) map to ``iOS6``.
    ///
    /// - Parameter major: The major iOS release.
    public init(major: Int) {
        switch major {
        case ..<7: self = .iOS6
        case 7...12: self = .iOS7to12
        case 13...18: self = .iOS13to18
        default: self = .iOS26
        }
    }

    /// Human-readable name: `"iOS 6"`, `"iOS 7–12"`, `"iOS 13–18"`, `"iOS 26+"`.
    public var displayName: String {
        switch self {
        case .iOS6: "iOS 6"
        case .iOS7to12: "iOS 7–12"
        case .iOS13to18: "iOS 13–18"
        case .iOS26: "iOS 26+"
        }
    }

    /// A typical release of the family, used when a scenario names only the family: 6, 12, 17, 26.
    public var representativeVersion: IOSVersion {
        switch self {
        case .iOS6: IOSVersion(6)
        case .iOS7to12: IOSVersion(12)
        case .iOS13to18: IOSVersion(17)
        case .iOS26: IOSVersion(26)
        }
    }
}
