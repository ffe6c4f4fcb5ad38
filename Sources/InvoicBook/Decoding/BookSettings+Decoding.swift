import InvoicDiagnostics
import InvoicMoney
import InvoicYAML

extension BookSettings {
    /// Reads `invoic.yaml`. Returns settings even when parts are wrong (with a placeholder name),
    /// so the rest of the book can still be checked in the same run.
    static func decode(_ root: YAMLNode?, reader: inout ValueReader) -> BookSettings {
        var settings = BookSettings(business: Contact(name: ""))
        guard let fields = reader.topLevel(root, table: Schema.book) else { return settings }

        if let node = fields["business"], let business = reader.fields(of: node, table: Schema.business) {
            settings.business = reader.contact(business, name: reader.nonEmptyText(business["name"], what: "business name")?.value ?? "")
            if let node = business["logo"], let path = reader.text(node) { settings.logo = Located(path, at: node.range) }
            if let node = business["billing_mode"], let mode = reader.text(node) {
                let written = mode.trimmingWhitespace.uppercased()
                if BookSettings.billingModes.contains(written) {
                    settings.billingMode = Located(written, at: node.range)
                } else {
                    reader.error(.invalidBillingMode, "`\(mode)` is not a French cadre de facturation (BT-23)", at: node.range,
                                 help: "write one of " + BookSettings.billingModes.joined(separator: ", ") + ": B goods, S services, M mixed; 1 plain invoice")
                }
            }
            settings.vatOnDebits = reader.oneOf(business["vat_on_debits"], ["true", "false"], what: "vat_on_debits setting")?.value == "true"
        }
        if let node = fields["payment"], let payment = reader.fields(of: node, table: Schema.payment) {
            settings.payment = PaymentDetails(
                beneficiary: reader.text(payment["beneficiary"]), bank: reader.text(payment["bank"]),
                account: reader.account(payment["account"]), bic: reader.bic(payment["bic"]),
                instructions: reader.text(payment["instructions"]))
            settings.payment.creditorID = reader.located(payment["creditor_id"])
            settings.payment.qr = reader.oneOf(payment["qr"], PaymentCode.Choice.allCases.map(\.rawValue), what: "payment code choice")
                .flatMap { located in PaymentCode.Choice(rawValue: located.value).map { Located($0, at: located.range) } }
        }
        if let node = fields["defaults"], let defaults = reader.fields(of: node, table: Schema.defaults) {
            settings.defaults = Defaults(
                currency: reader.currency(defaults["currency"]), locale: reader.locale(defaults["locale"]),
                tax: reader.taxRate(defaults["tax"]), terms: reader.days(defaults["terms"]),
                validity: reader.days(defaults["validity"]),
                rounding: reader.oneOf(defaults["rounding"], RoundingRule.allCases.map(\.rawValue), what: "rounding rule")
                    .flatMap { RoundingRule(rawValue: $0.value) } ?? .halfAwayFromZero)
            settings.defaults.exemption = reader.exemption(defaults["exemption"])
            settings.defaults.payableRounding = reader.decimal(defaults["payable_rounding"], what: "payable rounding")
            settings.defaults.paymentMeans = reader.paymentMeans(defaults["payment_means"])
            settings.defaults.withholding = reader.withholding(defaults["withholding"])
        }
        if let node = fields["numbering"], let numbering = reader.fields(of: node, table: Schema.numbering) {
            settings.numbering = Numbering(
                invoice: pattern(numbering["invoice"], reader: &reader),
                estimate: pattern(numbering["estimate"], reader: &reader),
                creditNote: pattern(numbering["credit_note"], reader: &reader),
                gaps: reader.oneOf(numbering["gaps"], ["error", "warning"], what: "gap setting")?.value == "warning" ? .warning : .error,
                reserve: numbering["reserve"].flatMap { node in reader.text(node).map { Located($0, at: node.range) } })
        }
        if let node = fields["template"], let name = reader.text(node) { settings.template = Located(name, at: node.range) }
        if let node = fields["pdf_name"], let name = reader.text(node) { settings.pdfName = Located(name, at: node.range) }
        settings.paper = reader.oneOf(fields["paper"], PaperSize.allCases.map(\.rawValue), what: "paper size")
            .flatMap { located in PaperSize(rawValue: located.value).map { Located($0, at: located.range) } }
        if let node = fields["labels"] { settings.labels = labels(node, reader: &reader) }
        settings.history = reader.oneOf(fields["history"], ["true", "false"], what: "history setting")?.value == "true"
        settings.einvoice = reader.einvoiceFormats(fields["einvoice"])
        settings.einvoiceProfile = reader.oneOf(fields["einvoice_profile"], EInvoiceConformance.allCases.map(\.rawValue), what: "e-invoice profile")
            .flatMap { located in EInvoiceConformance(rawValue: located.value).map { Located($0, at: located.range) } }
        if let node = fields["bank"] { settings.bank = reader.bankLayout(node) }
        if let node = fields["reminders"] { settings.reminders = reader.reminderPolicy(node) }
        if let node = fields["mail"] { settings.mail = reader.mailSettings(node) }
        settings.vatBasis = reader.vatBasis(fields["vat_basis"])
        if let node = fields["ksef"], let ksef = reader.fields(of: node, table: Schema.ksef, requireKeys: false) {
            settings.ksef = KSeFSettings(environment: reader.oneOf(ksef["environment"], KSeFSettings.Environment.allCases.map(\.rawValue), what: "KSeF environment")
                .flatMap { located in KSeFSettings.Environment(rawValue: located.value).map { Located($0, at: located.range) } })
            settings.ksef?.offlineCertificate = ksef["offline_certificate"].flatMap { node in reader.text(node).map { Located($0, at: node.range) } }
        }
        settings.amountInWords = reader.oneOf(fields["amount_in_words"], ["true", "false"], what: "amount_in_words setting")?.value == "true"
        settings.lockedUntil = reader.date(fields["locked_until"])
        if let node = fields["ledger"] { settings.ledger = reader.ledgerAccounts(node) }
        if let node = fields["verifactu"] { settings.verifactu = reader.verifactuSettings(node) }
        if let node = fields["peppol"] {
            settings.peppol = reader.peppolSettings(node)
            if let peppol = settings.peppol, peppol.provider == nil, !reader.hasKey("provider", in: node) {
                reader.error(.missingKey, "`peppol:` names no `provider:`", at: node.range,
                             help: "add `provider: e-invoice.be` (or recommand, scrada, http); docs/peppol.md says which suits whom")
            }
        }
        if let node = fields["platform"] { settings.platform = reader.platformSettings(node) }
        if let node = fields["fatturapa"] { settings.fatturapa = reader.fatturapaSettings(node) }
        return settings
    }

