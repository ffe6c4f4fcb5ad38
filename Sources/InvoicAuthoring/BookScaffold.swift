import Foundation
import InvoicBook
import InvoicMoney

/// The files of a new book (`invoic init`): settings with commented defaults, the three folders,
/// a Makefile, a .gitignore, a README line and schemas for editors.
public enum BookScaffold {
    /// - Parameters:
    ///   - tax: the default rate, e.g. `19%`; nil for a country without one (0 %, with a comment).
    ///   - country: the business's country (ISO 3166 alpha-2), for the address's placeholder.
    ///   - history: write `history: true`, so `invoic check` judges the book against its git history.
    public static func files(name: String, currency: Currency, locale: String, tax: String? = nil, country: String = "US",
                             history: Bool = false) -> [(path: String, text: String)] {
        var files: [(String, String)] = [
            (BookSettings.fileName, settings(name: name, currency: currency, locale: locale, tax: tax, country: country, history: history)),
            ("clients/.gitkeep", ""),
            ("invoices/.gitkeep", ""),
            ("estimates/.gitkeep", ""),
            ("Makefile", makefile),
            (".gitignore", "build/\n"),
            ("README.md", readme(name: name)),
        ]
        for kind in JSONSchema.Kind.allCases {
            files.append((".invoic/schemas/\(kind.rawValue).schema.json", JSONSchema.text(kind)))
        }
        return files
    }

    static func settings(name: String, currency: Currency, locale: String, tax: String? = nil, country: String = "US",
                         history: Bool = false) -> String {
        // France: the four rates BR-FR-16 knows for metropolitan France, named where the book is set.
        let rateNote = country == "FR" && tax == "20%" ? "# the standard rate; a client or a line may set 10%, 5.5% or 2.1%" : "# the standard rate; a client or a line may set another"
        let taxLine = tax.map { "tax: \($0)".padding(toLength: 31, withPad: " ", startingAt: 0) + rateNote }
            ?? "tax: 0%                        # no national rate: set your sales tax, e.g. 8.25%"
        return """
        # yaml-language-server: $schema=.invoic/schemas/book.schema.json
        # The business profile and the defaults every client and document inherits.
        # Every key is described in docs/book-format.md of invoic.
        business:
          name: \(YAMLText.scalar(name))
          # Your details, printed on every document: uncomment and fill in.
          # email: you@example.com
          # phone: "your phone number, with the country code"
          # address:
          #   street: your street and number
          #   city: your city
          #   postal_code: "your postal code"
          #   country: \(country)
          # tax_id: your VAT number or tax id (checked when it has an EU prefix)
          # contact:                     # the person to ask about invoices (BG-6; XRechnung needs all three)
          #   name: your name
          #   phone: "your phone number"
          #   email: you@example.com
        \(country == "FR" ? french : "  # electronic_address: \"SCHEME:ID\"   # where e-invoices reach you (Peppol, BT-34), e.g. 0088:<GLN> or 0204:<Leitweg-ID>")
          # logo: assets/logo.png
        # payment:                       # printed as PAYMENT DETAILS when any is set
        #   bank: your bank's name
        #   account: your IBAN or account number
        #   bic: your bank's BIC
        defaults:
          currency: \(currency.code)
          locale: \(YAMLText.scalar(locale))
          \(taxLine)
          terms: 30                      # days from issue to due
          validity: 30                   # days an estimate stays valid
          # rounding: half_even          # default: half_away_from_zero
        numbering:
          invoice: "INV-{seq:4}"         # or "INV-{year}-{seq:3}" to restart every year
          estimate: "EST-{seq:4}"
          gaps: error                    # or warning where the law only asks for unique numbers
        # template: invoi                # or classic, or templates/<name>.yaml
        \(history ? "" : "# ")history: true                  # check against git history: issued invoices stay as issued
        \(country == "IT" ? italy : country == "FR" ? frenchOutputs : "")
        """
    }

