import InvoicDiagnostics

/// `mail:` in invoic.yaml: how `invoic mail` sends. With `host:` it speaks SMTP (STARTTLS on 587
/// by default); without, it hands the message to the local sendmail. The password is never in
/// the book: it comes from the environment variable `password_env` names, or ~/.netrc.
public struct MailSettings: Sendable {
    public enum Security: String, Sendable, CaseIterable {
        case starttls, tls, none
    }

    /// `Name <address>`; default: the business's name and e-mail.
    public var from: Located<String>?
    /// A copy of every message, e.g. to the business's own archive.
    public var bcc: Located<String>?
    public var host: Located<String>?
    public var port: Located<Int>?
    public var security: Security = .starttls
    public var username: String?
    public var passwordVariable = "INVOIC_SMTP_PASSWORD"
    public var sendmail = "/usr/sbin/sendmail"
    public var range: SourceRange?

    public init() {}

    /// 465 for TLS from the start, 587 for STARTTLS, 25 without.
    public var resolvedPort: Int {
        port?.value ?? (security == .tls ? 465 : security == .starttls ? 587 : 25)
    }
}
