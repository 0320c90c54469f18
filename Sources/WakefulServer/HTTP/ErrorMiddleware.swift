import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every error into a JSON answer `{"error":…,"message":…}`: ``APIError`` as it is,
/// Hummingbird's own errors (no route, body too large) by their status — a path that exists with
/// other methods is 405 with `Allow` — a storage that cannot open a file for want of descriptors
/// (``StorageExhaustion``) as 503 with `Retry-After`, and anything else, a storage failure, never
/// bad input, as 500 without details. A client that went away gets no answer: ``ClientAborted`` is thrown so the
/// request is counted as aborted, and it is logged at debug level, since nothing failed here.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let routeMethods: RouteMethods
    /// The `Retry-After` of the answer to a storage short of file descriptors.
    var retryAfterSeconds = 1

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return error.response
        } catch is NIOTooManyBytesError {
            return APIError.tooLarge("the body is over the limit").response
        } catch let error as any HTTPResponseError {
            return answer(for: error.status, request: request).response
        } catch  where StorageExhaustion.isExhaustion(error) {
            context.logger.error(
                "storage cannot open a file (out of file descriptors?)",
                metadata: ["path": .string(request.uri.path), "error": .string("\(error)")])
            return StorageExhaustion.answer(retryAfterSeconds: retryAfterSeconds).response
        } catch  where ClientAbort.isAbort(error) {
            context.logger.debug(
                "client went away", metadata: ["path": .string(request.uri.path), "error": .string("\(error)")])
            throw ClientAborted()
        } catch {
            context.logger.error(
                "request failed", metadata: ["path": .string(request.uri.path), "error": .string("\(error)")])
            return APIError(.internalServerError, "internal_error", "the server could not complete the request")
                .response
        }
    }

    private func answer(for status: HTTPResponse.Status, request: Request) -> APIError {
        switch status {
        case .notFound:
            guard let allow = routeMethods.allow(path: request.uri.path) else {
                return APIError.notFound("no route \(request.method) \(request.uri.path)")
            }
            var error = APIError(
                .methodNotAllowed, "method_not_allowed",
                "\(request.method) is not allowed on \(request.uri.path); use \(allow)")
            error.headers[.allow] = allow
            return error
        case .contentTooLarge: return APIError.tooLarge("the body is over the limit")
        case .methodNotAllowed:
            return APIError(status, "method_not_allowed", "\(request.method) is not allowed on \(request.uri.path)")
        default:
            return APIError(
                status, status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), status.reasonPhrase)
        }
    }
}
