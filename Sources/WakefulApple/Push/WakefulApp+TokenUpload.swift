#if canImport(UIKit)
    import Foundation
    import Logging
    import Wakeful

    extension WakefulApp {
        /// PUTs a token's registration to the server with the device credential and logs the answer:
        /// what the APNs device token and the Live Activity tokens do alike. Without a credential (a
        /// locked phone before the first unlock) nothing is sent; the next token or launch sends it.
        func putToken(_ body: Data, to endpoint: URL, what: String) {
            let credential: String?
            do {
                credential = try configuration.credential()
            } catch {
                return logger.notice("\(what) not sent: credential unreadable", metadata: ["error": "\(error)"])
            }
            var request = URLRequest(url: endpoint)
            request.httpMethod = "PUT"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            if let credential { request.setValue("Bearer " + credential, forHTTPHeaderField: "Authorization") }
            request.httpBody = body
            let logger = logger
            Task {
                do {
                    let (_, response) = try await URLSession.shared.data(for: request)
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                    if status != 200 { logger.error("\(what) refused", metadata: ["status": "\(status)"]) }
                } catch {
                    logger.error("\(what) not sent", metadata: ["error": "\(error)"])
                }
            }
        }
    }
#endif
