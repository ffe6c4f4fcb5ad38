import InvoicDiagnostics
import InvoicMoney

// What the SdI would reject in a FatturaPA of this book, found before any XML exists and reported
// at the YAML line that causes it: the schema's forms (Latin-1 texts, 5-digit CAP, the parties'
// ids) and the SdI's content checks that concern a small business (Specifiche tecniche 1.9,
// "Elenco controlli": 00400/00401 Natura and rate, 00411 ritenuta, 00417 the buyer's ids; 00418, a
// credit note dated before its invoice, is the book's own check credit-note-mismatch), and the stamp duty's threshold (art. 13
// of the Tariffa, DPR 642/1972). docs/italy.md lists them.

enum FatturaPARequirements {
    static let settings = Rule(.fatturapaSettings, summary: "a FatturaPA book names no regime or no partita IVA",
        explanation: "A FatturaPA names the seller's RegimeFiscale (RF01 ordinario, RF19 forfettario, ...) and its partita IVA (IdFiscaleIVA, required by the schema): `fatturapa: {regime: RF19}` and `tax_id: IT...` under `business:` in invoic.yaml.",
        example: "einvoice: [fatturapa]   <- and no fatturapa: {regime: ...}")
    static let party = Rule(.fatturapaParty, summary: "a FatturaPA party lacks its address or its fiscal ids",
        explanation: "Both parties of a FatturaPA have a Sede (street, 5-digit CAP, town, 2-letter province in Italy, country), and an Italian buyer is identified by its partita IVA (`tax_id: IT...`) or its codice fiscale (`tax_number:`), else the SdI rejects the file (00417).",
        example: "# file: clients/rossi.yaml\nname: Mario Rossi   <- no tax_id, no tax_number")
    static let natura = Rule(.fatturapaNatura, summary: "a FatturaPA line without VAT has no Natura, or a Natura with VAT",
        explanation: "Every FatturaPA line at 0 % says why in its Natura (N1 excluded, N2.x not subject, N3.x not taxable, N4 exempt, N6.x reverse charge): the untaxed categories name one (outside-scope N2.2, exempt N4, export N3.1, intra-eu N3.2, reverse-charge N6.9, or the exemption's `code:`), but a plain `0%` does not, and the SdI rejects it (00400). A charge of `code: N1` is excluded from VAT, so it has no rate (00401).",
        example: "items:\n  - { description: Consulenza, price: 100.00, tax: 0% }   <- write tax: exempt, or outside-scope")
    static let bollo = Rule(.fatturapaBollo, summary: "the stamp duty of a FatturaPA is missing, wrong or not due",
        explanation: "An invoice whose amounts without VAT (not subject, exempt) exceed 77.47 EUR bears a 2.00 EUR stamp duty (art. 13 Tariffa DPR 642/1972, paid virtually: DatiBollo). invoic writes DatiBollo itself; with `fatturapa: {bollo: client}` the invoice charges it to the client as a charge `{reason: Imposta di bollo, amount: 2.00, code: N1}`, which must then be there, be 2.00, and be on an invoice that owes the duty.",
        example: "fatturapa: {regime: RF19, bollo: client}\n# file: invoices/2026_001.yaml: 120.00 without VAT and no charge of code N1")
    static let latin = Rule(.fatturapaLatin, summary: "a FatturaPA text has characters outside Latin-1",
        explanation: "FatturaPA's texts (descriptions, names, addresses) are Latin-1 (String...Latin types of the schema): a character outside it, e.g. an emoji, a typographic quote or a Greek letter, makes the file invalid and the SdI rejects it (00200). Write it with Latin-1 characters.",
        example: "items:\n  - { description: \"Logo “Aurora”\" }   <- write \"Logo 'Aurora'\"")
    static let ritenuta = Rule(.fatturapaRitenuta, summary: "a FatturaPA's ritenuta is not one the SdI knows, or its base holds what the law leaves out",
        explanation: "An Italian invoice's withholding is the ritenuta d'acconto: `withholding: [{kind: RT01, rate: 20%}]` (RT01 a natural person, RT02 a legal person; RT03..RT06 pension funds), written as DatiRitenuta with causale A. Withheld on every line, its base is the whole taxable amount: the INPS contribution (TC22) belongs in it, but a professional fund's contribution (TC01..TC21) and the stamp duty (N1) do not, so such an invoice cannot state its base right and is refused.",
        example: "withholding: [{kind: IRPF, rate: 20%}]   <- an Italian invoice's kind is RT01 or RT02")

    static let progressive = Rule(.fatturapaProgressive, summary: "a FatturaPA's `sdi_progressive:` is not one the SdI takes, or another document's",
        explanation: "`invoic sdi send` writes `sdi_progressive:` on a document when it mails its FatturaPA to the SdI: the progressive of its file name (IT<id>_<progressive>.xml) and of ProgressivoInvio, 1 to 5 letters or digits. The SdI rejects a name it received before (00002), so two documents never share one; a file sent again after a rejection gets a new one from `invoic sdi send`. Leave it as written.",
        example: "sdi_progressive: \"00003\"   <- invoices/2026_001.yaml says 00003 too")