    private static func labels(_ node: YAMLNode, reader: inout ValueReader) -> [String: [String: String]] {
        guard let pairs = node.mapping else {
            reader.wrongType(node, expected: "a mapping of languages", help: "write the labels under their language, e.g. `labels: {de: {bill_to: Kunde}}`")
            return [:]
        }
        var labels: [String: [String: String]] = [:]
        for pair in pairs {
            guard let language = pair.key.keyText, LabelKeys.isLanguageKey(language) else {
                reader.error(.unknownKey, "`\(pair.key.keyText ?? "?")` under `labels:` is not a language (`de`) or a locale (`de_AT`)",
                             at: pair.key.range, help: "write the labels under their language, e.g. `labels: {de: {bill_to: Kunde}}`")
                continue
            }
            guard let entries = reader.fields(of: pair.value, table: Schema.labels, requireKeys: false) else { continue }
            var texts: [String: String] = [:]
            for (key, text) in entries.entries {
                if let text = reader.text(text) { texts[key] = text }
            }
            labels[language] = texts
        }
        return labels
    }

    private static func pattern(_ node: YAMLNode?, reader: inout ValueReader) -> Located<NumberPattern>? {
        guard let node, let text = reader.text(node) else { return nil }
        switch NumberPattern.parsing(text) {
        case .success(let pattern): return Located(pattern, at: node.range)
        case .failure(let problem):
            let message: String
            switch problem {
            case .noSequence: message = "pattern `\(text)` has no `{seq}`"
            case .twoSequences: message = "pattern `\(text)` has more than one `{seq}`"
            case .twoYears: message = "pattern `\(text)` has more than one `{year}`"
            case .unknownPlaceholder(let name): message = "pattern `\(text)` has an unknown placeholder `{\(name)}`"
            case .badWidth(let name): message = "pattern `\(text)` has a bad width in `{\(name)}`"
            case .unclosedBrace: message = "pattern `\(text)` has a `{` without its `}`"
            }
            reader.error(.invalidPattern, message, at: node.range,
                         help: "patterns are text with `{seq:N}` (the sequence, at least N digits) and optionally `{year}`, e.g. \"INV-{year}-{seq:3}\"")
            return nil
        }
    }
}

