import Foundation
import Hummingbird
import WakefulAPNs

/// The outermost middleware: counts every request by route and by the status actually sent, after
/// ``ErrorMiddleware`` has turned errors into answers, and counts a request whose client went away
/// as aborted instead of as the 500 that nobody received.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics
    /// Times each request.
    let clock: WallClock

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = clock.elapsed
        do {
            let response = try await next(request, context)
            await metrics.noteRequest(
                route: Self.route(context), status: Int(response.status.code),
                seconds: (clock.elapsed - start).secondsValue)
            return response
        } catch let error as ClientAborted {
            await metrics.noteAborted(route: Self.route(context))
            throw error
        }
    }

    /// The matched route's template (`/v1/devices/{id}/records`), so the labels stay few whatever
    /// the paths asked for; `unmatched` for a path no route has.
    private static func route(_ context: Context) -> String {
        let path = context.endpointPath ?? "unmatched"
        return path == "NotFound" ? "unmatched" : path
    }
}

/// Thrown by ``ErrorMiddleware`` in place of an answer when the client is gone, so the request is
/// counted as aborted; Hummingbird then closes the connection, which is already closing.
struct ClientAborted: Error, HTTPResponseError {
    var status: HTTPResponse.Status { .badRequest }
    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status)
    }
}
