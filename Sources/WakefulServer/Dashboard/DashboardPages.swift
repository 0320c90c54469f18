import Foundation
import WakefulCharts

/// The dashboard's pages other than a device's: the frame every page shares, the devices list,
/// the login form and errors. Every interpolated value is escaped with ``HTML/escape(_:)``.
enum DashboardPages {
    /// A whole page: the header (with logout when signed in) and `body`.
    static func page(title: String, signedIn: Bool, body: String) -> String {
        let logout =
            signedIn
            ? #"<form method="post" action="/dashboard/logout"><button type="submit">Sign out</button></form>"# : ""
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <meta name="referrer" content="no-referrer">\
            <title>\(HTML.escape(title)) · Wakeful</title><style>\(DashboardStyle.css)\n\(ChartStyle.css)</style></head>
            <body><header><a href="/dashboard">Wakeful dashboard</a><span class="spacer"></span>\(logout)</header>
            <main>\(body)</main></body></html>
            """
    }

    /// The devices list.
    static func devices(_ summaries: [DeviceSummary]) -> String {
        var rows = ""
        for device in summaries {
            let link = "/dashboard/devices/\(device.id.uuidString)"
            let revoked =
                device.revokedAt.map {
                    #"<span class="revoked">revoked \#(HTML.escape(DashboardFormat.time($0)))</span>"#
                } ?? "active"
            rows += """
                <tr><td class="mono"><a href="\(link)">\(device.id.uuidString)</a></td>\
                <td>\(HTML.escape(device.bundleID))</td>\
                <td>\(HTML.escape(DashboardFormat.time(device.lastSeen)))</td>\
                <td class="num">\(DashboardFormat.lag(device.lagMedian))</td>\
                <td class="num">\(DashboardFormat.lag(device.lagMax))</td>\
                <td class="num">\(device.recordCount)</td>\
                <td>\(revoked)</td></tr>

                """
        }
        if summaries.isEmpty {
            rows =
                #"<tr><td colspan="7">No device has registered yet. Devices register with <code>POST /v1/devices/register</code>; <code>wakeful-server fleet</code> simulates some.</td></tr>"#
        }
        let body = """
            <h1>Devices</h1><p class="sub">\(summaries.count) registered · times in UTC · upload lag is received − recorded</p>
            <table><thead><tr><th scope="col">Device</th><th scope="col">Bundle ID</th><th scope="col">Last seen</th>\
            <th scope="col" class="num">Lag, median</th><th scope="col" class="num">Lag, max</th><th scope="col" class="num">Records</th>\
            <th scope="col">Status</th></tr></thead><tbody>
            \(rows)</tbody></table>
            """
        return page(title: "Devices", signedIn: true, body: body)
    }

    /// The login form; `next` is where to go after signing in (a dashboard path).
    static func login(next: String, failed: Bool) -> String {
        let error = failed ? #"<p class="error" role="alert">That is not the admin token.</p>"# : ""
        let body = """
            <div class="login"><h1>Sign in</h1>
            <p class="sub">The dashboard needs the server's admin token (the <code>admin-token</code> file in the data directory).</p>
            \(error)<form method="post" action="/dashboard/login">\
            <label for="token">Admin token</label>\
            <input id="token" name="token" type="password" autocomplete="current-password" required autofocus>\
            <input type="hidden" name="next" value="\(HTML.escape(next))">\
            <button type="submit">Sign in</button></form></div>
            """
        return page(title: "Sign in", signedIn: false, body: body)
    }

    /// An error page for a bad request or a missing device.
    static func error(status: Int, message: String, signedIn: Bool) -> String {
        let body = """
            <h1>\(status == 404 ? "Not found" : "Bad request")</h1><p class="error" role="alert">\(HTML.escape(message))</p>
            <p><a href="/dashboard">All devices</a></p>
            """
        return page(title: status == 404 ? "Not found" : "Bad request", signedIn: signedIn, body: body)
    }
}