extension Client {
    static func decode(_ root: YAMLNode?, id: String, file: String, reader: inout ValueReader) -> Client? {
        guard let fields = reader.topLevel(root, table: Schema.client) else { return nil }
        let contact = reader.contact(fields, name: reader.nonEmptyText(fields["name"], what: "client name")?.value ?? id)
        var client = Client(id: id, file: file, contact: contact)
        client.currency = reader.currency(fields["currency"])
        client.locale = reader.locale(fields["locale"])
        client.tax = reader.taxRate(fields["tax"])
        client.exemption = reader.exemption(fields["exemption"])
        client.payableRounding = reader.decimal(fields["payable_rounding"], what: "payable rounding")
        client.withholding = reader.withholding(fields["withholding"])
        client.buyerReference = reader.located(fields["buyer_reference"])
        client.deliverTo = reader.deliveryPlace(fields["deliver_to"])
        client.einvoice = reader.einvoiceFormats(fields["einvoice"])
        if let node = fields["reminders"] { client.reminders = reader.reminderPolicy(node) }
        client.paymentMeans = reader.paymentMeans(fields["payment_means"])
        if let node = fields["iban"], let iban = reader.account(node) { client.iban = Located(iban, at: node.range) }
        client.terms = reader.days(fields["terms"])
        client.notes = reader.text(fields["notes"])
        client.archived = reader.date(fields["archived"])
        if let node = fields["peppol"] { client.peppol = reader.peppolSettings(node) }
        if let node = fields["fatturapa"] { client.fatturapa = reader.fatturapaClient(node) }
        return client
    }
}

extension ValueReader {
    /// `deliver_to: {name, address}`.
    mutating func deliveryPlace(_ node: YAMLNode?) -> Located<DeliveryPlace>? {
        guard let node, let fields = fields(of: node, table: Schema.deliveryPlace) else { return nil }
        return Located(DeliveryPlace(name: text(fields["name"]), address: address(fields["address"])), at: node.range)
    }

    /// A UNCL 4461 code or one of the words for the common ones.
    mutating func paymentMeans(_ node: YAMLNode?) -> Located<PaymentMeans>? {
        guard let node, let text = text(node) else { return nil }
        guard let means = PaymentMeans(written: text) else {
            error(.invalidPaymentMeans, "`\(text)` is not a payment means", at: node.range,
                  help: "write a UNCL 4461 code (58 SEPA credit transfer, 30 credit transfer, 59 SEPA direct debit, 48 card, 10 cash) or one of: "
                      + PaymentMeans.words.map(\.key).joined(separator: ", "))
            return nil
        }
        return Located(means, at: node.range)
    }

