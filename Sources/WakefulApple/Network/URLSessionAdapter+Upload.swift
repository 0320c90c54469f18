#if canImport(UIKit)
    import Foundation
    import Wakeful

    extension URLSessionAdapter {
        /// Carries out ``Command/upload(_:)``: `POST` the batch to the ingest endpoint with the
        /// contract's headers, from a file on the background session (URLS-1) or as an in-process
        /// upload (URLS-8), as the request says.
        ///
        /// - Parameters:
        ///   - request: The attempt.
        ///   - body: The encoded batch (``Agent/requestBody(for:)``).
        ///   - endpoint: The server's `POST /v1/ingest` URL.
        ///   - credential: The device's bearer credential (never logged).
        ///   - configurationVersion: ``Agent/remoteConfigurationVersion`` when the app takes remote
        ///     configurations, nil when it takes none.
        ///   - timeout: ``Uploader/Configuration/requestTimeout``.
        func upload(
            _ request: UploadRequest, body: Data, endpoint: URL, credential: String?, configurationVersion: Int?,
            timeout: TimeInterval
        ) {
            var http = URLRequest(url: endpoint, timeoutInterval: timeout)
            http.httpMethod = "POST"
            http.setValue("application/json", forHTTPHeaderField: "Content-Type")
            http.setValue(request.batch.uuidString.lowercased(), forHTTPHeaderField: "Idempotency-Key")
            if let credential { http.setValue("Bearer " + credential, forHTTPHeaderField: "Authorization") }
            if let configurationVersion {
                http.setValue(String(configurationVersion), forHTTPHeaderField: RemoteConfiguration.versionHeader)
            }
            if request.background {
                uploadInBackground(request, http: http, body: body)
            } else {
                uploadInProcess(request, http: http, body: body)
            }
        }

        /// A background upload must come from a file (NSURLSession.h:188–189); the file lives in `tmp/`,
        /// readable on a locked phone once it has been unlocked, until the task's outcome arrives
        /// (``UploadBodyFile``).
        /// https://developer.apple.com/documentation/foundation/urlsession/uploadtask(with:fromfile:)
        private func uploadInBackground(_ request: UploadRequest, http: URLRequest, body: Data) {
            let file = Self.bodyFolder.appendingPathComponent(UploadBodyFile.name(for: request.batch))
            do {
                try body.write(to: file, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
            } catch {
                deliver(
                    .uploadCompleted(
                        UploadOutcome(
                            id: request.id, batch: request.batch, statusCode: nil, error: "bodyFileNotWritten")))
                return
            }
            withSession(UploadRequest.sessionIdentifier) { session in
                let task = session.uploadTask(with: http, fromFile: file)
                task.taskDescription = UploadOutcome.taskDescription(for: request)
                task.resume()
            }
        }

        /// https://developer.apple.com/documentation/foundation/urlsession/upload(for:from:delegate:)
        private func uploadInProcess(_ request: UploadRequest, http: URLRequest, body: Data) {
            Task { @MainActor [weak self] in
                let result: URLSessionDelegateProxy.Result
                do {
                    let (data, response) = try await URLSession.shared.upload(for: http, from: body)
                    let httpResponse = response as? HTTPURLResponse
                    result = .init(
                        session: "", taskDescription: UploadOutcome.taskDescription(for: request),
                        statusCode: httpResponse?.statusCode,
                        retryAfter: httpResponse?.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init),
                        body: data, error: nil)
                } catch {
                    result = .init(
                        session: "", taskDescription: UploadOutcome.taskDescription(for: request), statusCode: nil,
                        retryAfter: nil,
                        body: Data(), error: Self.name(of: error))
                }
                if let outcome = UploadOutcome(result) { self?.deliver(.uploadCompleted(outcome)) }
            }
        }
    }

    extension URLSessionAdapter {
        /// Where background upload bodies wait for their tasks.
        nonisolated static var bodyFolder: URL { FileManager.default.temporaryDirectory }

        /// The outcome of a batch arrived: its body file is no longer needed.
        func removeBodyFile(of batch: UUID) {
            try? FileManager.default.removeItem(
                at: Self.bodyFolder.appendingPathComponent(UploadBodyFile.name(for: batch)))
        }

        /// At launch: removes the body files a process left without living to see their outcome.
        func removeLeftoverBodyFiles(now: Date = Date()) {
            let folder = Self.bodyFolder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let files = names.compactMap { name -> (name: String, modified: TimeInterval)? in
                let attributes = try? FileManager.default.attributesOfItem(
                    atPath: folder.appendingPathComponent(name).path)
                guard let modified = attributes?[.modificationDate] as? Date else { return nil }
                return (name, modified.timeIntervalSince1970)
            }
            for name in UploadBodyFile.leftovers(files, now: now.timeIntervalSince1970) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    extension UploadOutcome {
        /// `taskDescription` of an upload task: the attempt's ID and the batch's, which is all a
        /// relaunched process needs to report the outcome.
        static func taskDescription(for request: UploadRequest) -> String {
            request.id + " " + request.batch.uuidString
        }

        /// The outcome of a finished upload task; nil when the task is not one of the uploader's.
        /// The answer of a 200 is decoded as the ingest contract says; one that does not decode is
        /// left nil and the uploader resends the batch.
        init?(_ result: URLSessionDelegateProxy.Result) {
            let parts = result.taskDescription.split(separator: " ")
            guard parts.count == 2, let batch = UUID(uuidString: String(parts[1])) else { return nil }
            let answer = result.statusCode == 200 ? (try? IngestAnswer.parse(Array(result.body)))?.answer : nil
            self.init(
                id: String(parts[0]), batch: batch, statusCode: result.statusCode, error: result.error,
                retryAfter: result.retryAfter,
                answer: answer)
        }
    }
#endif
