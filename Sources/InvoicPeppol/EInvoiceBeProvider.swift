import Foundation

/// e-invoice.be, from its published OpenAPI (e-invoice-be/peppol-cli, api/openapi.json): the UBL
/// is uploaded as a draft (`POST /api/documents/ubl`, multipart field `file`), then sent
/// (`POST /api/documents/{id}/send` with the receiver's and sender's scheme and id as query
/// parameters); `GET /api/documents/{id}` says DRAFT, TRANSIT, FAILED or SENT. Bearer key.
///
/// The two steps are what make a crash harmless here: a draft is never transmitted, so an
/// attempt recorded without an answer is resolved by asking the draft's state, and a document
/// still in DRAFT is sent, not uploaded again, unless the outbox says the send was requested:
/// the provider keeps DRAFT while it works on a send (seconds), so then its timeline decides.
struct EInvoiceBeProvider: PeppolProvider {
    let settings: ProviderSettings

    private var authorization: (String, String) { ("Authorization", "Bearer \(settings.token)") }

    func send(_ submission: Submission, existingID: String?, created: (String) throws -> Void, transmitting: () throws -> Void) throws -> (id: String, status: ProviderStatus) {
        let id: String
        if let existingID {
            id = existingID
        } else {
            let form = MultipartForm(field: "file", fileName: submission.fileName, mediaType: "application/xml", bytes: submission.bytes)
            let response = try settings.expectSuccess(settings.perform(HTTPRequest(
                "POST", settings.url + "/api/documents/ubl",
                headers: [authorization, ("Content-Type", form.contentType), ("Accept", "application/json")], body: form.body)), "take the UBL")
            guard let made = try JSON(parsing: response.body)["id"].string else {
                throw PeppolError("e-invoice.be took the UBL but its answer names no document id: \(response.text.prefix(300))")
            }
            id = made
        }
        try created(id)
        try transmitting()
        let query = [
            ("receiver_peppol_scheme", submission.receiver.scheme), ("receiver_peppol_id", submission.receiver.id),
            ("sender_peppol_scheme", submission.sender.scheme), ("sender_peppol_id", submission.sender.id),
        ].map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "POST", settings.url + "/api/documents/\(percentEncoded(id))/send?" + query, headers: [authorization, ("Accept", "application/json")])), "send \(id)")
        let json = try JSON(parsing: response.body)
        return (id, try status(of: json, id: id))
    }

    func status(id: String) throws(PeppolError) -> ProviderStatus {
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", settings.url + "/api/documents/\(percentEncoded(id))", headers: [authorization, ("Accept", "application/json")])), "say the state of \(id)")
        return try status(of: JSON(parsing: response.body), id: id)
    }

    /// DRAFT, TRANSIT, FAILED, SENT (and RECEIVED, for an inbound document) as the outbox's states;
    /// a failure's reason from the document's timeline (its `send_failed` event).
    private func status(of json: JSON, id: String) throws(PeppolError) -> ProviderStatus {
        switch json["state"].string ?? "DRAFT" {
        case "DRAFT": return ProviderStatus(.created)
        case "TRANSIT": return ProviderStatus(.transit)
        case "SENT", "RECEIVED": return ProviderStatus(.delivered)
        case "FAILED": return ProviderStatus(.failed, detail: failureReason(id: id) ?? "e-invoice.be says FAILED")
        case let other: throw PeppolError("e-invoice.be answered a state invoic does not know: \(other)")
        }
    }

    private func failureReason(id: String) -> String? {
        guard let response = try? settings.perform(HTTPRequest(
            "GET", settings.url + "/api/documents/\(percentEncoded(id))/timeline", headers: [authorization, ("Accept", "application/json")])),
            response.isSuccess, let json = try? JSON(parsing: response.body) else { return nil }
        let failure = json["events"].array.last { $0["event_type"].string == "send_failed" }
        guard let failure else { return nil }
        let details = failure["details"]
        return details["error"].text ?? details["message"].text ?? details["reason"].text ?? details.text ?? "send_failed"
    }

    func resolve(key: String, providerID: String?, requested: Bool) throws(PeppolError) -> Resolution {
        // Without an id the upload's answer was lost: at worst a draft waits there, never sent.
        guard let providerID else { return .notTransmitted(providerID: nil) }
        let status = try status(id: providerID)
        guard status.state == .created else { return .known(providerID: providerID, status) }
        guard requested else { return .notTransmitted(providerID: providerID) }
        // invoic asked for the send and lost the answer, and the document still says DRAFT: the
        // provider may be working on it (its state changes when it is done). Its timeline lists
        // the transmissions; one there means sent, whatever the state says yet.
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", settings.url + "/api/documents/\(percentEncoded(providerID))/timeline", headers: [authorization, ("Accept", "application/json")])),
            "list the transmissions of \(providerID)")
        let events = try JSON(parsing: response.body)["events"].array.compactMap { $0["event_type"].string }
        if events.contains(where: { ["send_attempted", "send_success", "send_failed"].contains($0) }) {
            return .known(providerID: providerID, ProviderStatus(.transit, detail: "e-invoice.be lists a transmission of the draft invoic asked it to send; it still says DRAFT"))
        }
        return .unknown("e-invoice.be still has \(providerID) as a draft with no transmission, but invoic asked it to send it and got no answer, so it may still be on its way; `invoic peppol status` asks again")
    }

    func inbox() throws(PeppolError) -> [InboxEntry] {
        var entries: [InboxEntry] = []
        var page = 1
        while page <= 1000 {
            let response = try settings.expectSuccess(settings.perform(HTTPRequest(
                "GET", settings.url + "/api/inbox/?page=\(page)&page_size=100", headers: [authorization, ("Accept", "application/json")])), "list the inbox")
            let json = try JSON(parsing: response.body)
            for item in json["items"].array {
                guard let id = item["id"].string else { continue }
                entries.append(InboxEntry(id: id, sender: item["vendor_name"].string, number: item["invoice_id"].string))
            }
            guard json["has_next_page"].bool == true else { break }
            page += 1
        }
        return entries
    }

    /// `GET /api/documents/{id}/ubl` gives a signed URL of the file, fetched without the key.
    func fetch(id: String) throws(PeppolError) -> [UInt8] {
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", settings.url + "/api/documents/\(percentEncoded(id))/ubl", headers: [authorization, ("Accept", "application/json")])), "give the UBL of \(id)")
        guard let url = try JSON(parsing: response.body)["signed_url"].string else {
            throw PeppolError("e-invoice.be has no file for \(id) (its answer has no signed_url)")
        }
        return try settings.expectSuccess(settings.perform(HTTPRequest("GET", url)), "hand over the file of \(id)").body
    }

    /// e-invoice.be's API has no acknowledgement: the inbox keeps every document, and invoic's
    /// record of the ids it took is what makes a document taken once.
    func acknowledge(id: String) throws(PeppolError) {}
}