    /// The contact keys a business and a client share, their identifiers checked where they are written.
    mutating func contact(_ fields: Fields, name: String) -> Contact {
        var contact = Contact(name: name, email: text(fields["email"]), phone: text(fields["phone"]), address: address(fields["address"]),
                              taxID: vatNumber(fields["tax_id"]), electronicAddress: electronicAddress(fields["electronic_address"]),
                              legalID: text(fields["legal_id"]), taxNumber: text(fields["tax_number"]))
        // An Italian party's tax number is its codice fiscale, which FatturaPA carries: checked here.
        if contact.address?.country?.uppercased() == "IT", let node = fields["tax_number"], let number = contact.taxNumber,
           let problem = Identifiers.codiceFiscaleProblem(number) {
            error(.invalidCodiceFiscale, "codice fiscale `\(number)` is not valid: \(problem)", at: node.range,
                  help: "copy it from the tessera sanitaria or the Agenzia delle Entrate's certificate")
        }
        contact.siren = identifier(fields["siren"], .invalidSiren, "SIREN", help: "copy the 9 digits from the Kbis or annuaire-entreprises.data.gouv.fr",
                                   problem: Identifiers.sirenProblem)
        contact.siret = identifier(fields["siret"], .invalidSiren, "SIRET", help: "copy the 14 digits (SIREN and NIC) from the Kbis or annuaire-entreprises.data.gouv.fr",
                                   problem: Identifiers.siretProblem)
        if let node = fields["contact"], let point = self.fields(of: node, table: Schema.contactPoint) {
            contact.contactPoint = ContactPoint(name: text(point["name"]), phone: text(point["phone"]), email: text(point["email"]))
        }
        return contact
    }

    /// `reminders: {levels: [{after, fee}], interest}`: levels must come later one after another.
    mutating func reminderPolicy(_ node: YAMLNode) -> ReminderPolicy? {
        guard let fields = fields(of: node, table: Schema.reminderPolicy) else { return nil }
        var levels: [ReminderPolicy.Level] = []
        for entry in sequence(fields["levels"], of: "reminder levels") {
            guard let level = self.fields(of: entry, table: Schema.reminderLevel), let after = days(level["after"]) else { continue }
            if let previous = levels.last, after.value <= previous.after {
                error(.wrongType, "a reminder level after \(after.value) days comes after one after \(previous.after) days", at: after.range,
                      help: "list the levels in order, each later than the one before: 7, 21, 35")
                continue
            }
            levels.append(ReminderPolicy.Level(after: after.value, fee: decimal(level["fee"], what: "reminder fee")?.value))
        }
        if levels.isEmpty, fields["levels"] != nil {
            error(.missingKey, "`reminders:` has no levels", at: node.range, help: "e.g. `levels: [{after: 7}, {after: 21, fee: 5.00}]`")
        }
        return ReminderPolicy(levels: levels, interest: rate(fields["interest"])?.value, range: node.range)
    }

    /// Whether the mapping `node` has `key`, whatever its value.
    func hasKey(_ key: String, in node: YAMLNode) -> Bool {
        node.mapping?.contains { $0.key.keyText == key } ?? false
    }

    /// `peppol:`, the access point provider: a known provider, an http(s) URL without a secret
    /// in it, and an environment variable's name (the key itself must never be written here).
    /// `verifactu:`: the NIF must be a valid Spanish one (a DNI, NIE or CIF with its control
    /// character), since it identifies every record and the QR code.
    mutating func verifactuSettings(_ node: YAMLNode) -> VeriFactuSettings? {
        guard let fields = fields(of: node, table: Schema.verifactu), let nif = nonEmptyText(fields["nif"], what: "NIF") else { return nil }
        let compact = nif.value.uppercased().filter { $0.isLetter || $0.isNumber }
        let bare = compact.hasPrefix("ES") && compact.count == 11 ? String(compact.dropFirst(2)) : compact
        if let problem = Identifiers.vatNumberProblem("ES" + bare) {
            error(.invalidVatNumber, "`\(nif.value)` is not a Spanish NIF: \(problem)", at: nif.range,
                  help: "write the NIF the AEAT knows, e.g. 12345678Z (DNI), X1234567L (NIE) or B12345674 (CIF), without the ES prefix")
            return nil
        }
        var settings = VeriFactuSettings(nif: Located(bare, at: nif.range), range: node.range)
        settings.name = text(fields["name"])
        if let value = oneOf(fields["environment"], VeriFactuSettings.Environment.allCases.map(\.rawValue), what: "VeriFactu environment") {
            settings.environment = VeriFactuSettings.Environment(rawValue: value.value) ?? .production
        }
        if let value = oneOf(fields["rectification"], VeriFactuSettings.Rectification.allCases.map(\.rawValue), what: "kind of rectification") {
            settings.rectification = VeriFactuSettings.Rectification(rawValue: value.value) ?? .difference
        }
        if let value = oneOf(fields["rectification_code"], ["R1", "R2", "R3", "R4"], what: "rectification code") { settings.rectificationCode = value.value }
        settings.certificate = located(fields["certificate"])
        return settings
    }

