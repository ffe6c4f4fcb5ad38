/// One incoming booking written as a bank exports it, in camt.053 and in MT940 (issue 38: the
/// same money in two formats, under two references). The texts are what a bank writes, made by
/// hand here so that tests replay what `invoic match` meets, not what invoic itself writes.
public struct ExportedCredit: Sendable {
    /// The statement's own account: camt `Acct/Id/IBAN`, MT940 `:25:`.
    public var account: String
    /// YYYY-MM-DD.
    public var date: String
    /// With a point: `500.00`.
    public var amount: String
    public var payer: String
    /// The payer's IBAN, or nil when the export leaves it out.
    public var payerIBAN: String?
    public var text: String
    public var reference: String

    public init(account: String = "AT611904300234573201", date: String, amount: String, payer: String, payerIBAN: String?, text: String, reference: String) {
        self.account = account
        self.date = date
        self.amount = amount
        self.payer = payer
        self.payerIBAN = payerIBAN
        self.text = text
        self.reference = reference
    }

    /// A camt.053 statement of `credits` (all of one account, the first's): each transaction's
    /// details are on line 4, 6, 8, ...
    public static func camt053(_ credits: [ExportedCredit]) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document><BkToCstmrStmt><Stmt><Acct><Id><IBAN>\(credits.first?.account ?? "")</IBAN></Id><Ccy>EUR</Ccy></Acct>\n"
        for credit in credits {
            let iban = credit.payerIBAN.map { "<DbtrAcct><Id><IBAN>\($0)</IBAN></Id></DbtrAcct>" } ?? ""
            text += "<Ntry><Amt Ccy=\"EUR\">\(credit.amount)</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>\(credit.date)</Dt></BookgDt><AcctSvcrRef>\(credit.reference)</AcctSvcrRef>\n"
                + "<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>\(credit.payer)</Nm></Dbtr>\(iban)</RltdPties><RmtInf><Ustrd>\(credit.text)</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n"
        }
        return text + "</Stmt></BkToCstmrStmt></Document>\n"
    }

    /// An MT940 statement of `credits` as a German bank writes it (`:86:` in `?` subfields, the
    /// text cut into 27-character pieces): each booking's `:61:` is on line 5, 7, 9, ...
    public static func mt940(_ credits: [ExportedCredit]) -> String {
        var text = ":20:STARTUMSE\n:25:\(credits.first?.account ?? "")\n:28C:00011/001\n:60F:C261101EUR12450,00\n"
        for credit in credits {
            let parts = credit.date.split(separator: "-")
            let yymmdd = parts[0].suffix(2) + parts[1] + parts[2]
            var purpose = "SVWZ+" + credit.text
            var pieces: [String] = []
            while !purpose.isEmpty {
                pieces.append(String(purpose.prefix(27)))
                purpose = String(purpose.dropFirst(27))
            }
            let subfields = pieces.enumerated().map { "?\(20 + $0.offset)\($0.element)" }.joined()
            text += ":61:\(yymmdd)\(parts[1])\(parts[2])C\(credit.amount.replacingOccurrences(of: ".", with: ","))NTRFNONREF//\(credit.reference)\n"
                + ":86:166?00SEPA-GUTSCHRIFT\(subfields)\(credit.payerIBAN.map { "?31\($0)" } ?? "")?32\(credit.payer)\n"
        }
        return text + ":62F:C261130EUR12950,00\n-\n"
    }
}
