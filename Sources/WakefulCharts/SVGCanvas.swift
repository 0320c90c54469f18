import Foundation

/// Appends SVG elements to a string; every text and tooltip is escaped here.
public struct SVGCanvas: Sendable {
    /// The elements so far.
    public private(set) var out = ""

    /// An empty canvas.
    public init() {}

    /// A rectangle with a CSS class and, when given, a tooltip and a fill (a pattern's `url(#id)`).
    public mutating func rect(
        x: Double, y: Double, width: Double, height: Double, class name: String, title: String? = nil,
        fill: String? = nil
    ) {
        out +=
            "<rect class=\"\(name)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
        if let fill { out += " fill=\"\(HTML.escape(fill))\"" }
        close(title, element: "rect")
    }

    /// A line.
    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, class name: String, title: String? = nil)
    {
        out +=
            "<line class=\"\(name)\" x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\""
        close(title, element: "line")
    }

    /// A circle.
    public mutating func circle(x: Double, y: Double, radius: Double, class name: String, title: String? = nil) {
        out +=
            "<circle class=\"\(name)\" cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\""
        close(title, element: "circle")
    }

    /// A diamond centred on (x, y).
    public mutating func diamond(x: Double, y: Double, radius: Double, class name: String, title: String? = nil) {
        polygon([(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)], class: name, title: title)
    }

    /// A triangle pointing down onto (x, y + radius): a moment something stopped or fired.
    public mutating func triangle(x: Double, y: Double, radius: Double, class name: String, title: String? = nil) {
        polygon([(x - radius, y - radius), (x + radius, y - radius), (x, y + radius)], class: name, title: title)
    }

    /// An open line through `points`.
    public mutating func polyline(_ points: [(x: Double, y: Double)], class name: String, title: String? = nil) {
        out += "<polyline class=\"\(name)\" points=\"\(Self.points(points))\""
        close(title, element: "polyline")
    }

    /// Text at (x, y) (the baseline), anchored `start`, `middle` or `end`.
    public mutating func text(
        _ text: String, x: Double, y: Double, class name: String, anchor: String = "start", title: String? = nil
    ) {
        out += "<text class=\"\(name)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" text-anchor=\"\(anchor)\">"
        if let title { out += "<title>\(HTML.escape(title))</title>" }
        out += "\(HTML.escape(text))</text>"
    }

    /// Numbers in SVG attributes: one decimal, no locale, so that the same chart gives the same bytes.
    public static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }

    private mutating func polygon(_ points: [(x: Double, y: Double)], class name: String, title: String?) {
        out += "<polygon class=\"\(name)\" points=\"\(Self.points(points))\""
        close(title, element: "polygon")
    }

    private static func points(_ points: [(x: Double, y: Double)]) -> String {
        points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }

    private mutating func close(_ title: String?, element: String) {
        if let title {
            out += "><title>\(HTML.escape(title))</title></\(element)>"
        } else {
            out += "/>"
        }
    }
}