    /// An API's base URL from the book: http(s) with a host, and no login or query, where keys
    /// hide (the book is in git). nil, with the diagnostic, otherwise.
    mutating func apiURL(_ node: YAMLNode?, example: String, secretHome: String) -> Located<String>? {
        guard let url = located(node) else { return nil }
        let lower = url.value.lowercased()
        let rest = lower.hasPrefix("https://") ? url.value.dropFirst(8) : lower.hasPrefix("http://") ? url.value.dropFirst(7) : nil
        let host = rest.map { $0.prefix { $0 != "/" && $0 != "?" && $0 != "#" } }
        if rest == nil || host?.isEmpty != false || url.value.contains(where: \.isWhitespace) {
            error(.wrongType, "`\(url.value)` is not an http(s) URL", at: url.range,
                  help: "write the API's base URL, e.g. \(example)")
        } else if host?.contains("@") == true {
            error(.wrongType, "the URL `\(url.value)` carries a login or a key, which would be in git with the book", at: url.range,
                  help: "remove `user:password@` from the URL; put the key in \(secretHome)")
        } else if url.value.contains("?") {
            error(.wrongType, "the URL `\(url.value)` has a query, where API keys hide", at: url.range,
                  help: "write the base URL only; the key goes in \(secretHome)")
        } else {
            return url
        }
        return nil
    }

    /// `platform:`, the French approved platform: its services' URLs (checked as `peppol:`'s),
    /// the syntax of the invoices, the waits. Credentials are never here (docs/france.md).
    mutating func platformSettings(_ node: YAMLNode) -> PlatformSettings? {
        guard let fields = fields(of: node, table: Schema.platform) else { return nil }
        var platform = PlatformSettings()
        platform.range = node.range
        let home = "the environment ($\(PlatformSettings.tokenVariable), or $\(PlatformSettings.clientIDVariable) and $\(PlatformSettings.clientSecretVariable) with `token_url:`)"
        platform.flowURL = apiURL(fields["flow_url"], example: "https://api.flow.example.fr/flow-service", secretHome: home)
        platform.directoryURL = apiURL(fields["directory_url"], example: "https://api.directory.example.fr/directory-service", secretHome: home)
        platform.tokenURL = apiURL(fields["token_url"], example: "https://auth.example.fr/oauth2/token", secretHome: home)
        platform.syntax = oneOf(fields["syntax"], PlatformSettings.Syntax.allCases.map(\.rawValue), what: "flow syntax")
            .flatMap { located in PlatformSettings.Syntax(rawValue: located.value).map { Located($0, at: located.range) } }
        platform.connectTimeout = seconds(fields["connect_timeout"], key: "connect_timeout", waitingFor: "a connection", example: 10)
        platform.idleTimeout = seconds(fields["idle_timeout"], key: "idle_timeout", waitingFor: "the platform's next byte", example: 30)
        return platform
    }

