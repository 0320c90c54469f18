import Foundation

/// A swimlane chart: lanes of rows of marks over one time axis, with bands (gaps) hatched behind
/// every lane. The model knows nothing of devices or scenarios: the dashboard and the simulator's
/// report each build one from their own data, and ``svg()`` draws both the same way.
///
/// Every mark may carry a tooltip (an SVG `<title>`, also read by screen readers) and each lane and
/// row a text label, so colour is never the only cue.
public struct Chart: Sendable {
    /// Unique within a page: prefixes the ids of the chart's title and hatch pattern.
    public var id: String
    /// What the chart shows, in one sentence (its accessible name).
    public var title: String
    /// The time axis.
    public var scale: TimeScale
    /// The lanes, top to bottom.
    public var lanes: [ChartLane]
    /// Stretches hatched across every lane, numbered in order.
    public var bands: [ChartBand]

    /// A chart.
    public init(id: String, title: String, scale: TimeScale, lanes: [ChartLane], bands: [ChartBand] = []) {
        self.id = id
        self.title = title
        self.scale = scale
        self.lanes = lanes
        self.bands = bands
    }

    /// The width of every chart's view box; plots are placed with ``plotLeft`` and ``plotRight``.
    public static let viewWidth = 1360.0
    /// Where the plot begins: lane titles and row labels are to its left.
    public static let plotLeft = 200.0
    /// Where the plot ends.
    public static let plotRight = 1344.0
}

/// One lane: a title and its rows.
public struct ChartLane: Sendable {
    /// The lane's title, e.g. `Wakes`.
    public var title: String
    /// Lines under the title of a lane of one unlabelled row.
    public var caption: [String]
    /// The rows. A lane of one row without a label has its title beside the row; otherwise the
    /// title is above the rows and each row has its label.
    public var rows: [ChartRow]

    /// A lane.
    public init(_ title: String, caption: [String] = [], rows: [ChartRow]) {
        self.title = title
        self.caption = caption
        self.rows = rows
    }
}

/// One row of a lane.
public struct ChartRow: Sendable {
    /// The row's label, or nil for the only row of a lane that carries the lane's title.
    public var label: String?
    /// Its height in SVG units.
    public var height: Double
    /// What is drawn in it.
    public var marks: [ChartMark]

    /// A row.
    public init(label: String? = nil, height: Double = 14, marks: [ChartMark]) {
        self.label = label
        self.height = height
        self.marks = marks
    }
}

/// A stretch hatched behind every lane, e.g. a gap in the wanted work.
public struct ChartBand: Sendable {
    /// Its first and last second.
    public var from: TimeInterval
    public var to: TimeInterval
    /// The label written under it when it is wide enough, e.g. its number in a gap table.
    public var label: String
    /// Its tooltip.
    public var title: String

    /// A band.
    public init(from: TimeInterval, to: TimeInterval, label: String, title: String) {
        self.from = from
        self.to = to
        self.label = label
        self.title = title
    }
}

/// Where in its row a mark sits vertically.
public enum RowLevel: Sendable, Hashable {
    /// Centred.
    case middle
    /// At `value` on a vertical scale from `range.lowerBound` (the row's bottom) to `range.upperBound` (its top).
    case value(Double, in: ClosedRange<Double>)
}

/// The shape of a point mark.
public enum PointShape: Sendable, Hashable {
    case circle(radius: Double)
    case diamond(radius: Double)
    /// A triangle pointing down at the moment.
    case triangle(radius: Double)
}

/// Something drawn in a row. `class` names its CSS class (colours live in the stylesheet) and
/// `title` its tooltip.
public enum ChartMark: Sendable {
    /// A stretch from `from` to `to`, at least `minimumWidth` wide, `inset` short of the row's top and bottom.
    case span(
        from: TimeInterval, to: TimeInterval, class: String, title: String?, minimumWidth: Double = 1.5,
        inset: Double = 0)
    /// A moment.
    case point(at: TimeInterval, shape: PointShape, level: RowLevel = .middle, class: String, title: String?)
    /// A bar standing on the row's bottom from `from` to `to`, `fraction` of the row high (at least 2 units).
    case bar(from: TimeInterval, to: TimeInterval, fraction: Double, class: String, title: String?)
    /// A curve through `(time, value)` points on a vertical scale `range`.
    case curve(points: [(time: TimeInterval, value: Double)], range: ClosedRange<Double>, class: String, title: String?)
    /// A horizontal line at `value` across the plot, labelled at its right end.
    case level(Double, range: ClosedRange<Double>, label: String, class: String)
    /// Text inside the stretch from `from` to `to`, left out when it would not fit (about 6.2 units a character).
    case label(String, from: TimeInterval, to: TimeInterval, class: String)
    /// Text in the row: at the plot's left edge, or right-aligned at its right edge.
    case note(String, alignedRight: Bool = false)
}