    /// An Italian book sends every invoice to the SdI as a FatturaPA (docs/italy.md): the keys it
    /// needs, the regime to choose.
    static let italy = """
        # Italy: every invoice goes to the SdI as a FatturaPA, which needs under `business:` your
        # partita IVA (tax_id: IT and 11 digits), your codice fiscale (tax_number:) and the address
        # with region: (the 2-letter province) and postal_code: (the CAP). docs/italy.md of invoic.
        einvoice: [fatturapa]
        fatturapa:
          regime: RF01                   # ordinario; RF19 forfettario (then tax: outside-scope, exemption: {code: N2.2})
          # bollo: client                # charge the 2.00 EUR stamp duty above 77.47 EUR to the client (a charge, code N1)

        """

    /// The French mentions (docs/france.md), commented out like the rest of the business's
    /// details: what a platform refuses an invoice without (BR-FR-10, BR-FR-08, BR-FR-13).
    static let french = """
          # siren: "your 9-digit SIREN"  # BT-30, printed and in every e-invoice (BR-FR-10)
          # siret: "your 14-digit SIRET" # the establishment that invoices
          # electronic_address: "0225:<your SIREN>"   # your address in the French annuaire
          # billing_mode: S1             # cadre de facturation (BT-23): B1 goods, S1 services, M1 mixed
          # vat_on_debits: true          # if you opted to pay VAT on your services when invoiced
          # micro-entrepreneur in franchise en base: under defaults, tax: exempt and
          #   exemption: { code: VATEX-FR-FRANCHISE, text: "TVA non applicable, art. 293 B du CGI" }
          # Every invoice carries the notes of art. L441-9 and L441-10 of the Code de commerce (the
          # 40 EUR recovery fee, the late-payment penalties, no discount for early payment): invoic
          # writes them, on the PDF and as the notes PMT, PMD and AAB of the e-invoice (docs/france.md).
        """

    /// A French business issues e-invoices through its approved platform (from September 2026 for
    /// the large, 2027 for the others): Factur-X by default, the profile the platform asks for.
    static let frenchOutputs = """
        # France: every invoice to a business goes through your approved platform as an e-invoice
        # (Factur-X, UBL or CII), which it refuses without your SIREN and the client's (BR-FR rules;
        # `invoic check` reports them). docs/france.md of invoic.
        einvoice: [factur-x]             # or [ubl, cii, factur-x]
        # einvoice_profile: extended-ctc-fr   # if your platform asks for EXTENDED-CTC-FR

        """

    static let makefile = """
        # Written by `invoic init`. `make` builds every PDF and the index report into build/,
        # and calls invoic only when a file of the book changed.
        INVOIC ?= invoic

        all: build/.invoic-stamp

        build/.invoic-stamp:
        \t$(INVOIC) build --depfile build/invoic.d

        -include build/invoic.d

        # One document: make build/INV-0007.pdf
        build/%.pdf:
        \t$(INVOIC) pdf $* -o build

        check:
        \t$(INVOIC) check

        report:
        \t$(INVOIC) report

        # The invoices of recurring/ that fell due, then everything: make recur all
        recur:
        \t$(INVOIC) recur --apply

        # Overdue invoices that reached a new reminder level: build/reminders/
        remind:
        \t$(INVOIC) remind

        clean:
        \trm -rf build

        .PHONY: all check report recur remind clean

        """

    static func readme(name: String) -> String {
        """
        # \(name)

        Invoices, estimates and clients as YAML files, compiled by invoic.
        Start with `invoic new client acme --name "Acme Corp"`, then
        `invoic new invoice --client acme`; `make` builds the PDFs and the report into build/.
        Keep it in git: `invoic init --hooks` installs a pre-commit hook that refuses a commit
        changing an issued invoice, and `invoic log INV-0001` tells an invoice's story.

        """
    }
}
