import Foundation

/// Recommand (open source, recommand/recommand-peppol): `POST /api/v1/{companyId}/send` with a
/// JSON body whose `documentType` is `xml` and `document` the UBL text; the access point
/// transmits within the call, so its answer (`sentOverPeppol`) is the outcome. Received documents:
/// `GET /api/v1/inbox` (the unread ones), `GET /api/v1/documents/{id}` (with its `xml`), and
/// `POST /api/v1/documents/{id}/mark-as-read`, the only thing that takes a document out of the inbox.
/// A key of the form `KEY:SECRET` is sent as Basic authentication (Recommand's API keys), else as Bearer.
struct RecommandProvider: PeppolProvider {
    let settings: ProviderSettings

    private var authorization: (String, String) {
        settings.token.contains(":")
            ? ("Authorization", "Basic " + Data(settings.token.utf8).base64EncodedString())
            : ("Authorization", "Bearer \(settings.token)")
    }

    private var company: String { settings.company ?? "" }

    func send(_ submission: Submission, existingID: String?, created: (String) throws -> Void, transmitting: () throws -> Void) throws -> (id: String, status: ProviderStatus) {
        let body = JSON.encode([
            "recipient": submission.receiver.description,
            "documentType": "xml",
            "document": String(decoding: submission.bytes, as: UTF8.self),
            "doctypeId": submission.documentType,
            "processId": submission.process,
        ])
        try transmitting()
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "POST", settings.url + "/api/v1/\(percentEncoded(company))/send",
            headers: [authorization, ("Content-Type", "application/json"), ("Accept", "application/json")], body: body)), "send \(submission.number)")
        let json = try JSON(parsing: response.body)
        guard let id = json["id"].string else { throw PeppolError("Recommand's answer names no document id: \(response.text.prefix(300))") }
        try created(id)
        let delivered = json["sentOverPeppol"].bool == true
        return (id, delivered ? ProviderStatus(.delivered) : ProviderStatus(.failed, detail: json["message"].text ?? "Recommand did not send it over Peppol"))
    }

    func status(id: String) throws(PeppolError) -> ProviderStatus {
        let response = try settings.perform(HTTPRequest(
            "GET", settings.url + "/api/v1/documents/\(percentEncoded(id))", headers: [authorization, ("Accept", "application/json")]))
        if response.status == 404 { throw PeppolError("Recommand has no document \(id)") }
        _ = try settings.expectSuccess(response, "say the state of \(id)")
        // A document Recommand keeps was transmitted in its send call (it answers an error otherwise).
        return ProviderStatus(.delivered)
    }

    func resolve(key: String, providerID: String?, requested: Bool) throws(PeppolError) -> Resolution {
        if let providerID { return .known(providerID: providerID, try status(id: providerID)) }
        return .unknown("Recommand transmits within the send call and its API cannot be asked by invoic's key; look for the invoice among the sent documents in Recommand's dashboard")
    }

    func inbox() throws(PeppolError) -> [InboxEntry] {
        let query = settings.company.map { "?companyId=\(percentEncoded($0))" } ?? ""
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", settings.url + "/api/v1/inbox" + query, headers: [authorization, ("Accept", "application/json")])), "list the inbox")
        return try JSON(parsing: response.body)["documents"].array.compactMap { item in
            item["id"].string.map { InboxEntry(id: $0, sender: item["senderId"].string, number: item["documentNumber"].string ?? item["invoiceNumber"].string) }
        }
    }

    func fetch(id: String) throws(PeppolError) -> [UInt8] {
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", settings.url + "/api/v1/documents/\(percentEncoded(id))", headers: [authorization, ("Accept", "application/json")])), "give document \(id)")
        guard let xml = try JSON(parsing: response.body)["document"]["xml"].string else {
            throw PeppolError("Recommand's answer for \(id) has no `xml`")
        }
        return Array(xml.utf8)
    }

    func acknowledge(id: String) throws(PeppolError) {
        _ = try settings.expectSuccess(settings.perform(HTTPRequest(
            "POST", settings.url + "/api/v1/documents/\(percentEncoded(id))/mark-as-read",
            headers: [authorization, ("Content-Type", "application/json")], body: JSON.encode(["read": true]))), "mark \(id) as read")
    }
}
