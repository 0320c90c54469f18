import Foundation

extension MonitoredRegion: TimelineMembers {
    static var placeholder: MonitoredRegion { MonitoredRegion(id: "", shape: .beacon(.placeholder)) }

    /// `region`, the shape under `"shape"` with its members, then the notification flags.
    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.string("region", &id.rawValue)
        try coder.variant("shape", &shape)
        try coder.bool("notifyOnEntry", &notifyOnEntry)
        try coder.bool("notifyOnExit", &notifyOnExit)
        try coder.bool("notifyEntryStateOnDisplay", &notifyEntryStateOnDisplay)
    }
}

extension MonitoredRegion.Shape: TimelineVariant {
    /// The names of the shapes: the one list that ``TimelineDecoder`` accepts.
    enum CaseName: String, TimelineCaseName {
        case circle, beacon

        static let expectedForm = "one of \(names.joined(separator: ", "))"
    }

    /// A shape of the named case for the decoder to fill.
    static func placeholder(_ name: CaseName) -> Self {
        switch name {
        case .circle: .circle(center: .placeholder, radius: 0)
        case .beacon: .beacon(.placeholder)
        }
    }

    mutating func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        switch self {
        case .circle(var center, var radius):
            try coder.caseName(CaseName.circle)
            try coder.members(&center)
            try coder.double("radius", &radius)
            if Coder.reads { self = .circle(center: center, radius: radius) }
        case .beacon(var constraint):
            try coder.caseName(CaseName.beacon)
            try coder.constraint("constraint", &constraint)
            if Coder.reads { self = .beacon(constraint) }
        }
    }
}
