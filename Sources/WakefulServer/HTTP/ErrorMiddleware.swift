import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every error into a JSON answer `{"error":…,"message":…}`: ``APIError`` as it is,
/// Hummingbird's own errors (no route, body too large) by their status, anything else — a storage
/// failure, never bad input — as 500 without details.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return error.response
        } catch is NIOTooManyBytesError {
            return APIError.tooLarge("the body is over the limit").response
        } catch let error as any HTTPResponseError {
            return Self.answer(for: error.status, request: request).response
        } catch {
            context.logger.error("request failed", metadata: ["path": .string(request.uri.path), "error": .string("\(error)")])
            return APIError(.internalServerError, "internal_error", "the server could not complete the request").response
        }
    }

    private static func answer(for status: HTTPResponse.Status, request: Request) -> APIError {
        switch status {
        case .notFound: APIError.notFound("no route \(request.method) \(request.uri.path)")
        case .contentTooLarge: APIError.tooLarge("the body is over the limit")
        case .methodNotAllowed: APIError(status, "method_not_allowed", "\(request.method) is not allowed on \(request.uri.path)")
        default: APIError(status, status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"), status.reasonPhrase)
        }
    }
}