    mutating func peppolSettings(_ node: YAMLNode) -> PeppolSettings? {
        guard let fields = fields(of: node, table: Schema.peppol) else { return nil }
        var peppol = PeppolSettings()
        peppol.range = node.range
        peppol.provider = oneOf(fields["provider"], PeppolSettings.Provider.allCases.map(\.rawValue), what: "Peppol provider")
            .flatMap { located in PeppolSettings.Provider(rawValue: located.value).map { Located($0, at: located.range) } }
        peppol.url = apiURL(fields["url"], example: "https://api.e-invoice.be (a sandbox: https://api-dev.e-invoice.be)",
                            secretHome: "the variable `token_env` names, or in ~/.netrc")
        if let variable = located(fields["token_env"]) {
            let name = variable.value
            let isName = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && !(name.first?.isNumber ?? true)
            if isName {
                peppol.tokenVariable = variable
            } else {
                error(.wrongType, "`token_env` is the name of an environment variable (letters, digits and _), not a value", at: variable.range,
                      help: "write a name like INVOIC_PEPPOL_TOKEN and set the key in that variable (or ~/.netrc); a key written here would be in git")
            }
        }
        peppol.company = located(fields["company"])
        peppol.connectTimeout = seconds(fields["connect_timeout"], key: "connect_timeout", waitingFor: "a connection", example: 10)
        peppol.idleTimeout = seconds(fields["idle_timeout"], key: "idle_timeout", waitingFor: "the provider's next byte", example: 30)
        if peppol.provider?.value == .http, peppol.url == nil, !hasKey("url", in: node) {
            error(.missingKey, "the `http` provider has no `url:`", at: peppol.provider?.range ?? node.range,
                  help: "add `url: https://...`, the address that takes the UBL by POST")
        }
        for provider in [PeppolSettings.Provider.recommand, .scrada] where peppol.provider?.value == provider && peppol.company == nil {
            error(.missingKey, "\(provider.rawValue)'s API names the sending company: `peppol:` has no `company:`", at: peppol.provider?.range ?? node.range,
                  help: "add `company: <id>` with the company id from the provider's dashboard")
        }
        return peppol
    }

    /// A wait in whole seconds, 1 to 600 (`connect_timeout:`, `idle_timeout:`).
    mutating func seconds(_ node: YAMLNode?, key: String, waitingFor what: String, example: Int) -> Located<Int>? {
        guard let value = located(node) else { return nil }
        guard value.value.count <= 3, !value.value.isEmpty, value.value.allSatisfy(\.isASCIIDigit),
              let seconds = Int(value.value), (1...600).contains(seconds) else {
            error(.invalidNumber, "`\(key)` is the seconds to wait for \(what), from 1 to 600, not `\(value.value)`", at: value.range,
                  help: "write a whole number of seconds, e.g. `\(key): \(example)`")
            return nil
        }
        return Located(seconds, at: value.range)
    }

    /// `mail:`, how messages leave; addresses must look like addresses.
    mutating func mailSettings(_ node: YAMLNode) -> MailSettings? {
        guard let fields = fields(of: node, table: Schema.mail) else { return nil }
        var mail = MailSettings()
        mail.range = node.range
        for key in ["from", "bcc"] {
            guard let value = located(fields[key]) else { continue }
            let address = String((value.value.split(separator: "<").last ?? Substring(value.value)).filter { $0 != ">" && $0 != " " })
            let parts = address.split(separator: "@", omittingEmptySubsequences: false)
            if parts.count != 2 || parts[0].isEmpty || !parts[1].contains(".") {
                error(.wrongType, "`\(value.value)` is not an e-mail address", at: value.range, help: "write `Name <name@example.com>` or the address alone")
                continue
            }
            if key == "from" { mail.from = value } else { mail.bcc = value }
        }
        mail.host = located(fields["host"])
        if let node = fields["port"], let text = text(node) {
            if let port = Int(text), (1...65535).contains(port) { mail.port = Located(port, at: node.range) } else {
                error(.invalidNumber, "`\(text)` is not a port", at: node.range, help: "587 for STARTTLS, 465 for TLS")
            }
        }
        if let security = oneOf(fields["security"], MailSettings.Security.allCases.map(\.rawValue), what: "connection security") {
            mail.security = MailSettings.Security(rawValue: security.value) ?? .starttls
        }
        mail.username = text(fields["username"])
        if let variable = text(fields["password_env"]) { mail.passwordVariable = variable }
        if let path = text(fields["sendmail"]) { mail.sendmail = path }
        return mail
    }

