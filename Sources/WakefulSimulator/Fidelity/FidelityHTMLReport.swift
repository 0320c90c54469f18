import Foundation
import WakefulCharts

/// `wakeful fidelity --report FILE.html`: the fidelity table drawn, one strip per observation with
/// the observed range and value beside the model's 5th–95th percentile and median, in the same
/// self-contained page as ``HTMLReport``.
public struct FidelityHTMLReport: Sendable {
    /// The report to draw.
    public var report: FidelityReport

    /// A page of `report`.
    public init(report: FidelityReport) {
        self.report = report
    }

    /// The whole page.
    public var html: String {
        let families = report.families
        let summary = HTMLReport.table(header: report.familyTable.header, rows: report.familyTable.rows)
        let sections = families.dropLast().enumerated().map { index, family in
            let rows = report.results.filter { $0.family == family.family }.map { result in
                """
                <tr><td><a href="\(HTML.escape(result.source))">\(HTML.escape(result.id))</a><br>\
                <small>\(HTML.escape(result.title))</small></td>\
                <td>\(HTML.escape(FidelityReport.observed(result)))</td>\
                <td>\(HTML.escape(FidelityReport.model(result)))</td>\
                <td>\(Self.strip(result))</td><td>\(HTML.escape(FidelityReport.verdict(result)))</td></tr>
                """
            }
            return """
                <section id="f\(index)"><h2>\(HTML.escape(family.family))</h2>\
                <table><thead><tr><th scope="col">observation</th><th scope="col">observed</th>\
                <th scope="col">model median [p5–p95]</th><th scope="col">observed and model</th>\
                <th scope="col">verdict</th></tr></thead><tbody>\(rows.joined(separator: "\n"))</tbody></table></section>
                """
        }
        return HTMLReport.page(
            title: "Wakeful against the field",
            intro:
                "\(report.headline). In each strip the grey band is the range the source reports and the black tick its figure; the blue bar is the model's 5th to 95th percentile over its seeds and the diamond its median.",
            body: summary + sections.joined(separator: "\n"))
    }

    /// The observed range and the model's spread on one axis, 240 × 20.
    static func strip(_ result: FidelityResult) -> String {
        let observed = result.observed
        var values = [observed.low, observed.high]
        if let model = result.model { values += [model.p5, model.p95] }
        let low = values.min()!
        let high = values.max()!
        let pad = max((high - low) * 0.08, abs(high) * 0.05, 1e-9)
        func x(_ value: Double) -> Double { 8 + (value - low + pad) / (high - low + 2 * pad) * 224 }
        func n(_ value: Double) -> String { SVGCanvas.number(value) }
        let band = (x(observed.low), max(x(observed.high) - x(observed.low), 1))
        var marks = [
            "<rect x=\"\(n(band.0))\" y=\"2\" width=\"\(n(band.1))\" height=\"16\" fill=\"#ccc\"/>",
            "<line x1=\"\(n(x(observed.value)))\" x2=\"\(n(x(observed.value)))\" y1=\"1\" y2=\"19\" stroke=\"#000\" stroke-width=\"2\"/>",
        ]
        if let model = result.model {
            let m = x(model.median)
            marks.append(
                "<line x1=\"\(n(x(model.p5)))\" x2=\"\(n(x(model.p95)))\" y1=\"10\" y2=\"10\" stroke=\"#1f6fd1\" stroke-width=\"4\"/>"
            )
            marks.append("<path d=\"M\(n(m - 5)) 10 L\(n(m)) 5 L\(n(m + 5)) 10 L\(n(m)) 15 Z\" fill=\"#1f6fd1\"/>")
        }
        return
            "<svg width=\"240\" height=\"20\" viewBox=\"0 0 240 20\" role=\"img\" aria-label=\"observed \(HTML.escape(FidelityReport.observed(result))), model \(HTML.escape(FidelityReport.model(result)))\">\(marks.joined())</svg>"
    }
}
