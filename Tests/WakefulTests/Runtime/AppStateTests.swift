import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("AppState and Context", .watchdog, .cpuBound)
struct AppStateTests {
    @Test(
        "isExecuting and isForeground per state (STATE-1)",
        arguments: [
            (AppState.notRunning, false, false),
            (.inactive, true, true),
            (.active, true, true),
            (.background, true, false),
            (.suspended, false, false),
        ])
    func helpers(_ state: AppState, _ executing: Bool, _ foreground: Bool) {
        #expect(state.isExecuting == executing)
        #expect(state.isForeground == foreground)
    }

    @Test("the five states, with their timeline names")
    func cases() throws {
        #expect(AppState.allCases.map(\.rawValue) == ["notRunning", "inactive", "active", "background", "suspended"])
        let data = try JSONEncoder().encode(AppState.allCases)
        #expect(try JSONDecoder().decode([AppState].self, from: data) == AppState.allCases)
    }

    @Test("Context.isInBackground only in the background state", arguments: AppState.allCases)
    func contextInBackground(_ state: AppState) {
        #expect(Context(now: 0, appState: state).isInBackground == (state == .background))
    }

    @Test("backgroundTimeRemaining defaults to unlimited, which is DBL_MAX (TASK-11)")
    func unlimited() {
        #expect(Context.unlimited == Double.greatestFiniteMagnitude)
        #expect(Context(now: 5, appState: .active).backgroundTimeRemaining == Context.unlimited)
        #expect(Context(now: 5, appState: .background, backgroundTimeRemaining: 12).backgroundTimeRemaining == 12)
    }

    @Test("only a user launch starts in the foreground (STATE-2)", arguments: LaunchReason.allCases)
    func launchReasons(_ reason: LaunchReason) {
        #expect(reason.isForeground == (reason == .user))
    }
}
