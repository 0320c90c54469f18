import Foundation
import Wakeful
import WakefulSimulator

/// What `simulate --list` prints.
enum Catalog {
    static var text: String {
        var lines = ["Built-in scenarios:"]
        for name in BuiltinScenarios.names {
            let summary = (try? BuiltinScenarios.load(name).summary) ?? ""
            lines.append("  \(name)  \(summary)")
        }
        lines += ["", "Strategies (--strategy NAME, join with + to combine; none for the bare app):"]
        for entry in StrategyCatalog.entries { lines.append("  \(entry.name)  \(entry.summary)") }
        lines += ["", "Policy variants (--variant ID), from §12 of the policy reference:"]
        for variant in PolicyVariant.all { lines.append("  \(variant.id)  \(variant.summary)") }
        lines += [
            "",
            "iOS families: " + IOSFamily.allCases.map(\.displayName).joined(separator: ", ")
                + " (pass any version, e.g. --ios 12.4)",
        ]
        return lines.joined(separator: "\n")
    }
}