    /// `bank:`, the layout of the bank's CSV statements.
    mutating func bankLayout(_ node: YAMLNode) -> BankLayout? {
        guard let fields = fields(of: node, table: Schema.bank) else { return nil }
        var layout = BankLayout()
        layout.range = node.range
        if let flag = oneOf(fields["header"], ["true", "false"], what: "flag (true or false)") { layout.hasHeader = flag.value == "true" }
        if let node = fields["columns"], let columns = self.fields(of: node, table: Schema.bankColumns) {
            for role in BankLayout.roles {
                guard let node = columns[role], let text = text(node) else { continue }
                if let number = Int(text) {
                    guard number >= 1 else {
                        error(.wrongType, "column \(number) does not exist: columns count from 1", at: node.range, help: "write the column's header text or its position, 1 for the first")
                        continue
                    }
                    layout.columns[role] = .numbered(number)
                } else if !layout.hasHeader {
                    error(.wrongType, "`\(text)` names a column by its header, and this layout says `header: false`", at: node.range, help: "write the column's position (1 for the first)")
                } else {
                    layout.columns[role] = .named(text)
                }
            }
            let hasAmount = layout.columns["amount"] != nil, hasPair = layout.columns["credit"] != nil || layout.columns["debit"] != nil
            if layout.columns["date"] == nil || hasAmount == hasPair {
                error(.missingKey, "a CSV layout needs the `date` column and either `amount` or `credit` and `debit`", at: node.range,
                      help: "name them by their header text, e.g. `date: Booking date` and `amount: Amount`")
            }
        }
        if let node = fields["delimiter"], let text = text(node) {
            let delimiter = text == "\\t" ? "\t" : text
            if delimiter.count == 1, let character = delimiter.first, character != "\"", !character.isLetter, !character.isNumber {
                layout.delimiter = character
            } else {
                error(.wrongType, "`\(text)` is not a field separator", at: node.range, help: "write one character: \",\", \";\", \"|\" or \"\\t\" for a tab")
            }
        }
        layout.decimalComma = oneOf(fields["decimal"], ["point", "comma"], what: "decimal separator")?.value == "comma"
        if let node = fields["date_format"], let text = text(node) {
            if BankLayout.dateParts(text) != nil {
                layout.dateFormat = text
            } else {
                error(.wrongType, "`\(text)` is not a date format", at: node.range, help: "write DD, MM and YYYY (or YY) in the bank's order with its separators, e.g. DD.MM.YYYY or MM/DD/YYYY")
            }
        }
        if let node = fields["skip"], let text = text(node) {
            if let lines = Int(text), lines >= 0 { layout.skip = lines } else {
                error(.wrongType, "`\(text)` is not a number of lines", at: node.range, help: "write how many lines come before the header row, e.g. 4")
            }
        }
        if let encoding = oneOf(fields["encoding"], BankLayout.Encoding.allCases.map(\.rawValue), what: "text encoding") {
            layout.encoding = BankLayout.Encoding(rawValue: encoding.value) ?? .utf8
        }
        layout.currency = currency(fields["currency"])?.value
        layout.creditMarker = text(fields["credit_marker"])
        if layout.columns["direction"] != nil, layout.creditMarker == nil {
            error(.missingKey, "a `direction` column needs `credit_marker`, the value that means money in", at: node.range, help: "e.g. `credit_marker: H` (Haben) or `credit_marker: CRDT`")
        }
        return layout
    }

    /// `einvoice: [ubl, factur-x]`, or one format alone.
    mutating func einvoiceFormats(_ node: YAMLNode?) -> Located<[EInvoiceFormat]>? {
        guard let node else { return nil }
        let entries = node.sequence ?? [node]
        var formats: [EInvoiceFormat] = []
        for entry in entries {
            guard let text = oneOf(entry, EInvoiceFormat.allCases.map(\.rawValue), what: "format invoic writes (ubl, cii, factur-x, xrechnung, xrechnung-cii, peppol, fa3, fatturapa)", code: .unknownEInvoiceFormat),
                  let format = EInvoiceFormat(rawValue: text.value), !formats.contains(format) else { continue }
            formats.append(format)
        }
        return Located(formats.sorted(), at: node.range)
    }

