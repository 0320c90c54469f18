import Foundation
import Wakeful
import WakefulCharts

/// The configuration section of a device's page: its cohort, the configuration it is to run, and
/// the history of its own and its cohort's configurations with who set each, when and why.
struct ConfigurationPanel {
    let view: DeviceConfigurationView

    init(_ view: DeviceConfigurationView) {
        self.view = view
    }

    func html(deviceID: String) -> String {
        let cohort = view.cohort.map { "<b>\(HTML.escape($0))</b>" } ?? "<b>none</b>"
        let effective =
            view.effective.map {
                "<b>version \($0.version)</b> (\(HTML.escape(Self.describe($0.target))), set \(DashboardFormat.time($0.createdAt)))"
            } ?? "<b>the app's own</b> (no configuration set for the device or its cohort)"
        var rows = ""
        for stored in view.history {
            let current = stored.version == view.effective?.version ? #" class="current""# : ""
            rows += """
                <tr\(current)><td class="num">\(stored.version)</td><td>\(HTML.escape(Self.describe(stored.target)))</td>\
                <td class="mono">\(HTML.escape(Self.summary(stored)))</td><td>\(HTML.escape(stored.author))</td>\
                <td>\(DashboardFormat.time(stored.createdAt))</td><td>\(HTML.escape(stored.note ?? ""))</td></tr>

                """
        }
        let table =
            view.history.isEmpty
            ? "<p>No configuration has been set for this device or its cohort.</p>"
            : """
            <table><thead><tr><th scope="col" class="num">Version</th><th scope="col">For</th><th scope="col">Configuration</th>\
            <th scope="col">Set by</th><th scope="col">When</th><th scope="col">Note</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            """
        return """
            <h2 id="configuration">Configuration</h2>
            <div class="facts"><span>Cohort \(cohort)</span><span>To run \(effective)</span></div>
            <p class="sub">The device receives the configuration it is to run in the answer to its next upload that reports an older version, \
            and records applying or refusing it in its timeline. Set one with <code>PUT /v1/devices/\(deviceID)/configuration</code>.</p>
            \(table)
            """
    }

    private static func describe(_ target: ConfigurationTarget) -> String {
        switch target {
        case .device: "this device"
        case .cohort(let name): "cohort \(name)"
        }
    }

    /// The configuration's JSON without its version (the table's first column).
    private static func summary(_ stored: StoredConfiguration) -> String {
        guard case .object(var object)? = stored.configuration?.jsonValue else { return "unreadable" }
        object.members.removeAll { $0.key == "version" }
        return object.isEmpty ? "the app's own options" : JSONValue.object(object).description
    }
}
