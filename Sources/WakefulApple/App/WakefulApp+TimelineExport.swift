#if canImport(UIKit)
    import Foundation
    import Wakeful

    extension WakefulApp {
        /// The last `hours` of this install's timeline files as one JSON Lines export, from the
        /// launch of the process that was running `hours` ago (``TimelineExport``), readable by
        /// `wakeful replay FILE`. Empty when ``Configuration/writesTimelineFile`` is off.
        ///
        /// - Throws: A file error when a timeline file cannot be read (protected data unavailable
        ///   on a locked phone, DATA-4).
        public func timelineExport(lastHours hours: Double) throws -> TimelineExport {
            let files = try timelineFiles.map { [UInt8](try Data(contentsOf: $0)) }
            return TimelineExport.lastHours(hours, before: context().now, of: files)
        }

        /// Writes `export` to a file for the share sheet, `timeline-export-<first>-<last>.jsonl` (the
        /// times of its first and last entries, seconds since 1970) in the temporary folder, and
        /// returns it.
        ///
        /// ```swift
        /// let export = try wakeful.timelineExport(lastHours: 6)
        /// ShareLink(item: try wakeful.writeTimelineExport(export))
        /// ```
        public func writeTimelineExport(_ export: TimelineExport) throws -> URL {
            let name = String(format: "timeline-export-%012.0f-%012.0f.jsonl", export.from ?? 0, export.to ?? 0)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try Data(export.bytes).write(to: url, options: .atomic)
            return url
        }

        /// Sends `export` to the companion server beside ``Configuration/ingestEndpoint`` with the
        /// device credential (`PUT /v1/devices/me/timeline-exports/{id}`), where the dashboard lists
        /// it and `wakeful replay` can read it back. Sending the same `id` again stores nothing twice
        /// (``TimelineExportUpload``): retry with the same ID after an error without an answer.
        ///
        /// - Throws: ``TimelineExportUpload/Failure``: no server configured, the credential
        ///   unreadable, no answer, or the server's refusal with its message.
        @discardableResult
        public func uploadTimelineExport(_ export: TimelineExport, id: UUID) async throws
            -> TimelineExportUpload.Receipt
        {
            guard let ingest = configuration.ingestEndpoint,
                let url = TimelineExportUpload.endpoint(besideIngest: ingest, id: id)
            else {
                throw TimelineExportUpload.Failure(
                    status: nil, code: "no_server", message: "set Configuration.ingestEndpoint to …/v1/ingest")
            }
            let credential: String?
            do {
                credential = try configuration.credential()
            } catch {
                // DATA-5: the Keychain withholds the credential before the first unlock.
                throw TimelineExportUpload.Failure(
                    status: nil, code: "credential_unavailable", message: "unlock the phone and try again (\(error))")
            }
            var request = URLRequest(url: url)
            request.httpMethod = "PUT"
            request.setValue(TimelineExportUpload.contentType, forHTTPHeaderField: "Content-Type")
            if let credential { request.setValue("Bearer " + credential, forHTTPHeaderField: "Authorization") }
            request.timeoutInterval = configuration.agent.upload?.requestTimeout ?? 60
            let (body, response): (Data, URLResponse)
            do {
                (body, response) = try await URLSession.shared.upload(for: request, from: Data(export.bytes))
            } catch {
                throw TimelineExportUpload.Failure(status: nil, code: "no_answer", message: "\(error)")
            }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return try TimelineExportUpload.outcome(status: status, body: [UInt8](body)).get()
        }
    }
#endif