    static let rules = [settings, party, natura, bollo, latin, ritenuta, progressive]

    static func problems(of document: Document, in book: Book, setting: (file: String, range: SourceRange)) -> [Diagnostic] {
        guard let figures = document.figures, let italian = FatturaPAFigures(book: book, document: document) else { return [] }
        var out: [Diagnostic] = []
        let prefix = "\(document.number): "
        func add(_ rule: Rule, _ message: String, _ file: String, _ range: SourceRange, help: String) {
            out.append(.error(rule.code, prefix + message, file: file, range: range, help: help))
        }
        let client = book.clients[document.client.value]
        let clientFile = client?.file ?? "clients/\(document.client.value).yaml"
        let fatturapa = book.settings.fatturapa

        // The file's name, which the SdI takes once.
        if let written = document.sdiProgressive {
            if !(1...5).contains(written.value.count) || !written.value.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isUppercase) }) {
                add(progressive, "`\(written.value)` is no SdI progressive: 1 to 5 digits or capital letters", document.file, written.range,
                    help: "`invoic sdi send` writes it; restore the value it wrote (`git log -p \(document.file)`)")
            } else if let other = book.documents.first(where: { $0.kind.isBilling && $0.number != document.number && $0.sdiProgressive?.value == written.value }) {
                add(progressive, "\(other.number) was sent with the progressive \(written.value) too: the SdI rejects a file name it received (00002)", document.file, written.range,
                    help: "restore the value `invoic sdi send` wrote (`git log -p \(document.file)`)")
            }
        }
        // The seller.
        if fatturapa?.regime == nil {
            add(settings, "a FatturaPA names the seller's regime (RegimeFiscale)", setting.file, setting.range,
                help: "add `fatturapa: {regime: RF19}` (forfettario) or `{regime: RF01}` (ordinario) to invoic.yaml")
        }
        let seller = book.settings.business
        if !(seller.taxID.map { $0.replacingOccurrences(of: " ", with: "").uppercased().hasPrefix("IT") } ?? false) {
            add(settings, "a FatturaPA names the seller's partita IVA (IdFiscaleIVA)", setting.file, setting.range,
                help: "set `tax_id: IT...` (the partita IVA with IT) under `business:` in invoic.yaml")
        }
        if let problem = addressProblem(seller.address) {
            add(party, "the seller's address \(problem)", setting.file, setting.range, help: "write the address under `business:` in invoic.yaml as a mapping with street, postal_code, city, region (the province) and country")
        }
        // The buyer.
        let buyer = client?.contact
        if let problem = addressProblem(buyer?.address) {
            add(party, "the buyer's address \(problem)", document.file, document.client.range, help: "write the address in \(clientFile) as a mapping with street, postal_code, city, region (the province) and country")
        }
        if (buyer?.address?.country ?? "IT").uppercased() == "IT", !(buyer?.taxID.map(Identifiers.hasCountryPrefix) ?? false), buyer?.taxNumber == nil {
            add(party, "an Italian buyer is identified by its partita IVA or its codice fiscale (SdI 00417)", document.file, document.client.range,
                help: "set `tax_id: IT...` (a business) or `tax_number:` (the codice fiscale of a person) in \(clientFile)")
        }

        // Texts in Latin-1.
        func latinProblem(_ text: String?) -> Character? { text?.first { $0.unicodeScalars.contains { $0.value > 0xFF } } }
        for (item, _) in zip(document.items, figures.lines) {
            if let bad = latinProblem(item.description) ?? latinProblem(item.unit) {
                add(latin, "the line's text has `\(bad)`, which is not Latin-1", document.file, item.range, help: "write it with Latin-1 characters (FatturaPA's String...Latin types)")
            }
        }
        for adjustment in document.charges + document.allowances {
            if let bad = latinProblem(adjustment.reason) {
                add(latin, "the reason has `\(bad)`, which is not Latin-1", document.file, adjustment.range, help: "write it with Latin-1 characters")
            }
        }
        for (contact, file, range) in [(seller, setting.file, setting.range), (buyer, document.file, document.client.range)] {
            guard let contact else { continue }
            let address = contact.address
            if let bad = [contact.name, address?.street, address?.city].lazy.compactMap(latinProblem).first {
                add(latin, "the name or address of \(contact.name) has `\(bad)`, which is not Latin-1", file, range,
                    help: "write the name and address with Latin-1 characters")
            }
        }

        // Natura of every untaxed line; N1 only without VAT.
        for line in italian.lines where line.natura == nil && line.tax.rate.isZero {
            add(natura, "a line at 0 % has no Natura: the SdI rejects it (00400)", document.file, line.range,
                help: "write `tax: exempt` (N4), `outside-scope` (N2.2), `export` (N3.1), `intra-eu` (N3.2) or `reverse-charge` (N6.9), with `exemption: {code: N..}` for another Natura")
        }
        for adjustment in document.charges where adjustment.code == "N1" {
            let tax = adjustment.tax?.value ?? document.tax?.value ?? client?.tax?.value ?? book.settings.defaults.tax?.value
            if let tax, !tax.category.isUntaxed {
                add(natura, "the stamp duty charge (code N1) is excluded from VAT, but is taxed at \(tax.rate)", document.file, adjustment.range,
                    help: "add `tax: outside-scope` to the charge")
            }
        }

        // The ritenuta: a kind the SdI knows, a base without what the law leaves out.
        // Where the withholding was written: a line, the document, the client, the book.
        let written: (String, SourceRange)? = document.items.lazy.compactMap { $0.withholding?.range }.first.map { (document.file, $0) }
            ?? document.withholding.map { (document.file, $0.range) } ?? client?.withholding.map { (clientFile, $0.range) }
            ?? book.settings.defaults.withholding.map { (BookSettings.fileName, $0.range) }
        for withheld in figures.withholdings where !["RT01", "RT02", "RT03", "RT04", "RT05", "RT06"].contains(withheld.kind) {
            add(ritenuta, "the withholding `\(withheld.kind)` is no TipoRitenuta of a FatturaPA", written?.0 ?? document.file, written?.1 ?? document.client.range,
                help: "write `kind: RT01` (the ritenuta d'acconto of a natural person) or `RT02` (of a company)")
        }
        for cassa in italian.cassa where cassa.ritenuta && cassa.type != "TC22" {
            add(ritenuta, "the \(cassa.type) contribution is not subject to the ritenuta, but a withholding on every line puts it in the base", document.file, cassa.range,
                help: "only the INPS contribution (TC22) is withheld on; invoic cannot yet leave a fund's contribution out of the base (docs/italy.md)")
        }
        for line in italian.lines where line.ritenuta && line.natura == "N1" {
            add(ritenuta, "the stamp duty is not subject to the ritenuta, but a withholding on every line puts it in the base", document.file, line.range,
                help: "let the business bear the stamp (`bollo: self`), or withhold on the items only (`withholding:` on each line)")
        }

        // The stamp duty.
        if document.kind == .invoice {
            let charged = italian.stampCharges
            switch fatturapa?.bollo?.value ?? .self {
            case .client:
                if italian.stampDue, charged.isEmpty {
                    add(bollo, "\(MoneyFormat.plain(italian.stampBase, figures.currency)) EUR without VAT is above 77.47: the 2.00 stamp duty is charged to the client (fatturapa: bollo: client), but the invoice has no charge of code N1",
                        document.file, document.itemsRange ?? document.client.range,
                        help: "add `charges: [{reason: Imposta di bollo, amount: 2.00, code: N1}]`")
                }
            case .self:
                for charge in charged {
                    add(bollo, "the stamp duty is borne by the business (fatturapa: bollo: self), but the invoice charges it to the client", document.file, charge.range,
                        help: "remove the charge, or set `bollo: client` under `fatturapa:` in invoic.yaml")
                }
            }
            for charge in charged where charge.amount != Natura.stampDuty || !italian.stampDue {
                add(bollo, italian.stampDue ? "the stamp duty is 2.00 EUR, not \(MoneyFormat.plain(charge.amount, figures.currency))"
                        : "the invoice owes no stamp duty: its amount without VAT, \(MoneyFormat.plain(italian.stampBase, figures.currency)) EUR, is not above 77.47",
                    document.file, charge.range, help: italian.stampDue ? "write `amount: 2.00`" : "remove the charge of code N1")
            }
        }

        return out
    }

    /// What the schema's Sede lacks: a street, the town, a 5-digit CAP in Italy, a 2-letter province.
    static func addressProblem(_ address: Address?) -> String? {
        guard let address else { return "is missing" }
        let country = (address.country ?? "").uppercased()
        if country.count != 2 { return "names no country (ISO code, e.g. IT)" }
        if (address.street ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "has no street (Indirizzo)" }
        if (address.city ?? "").isEmpty { return "has no town (Comune)" }
        if country == "IT" {
            guard let cap = address.postalCode, cap.count == 5, cap.allSatisfy({ $0.isASCII && $0.isNumber }) else { return "has no 5-digit CAP (postal_code)" }
            if let province = address.region, !(province.count == 2 && province.allSatisfy({ $0.isASCII && $0.isLetter })) {
                return "names the province `\(province)`; FatturaPA takes its 2-letter code (region: BO)"
            }
        }
        return nil
    }
}

extension DiagnosticCode {
    public static let fatturapaSettings = DiagnosticCode("fatturapa-settings")
    public static let fatturapaParty = DiagnosticCode("fatturapa-party")
    public static let fatturapaNatura = DiagnosticCode("fatturapa-natura")
    public static let fatturapaBollo = DiagnosticCode("fatturapa-bollo")
    public static let fatturapaLatin = DiagnosticCode("fatturapa-latin")
    public static let fatturapaRitenuta = DiagnosticCode("fatturapa-ritenuta")
    public static let fatturapaProgressive = DiagnosticCode("fatturapa-progressive")
}
