import Foundation

/// Appends SVG elements to a string; every text and tooltip is escaped here.
struct SVGCanvas {
    var out = ""

    /// A rectangle with a CSS class and, when given, a tooltip.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, class name: String, title: String? = nil) {
        out += "<rect class=\"\(name)\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\""
        close(title, element: "rect")
    }

    /// A line.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, class name: String, title: String? = nil) {
        out += "<line class=\"\(name)\" x1=\"\(svgNumber(x1))\" y1=\"\(svgNumber(y1))\" x2=\"\(svgNumber(x2))\" y2=\"\(svgNumber(y2))\""
        close(title, element: "line")
    }

    /// A circle.
    mutating func circle(x: Double, y: Double, radius: Double, class name: String, title: String? = nil) {
        out += "<circle class=\"\(name)\" cx=\"\(svgNumber(x))\" cy=\"\(svgNumber(y))\" r=\"\(svgNumber(radius))\""
        close(title, element: "circle")
    }

    /// A diamond centred on (x, y).
    mutating func diamond(x: Double, y: Double, radius: Double, class name: String, title: String? = nil) {
        let points = [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
            .map { "\(svgNumber($0.0)),\(svgNumber($0.1))" }.joined(separator: " ")
        out += "<polygon class=\"\(name)\" points=\"\(points)\""
        close(title, element: "polygon")
    }

    /// Text at (x, y) (the baseline), anchored `start`, `middle` or `end`.
    mutating func text(_ text: String, x: Double, y: Double, class name: String, anchor: String = "start", title: String? = nil) {
        out += "<text class=\"\(name)\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\" text-anchor=\"\(anchor)\">"
        if let title { out += "<title>\(HTML.escape(title))</title>" }
        out += "\(HTML.escape(text))</text>"
    }

    private mutating func close(_ title: String?, element: String) {
        if let title {
            out += "><title>\(HTML.escape(title))</title></\(element)>"
        } else {
            out += "/>"
        }
    }
}
