import Foundation

extension MonitoredRegion: TimelineMembers {
    static var placeholder: MonitoredRegion { MonitoredRegion(id: "", shape: .beacon(.placeholder)) }

    /// `region`, the shape under `"shape"` with its members, then the notification flags.
    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        var read = Self.placeholder
        read.id.rawValue = try coder.string("region", id.rawValue)
        read.shape = try coder.variant("shape", shape)
        read.notifyOnEntry = try coder.bool("notifyOnEntry", notifyOnEntry)
        read.notifyOnExit = try coder.bool("notifyOnExit", notifyOnExit)
        read.notifyEntryStateOnDisplay = try coder.bool("notifyEntryStateOnDisplay", notifyEntryStateOnDisplay)
        return read
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

    func visitMembers<Coder: TimelineLineCoder>(_ coder: inout Coder) throws(Coder.Failure) -> Self {
        switch self {
        case .circle(let center, let radius):
            try coder.caseName(CaseName.circle)
            return .circle(center: try coder.members(center), radius: try coder.double("radius", radius))
        case .beacon(let constraint):
            try coder.caseName(CaseName.beacon)
            return .beacon(try coder.constraint("constraint", constraint))
        }
    }
}