    /// A tax id; one written as an EU VAT number (an EU country prefix) must be a valid one.
    mutating func vatNumber(_ node: YAMLNode?) -> String? {
        identifier(node, .invalidVatNumber, "VAT number", help: "copy it from the VAT registration, or look it up in the EU's VIES service") {
            Identifiers.looksLikeEUVATNumber($0) ? Identifiers.vatNumberProblem($0) : nil
        }
    }

    /// `fatturapa: {regime, transmitter, bollo}` of invoic.yaml.
    mutating func fatturapaSettings(_ node: YAMLNode) -> FatturaPASettings? {
        guard let fields = fields(of: node, table: Schema.fatturapa) else { return nil }
        var settings = FatturaPASettings()
        settings.range = node.range
        settings.regime = oneOf(fields["regime"], FatturaPASettings.regimes, what: "RegimeFiscale")
        if let node = fields["transmitter"], let code = identifier(node, .invalidCodiceFiscale, "transmitter's fiscal code",
                help: "write the sender's partita IVA (11 digits, without IT) or codice fiscale", problem: { code in
                    code.count == 11 ? Identifiers.vatNumberProblem("IT" + code) : Identifiers.codiceFiscaleProblem(code)
                }) {
            settings.transmitter = Located(code.uppercased(), at: node.range)
        }
        settings.bollo = oneOf(fields["bollo"], FatturaPASettings.Bollo.allCases.map(\.rawValue), what: "stamp duty choice")
            .flatMap { located in FatturaPASettings.Bollo(rawValue: located.value).map { Located($0, at: located.range) } }
        return settings
    }

    /// `fatturapa: {recipient, pec}` of a client's file.
    mutating func fatturapaClient(_ node: YAMLNode) -> FatturaPAClient? {
        guard let fields = fields(of: node, table: Schema.fatturapaClient) else { return nil }
        var client = FatturaPAClient()
        if let node = fields["recipient"], let code = identifier(node, .invalidCodiceFiscale, "SdI recipient code",
                help: "ask the client for its codice destinatario, or write \"0000000\" with its `pec:`", problem: Identifiers.sdiRecipientProblem) {
            client.recipient = Located(code, at: node.range)
        }
        client.pec = located(fields["pec"])
        return client
    }

    /// An account number; one written as an IBAN must be a valid one.
    mutating func account(_ node: YAMLNode?) -> String? {
        identifier(node, .invalidIban, "IBAN", help: "copy it from the bank statement; a payment to a wrong IBAN goes to someone else or bounces") {
            Identifiers.looksLikeIBAN($0) ? Identifiers.ibanProblem($0) : nil
        }
    }

    mutating func bic(_ node: YAMLNode?) -> String? {
        identifier(node, .invalidBic, "BIC", help: "write the bank's 8- or 11-character SWIFT code, e.g. GIBAATWWXXX", problem: Identifiers.bicProblem)
    }

    mutating func electronicAddress(_ node: YAMLNode?) -> String? {
        identifier(node, .invalidElectronicAddress, "electronic address",
                   help: "write SCHEME:ID as registered in Peppol, e.g. 0208:0123456749 or 9930:DE136695976",
                   problem: Identifiers.electronicAddressProblem)
    }

    /// A text value that is an identifier: kept as written, and reported at its place when `problem` finds one.
    mutating func identifier(_ node: YAMLNode?, _ code: DiagnosticCode, _ what: String, help: String,
                                     problem: (String) -> String?) -> String? {
        guard let node, let value = text(node) else { return nil }
        if let problem = problem(value) {
            error(code, "\(what) `\(value)` is not valid: \(problem)", at: node.range, help: help)
        }
        return value
    }
}
