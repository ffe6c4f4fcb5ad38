import Foundation

/// Any provider that takes the UBL by POST: the body is the file, the key a Bearer token, invoic's
/// attempt key an `Idempotency-Key` (so a provider that honours it never transmits one attempt
/// twice), and the envelope in `X-Peppol-*` headers. The answer is JSON with an `id` (and
/// optionally a `status`), or the id as text. `status` asks `GET <url>/<id>` for a JSON `status`
/// (delivered, failed with `reason`, anything else in transit). It does not receive.
struct GenericHTTPProvider: PeppolProvider {
    let settings: ProviderSettings

    private var authorization: (String, String) { ("Authorization", "Bearer \(settings.token)") }

    func send(_ submission: Submission, existingID: String?, created: (String) throws -> Void, transmitting: () throws -> Void) throws -> (id: String, status: ProviderStatus) {
        try transmitting()
        let response = try settings.expectSuccess(settings.perform(HTTPRequest("POST", settings.url, headers: [
            authorization, ("Content-Type", "application/xml"), ("Accept", "application/json"), ("Idempotency-Key", submission.key),
            ("X-Peppol-Sender", submission.sender.description), ("X-Peppol-Receiver", submission.receiver.description),
            ("X-Peppol-Document-Type", submission.documentType), ("X-Peppol-Process", submission.process),
        ], body: submission.bytes)), "take \(submission.number)")
        let json = try? JSON(parsing: response.body)
        let text = response.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let id = json?["id"].string ?? json?.string ?? (text.isEmpty || text.contains("{") ? nil : text) else {
            throw PeppolError("the provider's answer names no id: \(text.prefix(300))")
        }
        try created(id)
        return (id, json.map { Self.status(of: $0) } ?? ProviderStatus(.transit))
    }

    private static func status(of json: JSON) -> ProviderStatus {
        switch (json["status"].string ?? json["state"].string ?? "").lowercased() {
        case "delivered", "sent", "success", "processed": ProviderStatus(.delivered)
        case "failed", "error", "rejected": ProviderStatus(.failed, detail: json["reason"].text ?? json["detail"].text ?? json["message"].text ?? "the provider says failed")
        default: ProviderStatus(.transit)
        }
    }

    func status(id: String) throws(PeppolError) -> ProviderStatus {
        let response = try settings.expectSuccess(settings.perform(HTTPRequest(
            "GET", settings.url + "/" + percentEncoded(id), headers: [authorization, ("Accept", "application/json")])), "say the state of \(id)")
        return Self.status(of: try JSON(parsing: response.body))
    }

    func resolve(key: String, providerID: String?, requested: Bool) throws(PeppolError) -> Resolution {
        if let providerID { return .known(providerID: providerID, try status(id: providerID)) }
        return .unknown("the http provider cannot be asked by invoic's key (sent as Idempotency-Key \(key)); ask the provider whether it has the invoice")
    }

    private static let sendsOnly = PeppolError("the http provider only sends; receive through a provider with an inbox (e-invoice.be, recommand, scrada)")

    func inbox() throws(PeppolError) -> [InboxEntry] { throw Self.sendsOnly }
    func fetch(id: String) throws(PeppolError) -> [UInt8] { throw Self.sendsOnly }
    func acknowledge(id: String) throws(PeppolError) { throw Self.sendsOnly }
}
