import Foundation

/// Scrada (the access point behind LetsPeppol): the UBL as the body of
/// `POST /v1/company/{companyID}/peppol/outbound/document`, the envelope in `x-scrada-peppol-*`
/// headers, invoic's key as `x-scrada-external-reference`; the answer is the document's id.
/// `GET .../outbound/document/{id}/info` gives its status; received documents are listed by
/// `GET .../peppol/inbound/document/unconfirmed`, fetched by id and confirmed with
/// `PUT .../inbound/document/{id}/confirm`. The key is `KEY:PASSWORD`, sent as the X-API-KEY and
/// X-PASSWORD headers.
struct ScradaProvider: PeppolProvider {
    let settings: ProviderSettings

    private var authorization: [(String, String)] {
        let parts = settings.token.split(separator: ":", maxSplits: 1).map(String.init)
        return [("X-API-KEY", parts.first ?? ""), ("X-PASSWORD", parts.count > 1 ? parts[1] : "")]
    }

    private var base: String { settings.url + "/v1/company/\(percentEncoded(settings.company ?? ""))/peppol" }

    func send(_ submission: Submission, existingID: String?, created: (String) throws -> Void, transmitting: () throws -> Void) throws -> (id: String, status: ProviderStatus) {
        var headers = authorization + [
            ("Content-Type", "application/xml; charset=utf-8"), ("Accept", "application/json"),
            ("x-scrada-external-reference", submission.key),
            ("x-scrada-peppol-sender-scheme", PeppolBIS.participantScheme), ("x-scrada-peppol-sender-id", submission.sender.description),
            ("x-scrada-peppol-receiver-scheme", PeppolBIS.participantScheme), ("x-scrada-peppol-receiver-id", submission.receiver.description),
            ("x-scrada-peppol-document-type-scheme", PeppolBIS.documentTypeScheme), ("x-scrada-peppol-document-type-value", submission.documentType),
            ("x-scrada-peppol-process-scheme", PeppolBIS.processScheme), ("x-scrada-peppol-process-value", submission.process),
        ]
        if let country = submission.senderCountry { headers.append(("x-scrada-peppol-c1-country-code", country)) }
        try transmitting()
        let response = try settings.expectSuccess(settings.perform(HTTPRequest("POST", base + "/outbound/document", headers: headers, body: submission.bytes)), "send \(submission.number)")
        let json = try? JSON(parsing: response.body)
        guard let id = json?.string ?? json?["id"].string ?? Optional(response.text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw PeppolError("Scrada's answer names no document id")
        }
        try created(id)
        return (id, ProviderStatus(.transit))
    }

    func status(id: String) throws(PeppolError) -> ProviderStatus {
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", base + "/outbound/document/\(percentEncoded(id))/info", headers: authorization + [("Accept", "application/json")])), "say the state of \(id)")
        let json = try JSON(parsing: response.body)
        switch (json["status"].string ?? "").lowercased() {
        case "processed", "delivered", "success": return ProviderStatus(.delivered)
        case "error", "failed", "notdelivered", "rejected": return ProviderStatus(.failed, detail: json["errorMessage"].text ?? json["message"].text ?? "Scrada says \(json["status"].string ?? "error")")
        default: return ProviderStatus(.transit, detail: json["status"].string)
        }
    }

    func resolve(key: String, providerID: String?, requested: Bool) throws(PeppolError) -> Resolution {
        if let providerID { return .known(providerID: providerID, try status(id: providerID)) }
        return .unknown("Scrada's API cannot be asked by invoic's key (sent as the external reference \(key)); look for it among the outbound documents in Scrada's portal")
    }

    func inbox() throws(PeppolError) -> [InboxEntry] {
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", base + "/inbound/document/unconfirmed", headers: authorization + [("Accept", "application/json")])), "list the inbox")
        let json = try JSON(parsing: response.body)
        let items = json["results"].array.isEmpty ? json.array : json["results"].array
        return items.compactMap { item in
            item["id"].string.map { InboxEntry(id: $0, sender: item["peppolSenderID"].string, number: item["documentNumber"].string) }
        }
    }

    func fetch(id: String) throws(PeppolError) -> [UInt8] {
        try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", base + "/inbound/document/\(percentEncoded(id))", headers: authorization)), "give document \(id)").body
    }

    func acknowledge(id: String) throws(PeppolError) {
        _ = try settings.expectSuccess(settings.perform(HTTPRequest(
            "PUT", base + "/inbound/document/\(percentEncoded(id))/confirm", headers: authorization)), "confirm \(id)")
    }
}
