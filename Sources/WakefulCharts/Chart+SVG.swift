import Foundation

extension Chart {
    /// The height of the time axis above the lanes.
    static let axisHeight = 26.0
    /// The space between two lanes.
    static let laneSpacing = 8.0

    /// A row placed on the canvas.
    private struct PlacedRow {
        var lane: ChartLane
        var row: ChartRow
        var top: Double
        var isFirst: Bool
    }

    /// The chart as an `<svg>` element that scales to its container's width.
    public func svg() -> String {
        var canvas = SVGCanvas()
        var y = Self.axisHeight
        var placed: [PlacedRow] = []
        for lane in lanes {
            for (index, row) in lane.rows.enumerated() {
                if index == 0 && row.label != nil { y += 18 }
                placed.append(PlacedRow(lane: lane, row: row, top: y, isFirst: index == 0))
                y += row.height + 3
            }
            y += Self.laneSpacing
        }
        let height = y + 4
        // Tracks, then bands and the grid over them, then labels and marks on top.
        for row in placed {
            canvas.rect(x: Self.plotLeft, y: row.top, width: scale.width, height: row.row.height, class: "track")
        }
        for band in bands {
            let (x, width) = scale.span(band.from, band.to)
            canvas.rect(
                x: x, y: Self.axisHeight - 4, width: width, height: height - Self.axisHeight, class: "gap",
                title: band.title, fill: "url(#\(id)-hatch)")
            if width > 18 {
                canvas.text(band.label, x: x + width / 2, y: height - 2, class: "gap-number", anchor: "middle")
            }
        }
        for tick in scale.ticks {
            let x = scale.x(tick)
            canvas.line(x1: x, y1: Self.axisHeight - 6, x2: x, y2: height - 14, class: "grid")
            canvas.text(scale.label(tick), x: x, y: 14, class: "tick", anchor: "middle")
        }
        for row in placed {
            label(row, on: &canvas)
            draw(row.row.marks, top: row.top, height: row.row.height, on: &canvas)
        }
        return """
            <svg class="chart" id="\(HTML.escape(id))" viewBox="0 0 \(SVGCanvas.number(Self.viewWidth)) \(SVGCanvas.number(height))" role="img" \
            aria-labelledby="\(HTML.escape(id))-title" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">\
            <title id="\(HTML.escape(id))-title">\(HTML.escape(title))</title>\
            <defs><pattern id="\(HTML.escape(id))-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
            <rect width="6" height="6" fill="#fff7ed"/><line x1="0" y1="0" x2="0" y2="6" stroke="#f6c89f" stroke-width="1.5"/></pattern></defs>\
            \(canvas.out)</svg>
            """
    }

    /// The lane's rule, title and caption above its first row, and the row's own label.
    private func label(_ placed: PlacedRow, on canvas: inout SVGCanvas) {
        let (lane, row, top) = (placed.lane, placed.row, placed.top)
        if placed.isFirst {
            let titled = row.label != nil
            let rule = (titled ? top - 18 : top) - 3
            canvas.line(x1: 8, y1: rule, x2: Self.plotRight, y2: rule, class: "lane-rule")
            if !lane.caption.isEmpty {
                let first = top + row.height / 2 - 1 - 7 * Double(lane.caption.count - 1)
                canvas.text(lane.title, x: 8, y: first, class: "lane-title")
                for (index, line) in lane.caption.enumerated() {
                    canvas.text(line, x: 8, y: first + 14 * Double(index + 1), class: "row-note")
                }
            } else {
                canvas.text(lane.title, x: 8, y: titled ? top - 5 : top + row.height / 2 + 4, class: "lane-title")
            }
        }
        if let label = row.label { canvas.text(label, x: 20, y: top + row.height / 2 + 4, class: "row-label") }
    }

    private func draw(_ marks: [ChartMark], top: Double, height: Double, on canvas: inout SVGCanvas) {
        func levelY(_ level: RowLevel) -> Double {
            switch level {
            case .middle: top + height / 2
            case .value(let value, let range): valueY(value, range)
            }
        }
        func valueY(_ value: Double, _ range: ClosedRange<Double>) -> Double {
            let fraction = (value - range.lowerBound) / max(range.upperBound - range.lowerBound, .leastNonzeroMagnitude)
            return top + height - min(1, max(0, fraction)) * height
        }
        for mark in marks {
            switch mark {
            case .span(let from, let to, let name, let title, let minimumWidth, let inset):
                let (x, width) = scale.span(from, to, minimum: minimumWidth)
                canvas.rect(x: x, y: top + inset, width: width, height: height - 2 * inset, class: name, title: title)
            case .point(let time, let shape, let level, let name, let title):
                let (x, y) = (scale.x(time), levelY(level))
                switch shape {
                case .circle(let radius): canvas.circle(x: x, y: y, radius: radius, class: name, title: title)
                case .diamond(let radius): canvas.diamond(x: x, y: y, radius: radius, class: name, title: title)
                case .triangle(let radius):
                    canvas.triangle(x: x, y: y - radius, radius: radius, class: name, title: title)
                }
            case .bar(let from, let to, let fraction, let name, let title):
                let barHeight = max(2, (height - 2) * min(1, fraction))
                let (x, width) = scale.span(from, to, minimum: 1)
                canvas.rect(
                    x: x, y: top + height - barHeight, width: max(1, width - 0.5), height: barHeight, class: name,
                    title: title)
            case .curve(let points, let range, let name, let title):
                canvas.polyline(
                    points.map { (x: scale.x($0.time), y: valueY($0.value, range)) }, class: name, title: title)
            case .level(let value, let range, let label, let name):
                let at = valueY(value, range)
                canvas.line(x1: Self.plotLeft, y1: at, x2: Self.plotRight, y2: at, class: name)
                canvas.text(label, x: Self.plotRight - 4, y: at - 3, class: "\(name)-label", anchor: "end")
            case .label(let text, let from, let to, let name):
                let (x, width) = scale.span(from, to, minimum: 0)
                if width >= Double(text.count) * 6.2 + 6 {
                    canvas.text(text, x: x + 3, y: top + height / 2 + 4, class: name)
                }
            case .note(let text, let alignedRight):
                canvas.text(
                    text, x: alignedRight ? Self.plotRight - 4 : Self.plotLeft + 6, y: top + min(height, 16) / 2 + 4,
                    class: "row-note",
                    anchor: alignedRight ? "end" : "start")
            }
        }
    }
}
