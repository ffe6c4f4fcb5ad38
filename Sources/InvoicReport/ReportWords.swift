import Foundation
import Synchronization

/// The report's words in the book's language (`defaults.locale`): titles, column heads, notes and
/// status words of the text, Markdown and HTML reports. The CSV's column names and the JSON's keys
/// and status values stay English: they are read by programs (docs/labels.md).
///
/// One row per key, one column per language; a `_one` / `_few` / `_other` key is a word that
/// changes with a count. An empty cell falls back to the language's `_other` form, then to
/// English. Month names come from ICU in the same locale, as the PDFs' dates do.
public struct ReportWords: Sendable {
    static let languages = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "nb", "fi", "cs", "ja", "zh"]

    /// The language the words are in: the locale's, or English when invoic has no words for it.
    public let language: String
    private let locale: Locale

    /// The words of `identifier`, made once per process: the renderers ask for them cell by
    /// cell, and making a `Locale` each time was a twentieth of rendering the HTML report.
    public static func of(_ identifier: String) -> ReportWords {
        if let known = made.withLock({ $0[identifier] }) { return known }
        let words = ReportWords(locale: identifier)
        made.withLock { $0[identifier] = words }
        return words
    }

    private static let made = Mutex<[String: ReportWords]>([:])

    /// Month names by format and month key, for every `ReportWords` of a locale alike.
    private let months = MonthNames()

    init(locale identifier: String) {
        let code = String(identifier.prefix { $0 != "_" && $0 != "-" }).lowercased()
        let language = code == "no" || code == "nn" ? "nb" : code
        self.language = Self.table[language] == nil ? "en" : language
        locale = Locale(identifier: identifier)
    }

    public subscript(_ key: String) -> String {
        Self.table[language]?[key] ?? Self.table["en"]?[key] ?? key
    }

    /// Where a Peppol transmission stands (`TransmissionState`'s raw value, as the outbox records
    /// it), for its badge: `zugestellt`, `in transito`. The raw value stays the badge's CSS class.
    public func peppolState(_ state: String) -> String { Self.table[language]?["peppol_\(state)"] ?? Self.table["en"]?["peppol_\(state)"] ?? state }

    /// Where a FatturaPA stands at the SdI (`SDIRecord.State`'s raw value), in the SdI's own
    /// words in Italian (`scartata`, `decorrenza termini`) and the book's language elsewhere.
    public func sdiState(_ state: String) -> String { Self.table[language]?["sdi_\(state)"] ?? Self.table["en"]?["sdi_\(state)"] ?? state }

    /// A text with `{name}` placeholders filled in.
    public func format(_ key: String, _ values: [String: String]) -> String {
        Self.fill(self[key], values)
    }

    /// The form of `key` that fits `count` (`1 invoice`, `2 invoices`; Polish and Czech have a
    /// third form for 2-4), with `{n}` and the other placeholders filled in.
    func count(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        let form = pluralForm(count)
        let text = Self.table[language]?["\(key)_\(form)"] ?? Self.table[language]?["\(key)_other"]
            ?? Self.table["en"]?["\(key)_\(form == "few" ? "other" : form)"] ?? key
        return Self.fill(text, values.merging(["n": String(count)]) { a, _ in a })
    }

    /// CLDR's cardinal plural categories for the languages shipped, for whole numbers.
    func pluralForm(_ n: Int) -> String {
        switch language {
        case "ja", "zh": return "other"
        case "fr", "pt": return n == 0 || n == 1 ? "one" : "other"
        case "pl": return n == 1 ? "one" : (2...4).contains(n % 10) && !(12...14).contains(n % 100) ? "few" : "other"
        case "cs": return n == 1 ? "one" : (2...4).contains(n) ? "few" : "other"
        default: return n == 1 ? "one" : "other"
        }
    }

    /// The day in digits as the locale orders them (`31.10.2026`, `10/31/2026`), for a text
    /// another program carries to a person (an e-invoice's payment terms).
    public func numericDate(year: Int, month: Int, day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return "\(year)-\(month)-\(day)" }
        var style = Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
            .year().month(.twoDigits).day(.twoDigits)
        style.locale = locale
        return style.format(date)
    }

    /// `January 2026` (`Januar 2026`, `2026年1月`) for the month key `2026-01`.
    func longMonth(_ key: String) -> String { month(key, Date.FormatStyle().month(.wide).year()) ?? key }

    /// `Jan` (`Jän`, `1月`) for the month key `2026-01`, for the chart.
    func shortMonth(_ key: String) -> String { month(key, Date.FormatStyle().month(.abbreviated)) ?? key }

    private func month(_ key: String, _ style: Date.FormatStyle) -> String? {
        if let known = months.names.withLock({ $0[MonthNames.Key(style: style, key: key)] }) { return known }
        let name = formattedMonth(key, style)
        months.names.withLock { $0[MonthNames.Key(style: style, key: key)] = name }
        return name
    }

    private func formattedMonth(_ key: String, _ style: Date.FormatStyle) -> String? {
        guard key.count == 7, let year = Int(key.prefix(4)), let month = Int(key.suffix(2)), (1...12).contains(month) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: 15)) else { return nil }
        var style = style
        style.locale = locale
        style.calendar = calendar
        style.timeZone = calendar.timeZone
        return style.format(date)
    }

    private static func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// language -> key -> text, read once from `rows`.
    static let table: [String: [String: String]] = {
        var table: [String: [String: String]] = [:]
        for row in rows.split(separator: "\n") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            precondition(cells.count == languages.count + 1, "ReportWords row \(cells.first ?? "") has \(cells.count) cells")
            for (language, text) in zip(languages, cells.dropFirst()) where !text.isEmpty {
                table[language, default: [:]][cells[0]] = text
            }
        }
        return table
    }()

    /// key|en|de|fr|es|it|nl|pt|pl|sv|da|nb|fi|cs|ja|zh
    private static let rows = """
        index|Index|Übersicht|Index|Índice|Indice|Overzicht|Índice|Zestawienie|Sammanställning|Oversigt|Sammendrag|Yhteenveto|Přehled|一覧|总览
        title|{business}: index as of {date}|{business}: Übersicht zum {date}|{business} : index au {date}|{business}: índice a {date}|{business}: indice al {date}|{business}: overzicht per {date}|{business}: índice em {date}|{business}: zestawienie na dzień {date}|{business}: sammanställning per {date}|{business}: oversigt pr. {date}|{business}: sammendrag per {date}|{business}: yhteenveto {date}|{business}: přehled k {date}|{business}：{date} 時点の一覧|{business}：截至 {date} 的总览
        as_of|as of {date}|Stand {date}|au {date}|a {date}|al {date}|per {date}|em {date}|na dzień {date}|per {date}|pr. {date}|per {date}|{date}|k {date}|{date} 時点|截至 {date}
        dashboard|Dashboard|Kennzahlen|Tableau de bord|Resumen|Riepilogo|Kerncijfers|Resumo|Podsumowanie|Översikt|Overblik|Oversikt|Tilannekatsaus|Souhrn|概要|概况
        invoices|Invoices|Rechnungen|Factures|Facturas|Fatture|Facturen|Faturas|Faktury|Fakturor|Fakturaer|Fakturaer|Laskut|Faktury|請求書|发票
        estimates|Estimates|Angebote|Devis|Presupuestos|Preventivi|Offertes|Orçamentos|Oferty|Offerter|Tilbud|Tilbud|Tarjoukset|Nabídky|見積書|报价单
        credit_notes|Credit notes|Rechnungskorrekturen|Avoirs|Facturas rectificativas|Note di credito|Creditnota's|Notas de crédito|Faktury korygujące|Kreditfakturor|Kreditnotaer|Kreditnotaer|Hyvityslaskut|Opravné doklady|クレジットノート|贷项通知单
        corrects|Corrects|Korrigiert|Rectifie|Rectifica|Rettifica|Corrigeert|Corrige|Koryguje|Krediterar|Krediterer|Krediterer|Hyvittää|Opravuje|訂正対象|更正
        refunded|Refunded|Erstattet|Remboursé|Reembolsado|Rimborsato|Terugbetaald|Reembolsado|Zwrócono|Återbetalt|Tilbagebetalt|Tilbakebetalt|Palautettu|Vráceno|返金済み|已退款
        credited|Credited|Gutgeschrieben|Crédité|Abonado|Accreditato|Gecrediteerd|Creditado|Skorygowano|Krediterat|Krediteret|Kreditert|Hyvitetty|Dobropisováno|クレジット済|已贷记
        clients|Clients|Kunden|Clients|Clientes|Clienti|Klanten|Clientes|Klienci|Kunder|Kunder|Kunder|Asiakkaat|Klienti|取引先|客户
        receivables|Receivables|Forderungen|Créances|Cobros pendientes|Crediti|Debiteuren|Recebíveis|Należności|Fordringar|Tilgodehavender|Fordringer|Saatavat|Pohledávky|売掛金|应收账款
        aged_receivables|Aged receivables|Offene Forderungen nach Alter|Créances par ancienneté|Antigüedad de saldos|Crediti per anzianità|Ouderdom debiteuren|Recebíveis por antiguidade|Należności według wieku|Åldersanalys kundfordringar|Aldersfordelte tilgodehavender|Aldersfordelte fordringer|Saatavien ikäjakauma|Stáří pohledávek|売掛金の年齢分析|应收账款账龄
        days_past_due|days past due|Tage überfällig|jours de retard|días de vencimiento|giorni di ritardo|dagen over de vervaldatum|dias de atraso|dni po terminie|dagar efter förfallodag|dage over forfald|dager over forfall|päivää erääntymisestä|dní po splatnosti|支払期限超過日数|逾期天数
        income|Income|Einnahmen|Recettes|Ingresos|Entrate|Inkomsten|Receitas|Wpływy|Intäkter|Indtægter|Inntekter|Tulot|Příjmy|入金|收入
        income_by_month|Income by month|Einnahmen nach Monat|Recettes par mois|Ingresos por mes|Entrate per mese|Inkomsten per maand|Receitas por mês|Wpływy według miesięcy|Intäkter per månad|Indtægter pr. måned|Inntekter per måned|Tulot kuukausittain|Příjmy podle měsíců|月別入金|按月收入
        by_payment_date|by payment date|nach Zahlungsdatum|par date de paiement|por fecha de pago|per data di pagamento|op betaaldatum|por data de pagamento|według daty płatności|efter betalningsdatum|efter betalingsdato|etter betalingsdato|maksupäivän mukaan|podle data platby|入金日基準|按付款日期
        income_by_category|Income by category|Einnahmen nach Kategorie|Recettes par catégorie|Ingresos por categoría|Entrate per categoria|Inkomsten per categorie|Receitas por categoria|Wpływy według kategorii|Intäkter per kategori|Indtægter pr. kategori|Inntekter per kategori|Tulot luokittain|Příjmy podle kategorie|カテゴリ別入金|按类别收入
        income_by_project|Income by project|Einnahmen nach Projekt|Recettes par projet|Ingresos por proyecto|Entrate per progetto|Inkomsten per project|Receitas por projeto|Wpływy według projektów|Intäkter per projekt|Indtægter pr. projekt|Inntekter per prosjekt|Tulot projekteittain|Příjmy podle projektu|プロジェクト別入金|按项目收入
        tax|Tax|Steuer|Taxes|Impuestos|Imposte|Belasting|Impostos|Podatek|Skatt|Skat|Skatt|Verot|Daň|税|税
        tax_hint|invoices by issue date, drafts and void excluded|Rechnungen nach Rechnungsdatum, ohne Entwürfe und Stornos|factures par date d’émission, hors brouillons et annulées|facturas por fecha de emisión, sin borradores ni anuladas|fatture per data di emissione, escluse bozze e annullate|facturen op factuurdatum, zonder concepten en vervallen|faturas por data de emissão, sem rascunhos nem anuladas|faktury według daty wystawienia, bez szkiców i anulowanych|fakturor efter fakturadatum, utan utkast och makulerade|fakturaer efter fakturadato, uden kladder og annullerede|fakturaer etter fakturadato, uten utkast og annullerte|laskut päiväyksen mukaan, ilman luonnoksia ja mitätöityjä|faktury podle data vystavení, bez konceptů a stornovaných|請求日基準、下書きと取消を除く|按开票日期，不含草稿和作废
        warnings|Warnings|Warnungen|Avertissements|Advertencias|Avvisi|Waarschuwingen|Avisos|Ostrzeżenia|Varningar|Advarsler|Advarsler|Varoitukset|Upozornění|警告|警告
        newest_first|newest first|neueste zuerst|les plus récentes d’abord|más recientes primero|più recenti prima|nieuwste eerst|mais recentes primeiro|najnowsze najpierw|nyaste först|nyeste først|nyeste først|uusimmat ensin|nejnovější nahoře|新しい順|最新在前
        currency|Currency|Währung|Devise|Moneda|Valuta|Valuta|Moeda|Waluta|Valuta|Valuta|Valuta|Valuutta|Měna|通貨|币种
        purchases|Purchases|Eingangsrechnungen|Achats|Compras|Acquisti|Inkoopfacturen|Compras|Zakupy|Inköp|Køb|Innkjøp|Ostot|Nákupy|仕入|采购
        payables|Payables|Verbindlichkeiten|À payer|A pagar|Da pagare|Te betalen|A pagar|Do zapłacenia|Att betala|Til betaling|Å betale|Maksettavat|K úhradě|買掛金|应付
        supplier|Supplier|Lieferant|Fournisseur|Proveedor|Fornitore|Leverancier|Fornecedor|Dostawca|Leverantör|Leverandør|Leverandør|Toimittaja|Dodavatel|仕入先|供应商
        input_vat|Input VAT|Vorsteuer|TVA déductible|IVA soportado|IVA a credito|Voorbelasting|IVA dedutível|VAT naliczony|Ingående moms|Indgående moms|Inngående mva|Ostojen ALV|DPH na vstupu|仕入税額|进项税
        findings|Findings|Befunde|Constats|Hallazgos|Rilievi|Bevindingen|Constatações|Uwagi|Avvikelser|Fund|Funn|Havainnot|Nálezy|指摘|问题
        open_purchases_one|{n} to pay|{n} zu zahlen|{n} à payer|{n} por pagar|{n} da pagare|{n} te betalen|{n} a pagar|{n} do zapłaty|{n} att betala|{n} til betaling|{n} å betale|{n} maksettavana|{n} k úhradě|{n} 件未払い|{n} 笔待付
        open_purchases_other|{n} to pay|{n} zu zahlen|{n} à payer|{n} por pagar|{n} da pagare|{n} te betalen|{n} a pagar|{n} do zapłaty|{n} att betala|{n} til betaling|{n} å betale|{n} maksettavana|{n} k úhradě|{n} 件未払い|{n} 笔待付
        outstanding|Outstanding|Offen|Impayé|Pendiente|Da incassare|Openstaand|Em aberto|Do zapłaty|Utestående|Udestående|Utestående|Avoinna|Neuhrazeno|未回収|未收
        overdue|Overdue|Überfällig|En retard|Vencido|Scaduto|Achterstallig|Vencido|Zaległe|Förfallet|Forfaldent|Forfalt|Erääntynyt|Po splatnosti|期限超過|逾期
        paid_this_month|Paid this month|Diesen Monat bezahlt|Payé ce mois-ci|Cobrado este mes|Incassato questo mese|Deze maand betaald|Recebido este mês|Wpłynęło w tym miesiącu|Betalt denna månad|Betalt denne måned|Betalt denne måneden|Maksettu tässä kuussa|Zaplaceno tento měsíc|今月の入金|本月已收
        drafts|Drafts|Entwürfe|Brouillons|Borradores|Bozze|Concepten|Rascunhos|Szkice|Utkast|Kladder|Utkast|Luonnokset|Koncepty|下書き|草稿
        open_invoices_one|{n} open invoice|{n} offene Rechnung|{n} facture ouverte|{n} factura pendiente|{n} fattura aperta|{n} openstaande factuur|{n} fatura em aberto|{n} otwarta faktura|{n} obetald faktura|{n} åben faktura|{n} åpen faktura|{n} avoin lasku|{n} otevřená faktura|未回収 {n} 件|{n} 张未结发票
        open_invoices_few||||||||{n} otwarte faktury|||||{n} otevřené faktury||
        open_invoices_other|{n} open invoices|{n} offene Rechnungen|{n} factures ouvertes|{n} facturas pendientes|{n} fatture aperte|{n} openstaande facturen|{n} faturas em aberto|{n} otwartych faktur|{n} obetalda fakturor|{n} åbne fakturaer|{n} åpne fakturaer|{n} avointa laskua|{n} otevřených faktur|未回収 {n} 件|{n} 张未结发票
        invoices_count_one|{n} invoice|{n} Rechnung|{n} facture|{n} factura|{n} fattura|{n} factuur|{n} fatura|{n} faktura|{n} faktura|{n} faktura|{n} faktura|{n} lasku|{n} faktura|{n} 件|{n} 张发票
        invoices_count_few||||||||{n} faktury|||||{n} faktury||
        invoices_count_other|{n} invoices|{n} Rechnungen|{n} factures|{n} facturas|{n} fatture|{n} facturen|{n} faturas|{n} faktur|{n} fakturor|{n} fakturaer|{n} fakturaer|{n} laskua|{n} faktur|{n} 件|{n} 张发票
        not_sent_yet|not sent yet|noch nicht versandt|pas encore envoyés|sin enviar|non ancora inviate|nog niet verzonden|ainda não enviados|jeszcze niewysłane|inte skickade än|ikke sendt endnu|ikke sendt ennå|ei vielä lähetetty|zatím neodeslané|未送付|尚未发送
        documents_unit_one|document|Dokument|document|documento|documento|document|documento|dokument|dokument|dokument|dokument|asiakirja|doklad|件|份
        documents_unit_few||||||||dokumenty|||||doklady||
        documents_unit_other|documents|Dokumente|documents|documentos|documenti|documenten|documentos|dokumentów|dokument|dokumenter|dokumenter|asiakirjaa|dokladů|件|份
        number|Number|Nummer|Numéro|Número|Numero|Nummer|Número|Numer|Nummer|Nummer|Nummer|Numero|Číslo|番号|编号
        client|Client|Kunde|Client|Cliente|Cliente|Klant|Cliente|Klient|Kund|Kunde|Kunde|Asiakas|Klient|取引先|客户
        issued|Issued|Ausgestellt|Émise|Emitida|Emessa|Uitgegeven|Emitida|Wystawiona|Utfärdad|Udstedt|Utstedt|Päiväys|Vystaveno|発行日|开具日期
        due|Due|Fällig|Échéance|Vence|Scadenza|Vervalt|Vencimento|Termin|Förfaller|Forfalder|Forfaller|Eräpäivä|Splatnost|期限|到期日
        total|Total|Gesamt|Total|Total|Totale|Totaal|Total|Razem|Totalt|I alt|Totalt|Yhteensä|Celkem|合計|合计
        paid|Paid|Bezahlt|Payé|Pagado|Pagato|Betaald|Pago|Zapłacono|Betalt|Betalt|Betalt|Maksettu|Zaplaceno|入金済|已付
        due_amount|Due amount|Offener Betrag|Reste dû|Pendiente|Da pagare|Openstaand|Em dívida|Do zapłaty|Att betala|Til betaling|Å betale|Maksettavaa|K úhradě|未払額|应付金额
        status|Status|Status|Statut|Estado|Stato|Status|Estado|Status|Status|Status|Status|Tila|Stav|状態|状态
        issued_in|Issued in|Ausgestellt in|Émise dans|Emitida en|Emessa in|Uitgegeven in|Emitida em|Wystawiona w|Utfärdad i|Udstedt i|Utstedt i|Laadittu|Vystaveno v|発行コミット|开具提交
        valid_until|Valid until|Gültig bis|Valable jusqu’au|Válido hasta|Valido fino al|Geldig tot|Válido até|Ważna do|Giltig till|Gyldigt til|Gyldig til|Voimassa|Platnost do|有効期限|有效期至
        invoice|Invoice|Rechnung|Facture|Factura|Fattura|Factuur|Fatura|Faktura|Faktura|Faktura|Faktura|Lasku|Faktura|請求書|发票
        invoiced|Invoiced|Berechnet|Facturé|Facturado|Fatturato|Gefactureerd|Faturado|Zafakturowano|Fakturerat|Faktureret|Fakturert|Laskutettu|Fakturováno|請求額|已开票
        documents|Documents|Dokumente|Documents|Documentos|Documenti|Documenten|Documentos|Dokumenty|Dokument|Dokumenter|Dokumenter|Asiakirjat|Doklady|書類|单据
        last_activity|Last activity|Letzte Aktivität|Dernière activité|Última actividad|Ultima attività|Laatste activiteit|Última atividade|Ostatnia aktywność|Senaste aktivitet|Seneste aktivitet|Siste aktivitet|Viimeisin tapahtuma|Poslední aktivita|最終取引|最近活动
        period|Period|Zeitraum|Période|Periodo|Periodo|Periode|Período|Okres|Period|Periode|Periode|Jakso|Období|期間|期间
        rate|Rate|Satz|Taux|Tipo|Aliquota|Tarief|Taxa|Stawka|Sats|Sats|Sats|Kanta|Sazba|税率|税率
        taxable|Taxable|Bemessungsgrundlage|Base imposable|Base imponible|Imponibile|Grondslag|Base tributável|Podstawa|Underlag|Grundlag|Grunnlag|Veron peruste|Základ|課税対象|应税金额
        taxable_at|Taxable at {rate}|Bemessungsgrundlage {rate}|Base à {rate}|Base al {rate}|Imponibile al {rate}|Grondslag {rate}|Base a {rate}|Podstawa {rate}|Underlag {rate}|Grundlag {rate}|Grunnlag {rate}|Peruste {rate}|Základ {rate}|{rate} 対象額|{rate} 应税额
        tax_at|Tax at {rate}|Steuer {rate}|Taxe à {rate}|Impuesto al {rate}|Imposta al {rate}|Belasting {rate}|Imposto a {rate}|Podatek {rate}|Skatt {rate}|Skat {rate}|Skatt {rate}|Vero {rate}|Daň {rate}|{rate} 税額|{rate} 税额
        month|Month|Monat|Mois|Mes|Mese|Maand|Mês|Miesiąc|Månad|Måned|Måned|Kuukausi|Měsíc|月|月份
        received|Received|Eingegangen|Encaissé|Cobrado|Incassato|Ontvangen|Recebido|Wpłynęło|Mottaget|Modtaget|Mottatt|Saatu|Přijato|入金額|已收
        share|Share|Anteil|Part|Parte|Quota|Aandeel|Parte|Udział|Andel|Andel|Andel|Osuus|Podíl|割合|占比
        category|Category|Kategorie|Catégorie|Categoría|Categoria|Categorie|Categoria|Kategoria|Kategori|Kategori|Kategori|Luokka|Kategorie|カテゴリ|类别
        project|Project|Projekt|Projet|Proyecto|Progetto|Project|Projeto|Projekt|Projekt|Projekt|Prosjekt|Projekti|Projekt|プロジェクト|项目
        all|all|alle|tous|todos|tutte|alle|todas|wszystkie|alla|alle|alle|kaikki|vše|すべて|全部
        none|None.|Keine.|Aucun.|Ninguno.|Nessuno.|Geen.|Nenhum.|Brak.|Inga.|Ingen.|Ingen.|Ei yhtään.|Žádné.|なし|无
        no_invoices_yet|No invoices yet.|Noch keine Rechnungen.|Pas encore de factures.|Aún no hay facturas.|Ancora nessuna fattura.|Nog geen facturen.|Ainda sem faturas.|Brak faktur.|Inga fakturor än.|Ingen fakturaer endnu.|Ingen fakturaer ennå.|Ei vielä laskuja.|Zatím žádné faktury.|請求書はまだありません。|暂无发票。
        no_invoices|No invoices.|Keine Rechnungen.|Aucune facture.|No hay facturas.|Nessuna fattura.|Geen facturen.|Sem faturas.|Brak faktur.|Inga fakturor.|Ingen fakturaer.|Ingen fakturaer.|Ei laskuja.|Žádné faktury.|請求書はありません。|没有发票。
        no_estimates|No estimates.|Keine Angebote.|Aucun devis.|No hay presupuestos.|Nessun preventivo.|Geen offertes.|Sem orçamentos.|Brak ofert.|Inga offerter.|Ingen tilbud.|Ingen tilbud.|Ei tarjouksia.|Žádné nabídky.|見積書はありません。|没有报价单。
        no_credit_notes|No credit notes.|Keine Rechnungskorrekturen.|Aucun avoir.|No hay facturas rectificativas.|Nessuna nota di credito.|Geen creditnota's.|Sem notas de crédito.|Brak faktur korygujących.|Inga kreditfakturor.|Ingen kreditnotaer.|Ingen kreditnotaer.|Ei hyvityslaskuja.|Žádné opravné doklady.|クレジットノートはありません。|没有贷项通知单。
        no_clients|No clients.|Keine Kunden.|Aucun client.|No hay clientes.|Nessun cliente.|Geen klanten.|Sem clientes.|Brak klientów.|Inga kunder.|Ingen kunder.|Ingen kunder.|Ei asiakkaita.|Žádní klienti.|取引先はありません。|没有客户。
        nothing_owed|Nothing is owed.|Nichts ist offen.|Rien n’est dû.|No hay nada pendiente.|Nulla da incassare.|Er staat niets open.|Nada em dívida.|Brak należności.|Inget är obetalt.|Intet udestående.|Ingenting utestående.|Ei avoimia saatavia.|Nic není neuhrazeno.|未回収はありません。|没有应收款。
        no_payments|No payments yet.|Noch keine Zahlungen.|Pas encore de paiements.|Aún no hay pagos.|Ancora nessun pagamento.|Nog geen betalingen.|Ainda sem pagamentos.|Brak wpłat.|Inga betalningar än.|Ingen betalinger endnu.|Ingen betalinger ennå.|Ei vielä maksuja.|Zatím žádné platby.|入金はまだありません。|暂无付款。
        no_invoices_issued|No invoices issued.|Keine Rechnungen ausgestellt.|Aucune facture émise.|No se han emitido facturas.|Nessuna fattura emessa.|Geen facturen uitgegeven.|Nenhuma fatura emitida.|Nie wystawiono faktur.|Inga fakturor utfärdade.|Ingen fakturaer udstedt.|Ingen fakturaer utstedt.|Ei laadittuja laskuja.|Žádné vystavené faktury.|発行済みの請求書はありません。|没有已开具的发票。
        no_warnings|The checks found nothing to warn about.|Die Prüfungen fanden nichts zu beanstanden.|Les contrôles n’ont rien relevé.|Las comprobaciones no encontraron nada que advertir.|I controlli non hanno trovato nulla da segnalare.|De controles vonden niets om voor te waarschuwen.|As verificações não encontraram nada a assinalar.|Kontrole nie znalazły nic do zgłoszenia.|Kontrollerna hittade inget att varna för.|Kontrollerne fandt intet at advare om.|Kontrollene fant ingenting å advare om.|Tarkistukset eivät löytäneet huomautettavaa.|Kontroly nenašly nic k upozornění.|チェックで警告はありませんでした。|检查未发现需要警告的问题。
        no_category|No category|Ohne Kategorie|Sans catégorie|Sin categoría|Senza categoria|Geen categorie|Sem categoria|Bez kategorii|Ingen kategori|Ingen kategori|Ingen kategori|Ei luokkaa|Bez kategorie|カテゴリなし|无类别
        no_project|No project|Ohne Projekt|Sans projet|Sin proyecto|Senza progetto|Geen project|Sem projeto|Bez projektu|Inget projekt|Intet projekt|Uten prosjekt|Ei projektia|Bez projektu|プロジェクトなし|无项目
        archived|archived|archiviert|archivé|archivado|archiviato|gearchiveerd|arquivado|zarchiwizowany|arkiverad|arkiveret|arkivert|arkistoitu|archivováno|アーカイブ済|已归档
        last_12_months|last 12 months|letzte 12 Monate|12 derniers mois|últimos 12 meses|ultimi 12 mesi|laatste 12 maanden|últimos 12 meses|ostatnie 12 miesięcy|senaste 12 månaderna|seneste 12 måneder|siste 12 måneder|viimeiset 12 kuukautta|posledních 12 měsíců|直近12か月|最近 12 个月
        since_first_payment|since the first payment|seit der ersten Zahlung|depuis le premier paiement|desde el primer pago|dal primo pagamento|sinds de eerste betaling|desde o primeiro pagamento|od pierwszej wpłaty|sedan första betalningen|siden første betaling|siden første betaling|ensimmäisestä maksusta alkaen|od první platby|最初の入金以降|自首笔付款以来
        total_caption|total {amount}|gesamt {amount}|total {amount}|total {amount}|totale {amount}|totaal {amount}|total {amount}|razem {amount}|totalt {amount}|i alt {amount}|totalt {amount}|yhteensä {amount}|celkem {amount}|合計 {amount}|合计 {amount}
        months_as_table|Months as a table|Monate als Tabelle|Mois sous forme de tableau|Meses en tabla|Mesi in tabella|Maanden als tabel|Meses em tabela|Miesiące w tabeli|Månader som tabell|Måneder som tabel|Måneder som tabell|Kuukaudet taulukkona|Měsíce jako tabulka|月別の表|按月表格
        chart_label|Income by month in {currency}|Einnahmen nach Monat in {currency}|Recettes par mois en {currency}|Ingresos por mes en {currency}|Entrate per mese in {currency}|Inkomsten per maand in {currency}|Receitas por mês em {currency}|Wpływy według miesięcy w {currency}|Intäkter per månad i {currency}|Indtægter pr. måned i {currency}|Inntekter per måned i {currency}|Tulot kuukausittain, {currency}|Příjmy podle měsíců v {currency}|{currency} の月別入金|按月收入（{currency}）
        footer|Computed by invoic from the book’s files for {date}. Amounts in different currencies are never added together.|Von invoic aus den Dateien des Buchs für den {date} berechnet. Beträge in verschiedenen Währungen werden nie addiert.|Calculé par invoic à partir des fichiers du livre pour le {date}. Les montants en devises différentes ne sont jamais additionnés.|Calculado por invoic a partir de los archivos del libro para el {date}. Los importes en monedas distintas nunca se suman.|Calcolato da invoic dai file del libro per il {date}. Importi in valute diverse non vengono mai sommati.|Berekend door invoic uit de bestanden van het boek voor {date}. Bedragen in verschillende valuta worden nooit opgeteld.|Calculado pelo invoic a partir dos ficheiros do livro para {date}. Montantes em moedas diferentes nunca são somados.|Obliczone przez invoic z plików księgi na dzień {date}. Kwoty w różnych walutach nigdy nie są sumowane.|Beräknat av invoic från bokens filer per {date}. Belopp i olika valutor läggs aldrig ihop.|Beregnet af invoic ud fra bogens filer pr. {date}. Beløb i forskellige valutaer lægges aldrig sammen.|Beregnet av invoic fra bokens filer per {date}. Beløp i ulike valutaer legges aldri sammen.|invoic laski tämän kirjan tiedostoista päivälle {date}. Eri valuuttojen summia ei koskaan lasketa yhteen.|Vypočteno programem invoic ze souborů knihy k {date}. Částky v různých měnách se nikdy nesčítají.|invoic がブックのファイルから {date} 時点で算出。異なる通貨の金額は合算しません。|由 invoic 根据账簿文件计算，截至 {date}。不同币种的金额从不相加。
        filtered|Filtered: {filters}|Gefiltert: {filters}|Filtré : {filters}|Filtrado: {filters}|Filtrato: {filters}|Gefilterd: {filters}|Filtrado: {filters}|Filtr: {filters}|Filtrerat: {filters}|Filtreret: {filters}|Filtrert: {filters}|Suodatettu: {filters}|Filtr: {filters}|絞り込み：{filters}|筛选：{filters}
        filter_status|status {value}|Status {value}|statut {value}|estado {value}|stato {value}|status {value}|estado {value}|status {value}|status {value}|status {value}|status {value}|tila {value}|stav {value}|状態 {value}|状态 {value}
        filter_client|client {value}|Kunde {value}|client {value}|cliente {value}|cliente {value}|klant {value}|cliente {value}|klient {value}|kund {value}|kunde {value}|kunde {value}|asiakas {value}|klient {value}|取引先 {value}|客户 {value}
        filter_currency|currency {value}|Währung {value}|devise {value}|moneda {value}|valuta {value}|valuta {value}|moeda {value}|waluta {value}|valuta {value}|valuta {value}|valuta {value}|valuutta {value}|měna {value}|通貨 {value}|币种 {value}
        not_included_one|{n} document issued after {date} is not included|{n} nach dem {date} ausgestelltes Dokument ist nicht enthalten|{n} document émis après le {date} n’est pas inclus|{n} documento emitido después del {date} no está incluido|{n} documento emesso dopo il {date} non è incluso|{n} document uitgegeven na {date} is niet meegenomen|{n} documento emitido depois de {date} não está incluído|{n} dokument wystawiony po {date} nie jest uwzględniony|{n} dokument utfärdat efter {date} ingår inte|{n} dokument udstedt efter {date} er ikke medtaget|{n} dokument utstedt etter {date} er ikke med|{n} {date} jälkeen laadittu asiakirja ei ole mukana|{n} doklad vystavený po {date} není zahrnut|{date} 以降に発行された {n} 件は含まれません|{date} 之后开具的 {n} 份单据未计入
        not_included_few||||||||{n} dokumenty wystawione po {date} nie są uwzględnione|||||{n} doklady vystavené po {date} nejsou zahrnuty||
        not_included_other|{n} documents issued after {date} are not included|{n} nach dem {date} ausgestellte Dokumente sind nicht enthalten|{n} documents émis après le {date} ne sont pas inclus|{n} documentos emitidos después del {date} no están incluidos|{n} documenti emessi dopo il {date} non sono inclusi|{n} documenten uitgegeven na {date} zijn niet meegenomen|{n} documentos emitidos depois de {date} não estão incluídos|{n} dokumentów wystawionych po {date} nie jest uwzględnionych|{n} dokument utfärdade efter {date} ingår inte|{n} dokumenter udstedt efter {date} er ikke medtaget|{n} dokumenter utstedt etter {date} er ikke med|{n} {date} jälkeen laadittua asiakirjaa ei ole mukana|{n} dokladů vystavených po {date} není zahrnuto|{date} 以降に発行された {n} 件は含まれません|{date} 之后开具的 {n} 份单据未计入
        overflow|Some totals are too large to add up exactly and are shown capped|Einige Summen sind zu groß, um sie exakt zu addieren, und werden begrenzt gezeigt|Certains totaux sont trop grands pour être additionnés exactement et sont plafonnés|Algunos totales son demasiado grandes para sumarlos con exactitud y se muestran limitados|Alcuni totali sono troppo grandi per essere sommati esattamente e sono mostrati limitati|Sommige totalen zijn te groot om exact op te tellen en worden begrensd getoond|Alguns totais são demasiado grandes para somar com exatidão e são mostrados limitados|Niektóre sumy są zbyt duże, by dodać je dokładnie, i są pokazane z ograniczeniem|Vissa summor är för stora för att läggas ihop exakt och visas begränsade|Nogle totaler er for store til at lægge sammen præcist og vises begrænset|Noen totaler er for store til å legges sammen nøyaktig og vises begrenset|Jotkin summat ovat liian suuria laskettaviksi tarkasti, ja ne näytetään rajattuina|Některé součty jsou příliš velké pro přesné sečtení a jsou zobrazeny omezeně|一部の合計は大きすぎて正確に合算できないため、上限値で表示しています|部分合计过大，无法精确相加，显示为上限值
        days_one|{n} day|{n} Tag|{n} jour|{n} día|{n} giorno|{n} dag|{n} dia|{n} dzień|{n} dag|{n} dag|{n} dag|{n} päivä|{n} den|{n} 日|{n} 天
        days_few||||||||{n} dni|||||{n} dny||
        days_other|{n} days|{n} Tage|{n} jours|{n} días|{n} giorni|{n} dagen|{n} dias|{n} dni|{n} dagar|{n} dage|{n} dager|{n} päivää|{n} dní|{n} 日|{n} 天
        overdue_by|overdue {days}|{days} überfällig|en retard de {days}|vencida hace {days}|scaduta da {days}|{days} te laat|vencida há {days}|po terminie {days}|förfallen {days}|forfalden {days}|forfalt {days}|myöhässä {days}|po splatnosti {days}|{days} 超過|逾期 {days}
        reminded|reminder {n}|{n}. Mahnung|relance {n}|recordatorio {n}|sollecito {n}|aanmaning {n}|lembrete {n}|wezwanie {n}|påminnelse {n}|rykker {n}|purring {n}|muistutus {n}|{n}. upomínka|督促 {n} 回目|第 {n} 次催款
        part_paid|part paid|teilweise bezahlt|payée en partie|pagada en parte|pagata in parte|deels betaald|paga em parte|częściowo zapłacona|delvis betald|delvist betalt|delvis betalt|osittain maksettu|částečně zaplaceno|一部入金|部分付款
        refund_owed|refund owed {amount}|Rückzahlung offen {amount}|remboursement dû {amount}|reembolso pendiente {amount}|rimborso dovuto {amount}|terug te betalen {amount}|reembolso devido {amount}|do zwrotu {amount}|att återbetala {amount}|skal tilbagebetales {amount}|skal tilbakebetales {amount}|palautettava {amount}|k vrácení {amount}|返金額 {amount}|应退款 {amount}
        status_draft|draft|Entwurf|brouillon|borrador|bozza|concept|rascunho|szkic|utkast|kladde|utkast|luonnos|koncept|下書き|草稿
        status_sent|sent|versandt|envoyée|enviada|inviata|verzonden|enviada|wysłana|skickad|sendt|sendt|lähetetty|odesláno|送付済|已发送
        status_open|open|offen|ouverte|abierta|aperta|open|em aberto|otwarta|öppen|åben|åpen|avoin|otevřená|未払い|未付
        status_partial|partial|teilweise bezahlt|partielle|parcial|parziale|deels betaald|parcial|częściowo zapłacona|delvis betald|delvist betalt|delvis betalt|osittain maksettu|částečně zaplaceno|一部入金|部分付款
        status_overdue|overdue|überfällig|en retard|vencida|scaduta|achterstallig|vencida|zaległa|förfallen|forfalden|forfalt|erääntynyt|po splatnosti|期限超過|逾期
        status_paid|paid|bezahlt|payée|pagada|pagata|betaald|paga|zapłacona|betald|betalt|betalt|maksettu|zaplaceno|入金済|已付款
        status_void|void|storniert|annulée|anulada|annullata|vervallen|anulada|anulowana|makulerad|annulleret|annullert|mitätöity|stornováno|取消|已作废
        status_accepted|accepted|angenommen|accepté|aceptado|accettato|geaccepteerd|aceite|przyjęta|accepterad|accepteret|akseptert|hyväksytty|přijato|承認済|已接受
        status_declined|declined|abgelehnt|refusé|rechazado|rifiutato|afgewezen|recusado|odrzucona|avböjd|afvist|avslått|hylätty|odmítnuto|辞退|已拒绝
        peppol_recorded|recorded|erfasst|enregistré|registrado|registrato|vastgelegd|registado|zapisany|registrerad|registreret|registrert|kirjattu|zaznamenáno|記録済み|已记录
        peppol_created|created|angelegt|créé|creado|creato|aangemaakt|criado|utworzony|skapad|oprettet|opprettet|luotu|vytvořeno|作成済み|已创建
        peppol_requested|requested|angefordert|demandé|solicitado|richiesto|aangevraagd|pedido|zlecony|begärd|anmodet|forespurt|pyydetty|vyžádáno|依頼済み|已请求
        peppol_refused|refused|abgelehnt|refusé|rechazado|rifiutato|geweigerd|recusado|odrzucony|avvisad|afvist|avvist|hylätty|odmítnuto|拒否|被拒绝
        peppol_transit|in transit|unterwegs|en cours|en tránsito|in transito|onderweg|em trânsito|w drodze|på väg|undervejs|underveis|matkalla|na cestě|送信中|传输中
        peppol_delivered|delivered|zugestellt|remis|entregado|consegnato|afgeleverd|entregue|dostarczony|levererad|leveret|levert|toimitettu|doručeno|配信済み|已送达
        peppol_failed|failed|fehlgeschlagen|échec|fallido|non riuscito|mislukt|falhou|nieudany|misslyckad|mislykket|mislyktes|epäonnistui|selhalo|失敗|失败
        sdi_recorded|recorded|erfasst|enregistrée|registrada|registrata|vastgelegd|registada|zapisana|registrerad|registreret|registrert|kirjattu|zaznamenáno|記録済み|已记录
        sdi_sent|sent|gesendet|envoyée|enviada|inviata|verzonden|enviada|wysłana|skickad|sendt|sendt|lähetetty|odesláno|送信済み|已发送
        sdi_failed|failed|Versand fehlgeschlagen|échec de l’envoi|envío fallido|invio non riuscito|verzenden mislukt|envio falhado|wysyłka nieudana|sändning misslyckades|afsendelse mislykkedes|sending mislyktes|lähetys epäonnistui|odeslání selhalo|送信失敗|发送失败
        sdi_delivered|delivered|zugestellt|remise|entregada|consegnata|afgeleverd|entregue|dostarczona|levererad|leveret|levert|toimitettu|doručeno|配信済み|已送达
        sdi_rejected|rejected|abgewiesen|rejetée|rechazada|scartata|afgewezen|rejeitada|odrzucona|avvisad|afvist|avvist|hylätty|odmítnuto|却下|被退回
        sdi_undelivered|undelivered|nicht zugestellt|non remise|no entregada|mancata consegna|niet afgeleverd|não entregue|niedostarczona|ej levererad|ikke leveret|ikke levert|ei toimitettu|nedoručeno|未配信|未送达
        sdi_expired|expired|Frist abgelaufen|délai expiré|plazo vencido|decorrenza termini|termijn verstreken|prazo expirado|termin upłynął|tidsfristen ute|frist udløbet|frist utløpt|määräaika umpeutui|lhůta uplynula|期限経過|期限已过
        sdi_attested|attested|nicht zustellbar|non distribuable|imposible entregar|impossibilità di recapito|onbestelbaar|impossível entregar|niedoręczalna|ej levererbar|kan ikke leveres|kan ikke leveres|ei toimitettavissa|nelze doručit|配信不能|无法投递
        sdi_accepted|accepted|angenommen|acceptée|aceptada|accettata|aanvaard|aceite|zaakceptowana|godkänd|accepteret|akseptert|hyväksytty|přijato|受理|已接受
        sdi_refused|refused|abgelehnt|refusée|rehusada|rifiutata|geweigerd|recusada|odmówiona|nekad|nægtet|nektet|torjuttu|zamítnuto|拒否|被拒绝
        status_expired|expired|abgelaufen|expiré|caducado|scaduto|verlopen|expirado|wygasła|utgången|udløbet|utløpt|vanhentunut|vypršelo|期限切れ|已过期
        status_converted|converted|in Rechnung gestellt|facturé|facturado|fatturato|gefactureerd|faturado|zafakturowana|fakturerad|faktureret|fakturert|laskutettu|vyfakturováno|請求済|已开票
        status_credited|credited|gutgeschrieben|créditée|abonada|accreditata|gecrediteerd|creditada|skorygowana|krediterad|krediteret|kreditert|hyvitetty|dobropisováno|クレジット済|已贷记
        status_rejected|rejected|zurückgewiesen|rejetée|rechazada|respinta|afgewezen|rejeitada|odrzucona|avvisad|afvist|avvist|hylätty|zamítnuta|却下|已拒收
        purchase_to_decide|breaks rules: accept or reject it|verletzt Regeln: annehmen oder zurückweisen|enfreint des règles : à accepter ou rejeter|incumple reglas: aceptar o rechazar|viola regole: accettare o respingere|overtreedt regels: accepteren of afwijzen|viola regras: aceitar ou rejeitar|narusza reguły: przyjąć lub odrzucić|bryter mot regler: godta eller avvisa|bryder regler: acceptér eller afvis|bryter regler: godta eller avvis|rikkoo sääntöjä: hyväksy tai hylkää|porušuje pravidla: přijmout nebo zamítnout|規則違反：承認または却下|违反规则：接受或拒收
        age_over_90|Over 90|Über 90|Plus de 90|Más de 90|Oltre 90|Meer dan 90|Mais de 90|Powyżej 90|Över 90|Over 90|Over 90|Yli 90|Nad 90|90日超|90 天以上
        journal_invoice|Invoice {number}|Rechnung {number}|Facture {number}|Factura {number}|Fattura {number}|Factuur {number}|Fatura {number}|Faktura {number}|Faktura {number}|Faktura {number}|Faktura {number}|Lasku {number}|Faktura {number}|請求書 {number}|发票 {number}
        journal_advance|Advance on {number}|Anzahlung zu {number}|Acompte sur {number}|Anticipo de {number}|Acconto su {number}|Voorschot op {number}|Adiantamento de {number}|Zaliczka na {number}|Förskott på {number}|Forudbetaling på {number}|Forskudd på {number}|Ennakko laskulle {number}|Záloha na {number}|{number} の前受金|{number} 的预收款
        journal_payment|Payment on {number}|Zahlung zu {number}|Paiement de {number}|Pago de {number}|Pagamento di {number}|Betaling van {number}|Pagamento de {number}|Wpłata do {number}|Betalning av {number}|Betaling af {number}|Betaling av {number}|Maksu laskuun {number}|Platba k {number}|{number} の入金|{number} 的收款
        journal_credit_on|Credit note {note} on {number}|Rechnungskorrektur {note} zu {number}|Avoir {note} sur {number}|Factura rectificativa {note} de {number}|Nota di credito {note} su {number}|Creditnota {note} op {number}|Nota de crédito {note} sobre {number}|Faktura korygująca {note} do {number}|Kreditfaktura {note} på {number}|Kreditnota {note} på {number}|Kreditnota {note} på {number}|Hyvityslasku {note} laskuun {number}|Dobropis {note} k {number}|{number} の貸方票 {note}|{number} 的贷项通知单 {note}
        journal_credit|Credit note {number}|Rechnungskorrektur {number}|Avoir {number}|Factura rectificativa {number}|Nota di credito {number}|Creditnota {number}|Nota de crédito {number}|Faktura korygująca {number}|Kreditfaktura {number}|Kreditnota {number}|Kreditnota {number}|Hyvityslasku {number}|Dobropis {number}|貸方票 {number}|贷项通知单 {number}
        journal_refund|Refund on {number}|Erstattung zu {number}|Remboursement de {number}|Reembolso de {number}|Rimborso di {number}|Terugbetaling van {number}|Reembolso de {number}|Zwrot do {number}|Återbetalning av {number}|Tilbagebetaling af {number}|Tilbakebetaling av {number}|Palautus {number}|Vrácení k {number}|{number} の返金|{number} 的退款
        journal_fee|Reminder fee on {number}|Mahngebühr zu {number}|Frais de relance sur {number}|Gastos de reclamación de {number}|Spese di sollecito su {number}|Aanmaningskosten op {number}|Encargos de cobrança de {number}|Opłata za upomnienie do {number}|Påminnelseavgift på {number}|Rykkergebyr på {number}|Purregebyr på {number}|Muistutusmaksu laskuun {number}|Upomínací poplatek k {number}|{number} の督促手数料|{number} 的催款费
        journal_interest|Interest on {number}|Zinsen zu {number}|Intérêts sur {number}|Intereses de {number}|Interessi su {number}|Rente op {number}|Juros de {number}|Odsetki do {number}|Ränta på {number}|Renter på {number}|Renter på {number}|Korko laskuun {number}|Úroky k {number}|{number} の利息|{number} 的利息
        journal_void|Void of {number}|Storno von {number}|Annulation de {number}|Anulación de {number}|Annullamento di {number}|Annulering van {number}|Anulação de {number}|Anulowanie {number}|Makulering av {number}|Annullering af {number}|Annullering av {number}|Laskun {number} mitätöinti|Storno {number}|{number} の取消|{number} 作废
        journal_purchase|Purchase {number}|Eingangsrechnung {number}|Achat {number}|Compra {number}|Acquisto {number}|Inkoopfactuur {number}|Compra {number}|Zakup {number}|Inköp {number}|Køb {number}|Innkjøp {number}|Ostolasku {number}|Přijatá faktura {number}|仕入 {number}|采购 {number}
        journal_supplier_credit|Supplier credit note {number}|Gutschrift des Lieferanten {number}|Avoir fournisseur {number}|Abono del proveedor {number}|Nota di credito del fornitore {number}|Creditnota van leverancier {number}|Nota de crédito do fornecedor {number}|Korekta od dostawcy {number}|Kreditfaktura från leverantör {number}|Kreditnota fra leverandør {number}|Kreditnota fra leverandør {number}|Toimittajan hyvityslasku {number}|Dobropis dodavatele {number}|仕入先の貸方票 {number}|供应商贷项通知单 {number}
        journal_purchase_payment|Payment of {number}|Zahlung von {number}|Paiement de {number}|Pago de {number}|Pagamento di {number}|Betaling van {number}|Pagamento de {number}|Zapłata {number}|Betalning av {number}|Betaling af {number}|Betaling av {number}|Maksu {number}|Úhrada {number}|{number} の支払|{number} 的付款
        journal_opening|Opening balances in {currency} on {date}|Eröffnungssalden in {currency} zum {date}|Soldes d’ouverture en {currency} au {date}|Saldos de apertura en {currency} a {date}|Saldi di apertura in {currency} al {date}|Beginsaldi in {currency} per {date}|Saldos de abertura em {currency} em {date}|Bilans otwarcia w {currency} na dzień {date}|Ingående balanser i {currency} per {date}|Åbningssaldi i {currency} pr. {date}|Inngående saldoer i {currency} per {date}|Avaavat saldot valuutassa {currency} {date}|Počáteční zůstatky v {currency} k {date}|{date} 時点の {currency} 期首残高|截至 {date} 的 {currency} 期初余额
        vat_return|VAT return {period}|Umsatzsteuer {period}|Déclaration de TVA {period}|Declaración de IVA {period}|Liquidazione IVA {period}|Btw-aangifte {period}|Declaração de IVA {period}|Deklaracja VAT {period}|Momsdeklaration {period}|Momsangivelse {period}|Mva-melding {period}|Arvonlisäveroilmoitus {period}|Přiznání k DPH {period}|消費税申告 {period}|增值税申报 {period}
        vat_span|{from} to {to}|{from} bis {to}|du {from} au {to}|del {from} al {to}|dal {from} al {to}|{from} t/m {to}|de {from} a {to}|od {from} do {to}|{from}–{to}|{from}–{to}|{from}–{to}|{from}–{to}|{from} až {to}|{from}～{to}|{from} 至 {to}
        vat_accrual|accrual basis|Soll-Versteuerung|régime des débits|criterio de devengo|principio di competenza|factuurstelsel|regime normal|metoda memoriałowa|faktureringsmetoden|faktureringsprincippet|opptjeningsprinsippet|suoriteperuste|podle data plnění|発生主義|权责发生制
        vat_cash|cash basis|Ist-Versteuerung|régime des encaissements|criterio de caja|per cassa|kasstelsel|regime de caixa|metoda kasowa|bokslutsmetoden|kontantprincippet|kontantprinsippet|maksuperuste|podle přijetí platby|現金主義|收付实现制
        vat_tax|VAT|USt|TVA|IVA|IVA|Btw|IVA|VAT|Moms|Moms|Mva|ALV|DPH|消費税|增值税
        vat_sales|Sales|Umsätze|Ventes|Ventas|Vendite|Verkopen|Vendas|Sprzedaż|Försäljning|Salg|Salg|Myynti|Prodej|売上|销售
        vat_none|none|keine|aucune|ninguna|nessuna|geen|nenhuma|brak|inga|ingen|ingen|ei yhtään|žádné|なし|无
        vat_none_recorded|none recorded|keine erfasst|aucun enregistré|ninguna registrada|nessuno registrato|geen geboekt|nenhuma registada|brak zapisanych|inga bokförda|ingen registreret|ingen registrert|ei kirjattuja|žádné zaznamenané|記録なし|无记录
        vat_output|Output VAT|Umsatzsteuer|TVA collectée|IVA repercutido|IVA a debito|Af te dragen btw|IVA liquidado|VAT należny|Utgående moms|Udgående moms|Utgående mva|Myynnin ALV|DPH na výstupu|売上税額|销项税
        vat_to_pay|To pay|Zahllast|À payer|A ingresar|Da versare|Te betalen|A pagar|Do zapłaty|Att betala|Til betaling|Å betale|Maksettava|K úhradě|納付額|应缴
        vat_to_reclaim|To reclaim|Erstattung|À récupérer|A devolver|A credito|Terug te vragen|A recuperar|Do zwrotu|Att återfå|Til gode|Til gode|Palautettava|Nadměrný odpočet|還付額|应退
        vat_standard|standard-rated|steuerpflichtig|imposable|sujeto|imponibile|belast|tributável|opodatkowana|skattepliktig|momspligtig|avgiftspliktig|verollinen|zdanitelné|課税|应税
        vat_zero|zero-rated|Nullsatz|taux zéro|tipo cero|aliquota zero|nultarief|taxa zero|stawka zerowa|nollskattesats|nulsats|nullsats|nollaverokanta|nulová sazba|ゼロ税率|零税率
        vat_exempt|exempt (E)|steuerfrei (E)|exonéré (E)|exento (E)|esente (E)|vrijgesteld (E)|isento (E)|zwolniona (E)|undantagen (E)|momsfritaget (E)|unntatt (E)|veroton (E)|osvobozené (E)|非課税 (E)|免税 (E)
        vat_reverse_charge|reverse charge (AE)|Steuerschuldnerschaft des Leistungsempfängers (AE)|autoliquidation (AE)|inversión del sujeto pasivo (AE)|inversione contabile (AE)|btw verlegd (AE)|autoliquidação (AE)|odwrotne obciążenie (AE)|omvänd betalningsskyldighet (AE)|omvendt betalingspligt (AE)|omvendt avgiftsplikt (AE)|käännetty verovelvollisuus (AE)|přenesení daňové povinnosti (AE)|リバースチャージ (AE)|反向征收 (AE)
        vat_intra_supply|intra-EU supply of goods (K)|innergemeinschaftliche Lieferung (K)|livraison intracommunautaire (K)|entrega intracomunitaria (K)|cessione intracomunitaria (K)|intracommunautaire levering (K)|transmissão intracomunitária (K)|wewnątrzwspólnotowa dostawa towarów (K)|varuförsäljning till annat EU-land (K)|levering af varer til andre EU-lande (K)|levering av varer til andre EU-land (K)|yhteisömyynti (K)|dodání zboží do jiného členského státu (K)|EU域内供給 (K)|欧盟内部供货 (K)
        vat_export|export (G)|Ausfuhr (G)|exportation (G)|exportación (G)|esportazione (G)|uitvoer (G)|exportação (G)|eksport (G)|export (G)|eksport (G)|eksport (G)|vienti (G)|vývoz (G)|輸出 (G)|出口 (G)
        vat_outside|outside the scope (O)|nicht steuerbar (O)|hors champ (O)|no sujeto (O)|fuori campo (O)|buiten de reikwijdte (O)|não sujeito (O)|niepodlegająca (O)|utanför tillämpningsområdet (O)|uden for momsområdet (O)|utenfor avgiftsområdet (O)|soveltamisalan ulkopuolella (O)|mimo předmět daně (O)|不課税 (O)|不征税 (O)
        vat_category|category {code}|Kategorie {code}|catégorie {code}|categoría {code}|categoria {code}|categorie {code}|categoria {code}|kategoria {code}|kategori {code}|kategori {code}|kategori {code}|luokka {code}|kategorie {code}|区分 {code}|类别 {code}
        vat_reverse_charge_at|reverse charge (AE) at {rate}|Steuerschuldnerschaft des Leistungsempfängers (AE) zu {rate}|autoliquidation (AE) à {rate}|inversión del sujeto pasivo (AE) al {rate}|inversione contabile (AE) al {rate}|btw verlegd (AE) tegen {rate}|autoliquidação (AE) a {rate}|odwrotne obciążenie (AE) {rate}|omvänd betalningsskyldighet (AE) {rate}|omvendt betalingspligt (AE) {rate}|omvendt avgiftsplikt (AE) {rate}|käännetty verovelvollisuus (AE) {rate}|přenesení daňové povinnosti (AE) {rate}|リバースチャージ (AE) {rate}|反向征收 (AE) {rate}
        vat_acquisition_at|intra-EU acquisition (K) at {rate}|innergemeinschaftlicher Erwerb (K) zu {rate}|acquisition intracommunautaire (K) à {rate}|adquisición intracomunitaria (K) al {rate}|acquisto intracomunitario (K) al {rate}|intracommunautaire verwerving (K) tegen {rate}|aquisição intracomunitária (K) a {rate}|wewnątrzwspólnotowe nabycie towarów (K) {rate}|unionsinternt förvärv (K) {rate}|erhvervelse fra andre EU-lande (K) {rate}|kjøp fra andre EU-land (K) {rate}|yhteisöhankinta (K) {rate}|pořízení zboží z jiného členského státu (K) {rate}|EU域内取得 (K) {rate}|欧盟内部购进 (K) {rate}
        vat_supplier_credits|suppliers' credit notes|Gutschriften der Lieferanten|avoirs des fournisseurs|abonos de proveedores|note di credito dei fornitori|creditnota's van leveranciers|notas de crédito de fornecedores|korekty od dostawców|kreditfakturor från leverantörer|kreditnotaer fra leverandører|kreditnotaer fra leverandører|toimittajien hyvityslaskut|dobropisy dodavatelů|仕入先の貸方票|供应商贷项通知单
        vat_domestic|domestic|Inland|national|nacional|nazionale|binnenland|nacional|kraj|inrikes|indenlandsk|innenlands|kotimaa|tuzemsko|国内|境内
        vat_eu|other EU countries|übrige EU-Länder|autres pays de l’UE|otros países de la UE|altri paesi UE|andere EU-landen|outros países da UE|inne kraje UE|andra EU-länder|andre EU-lande|andre EU-land|muut EU-maat|jiné státy EU|その他のEU諸国|其他欧盟国家
        vat_non_eu|outside the EU|Drittland|hors UE|fuera de la UE|fuori UE|buiten de EU|fora da UE|poza UE|utanför EU|uden for EU|utenfor EU|EU:n ulkopuolella|mimo EU|EU域外|欧盟以外
        vat_note|note: {text}|Hinweis: {text}|remarque : {text}|nota: {text}|nota: {text}|opmerking: {text}|nota: {text}|uwaga: {text}|obs: {text}|bemærk: {text}|merk: {text}|huom: {text}|poznámka: {text}|注: {text}|注：{text}
        vat_beyond_received|{amount} received beyond what the invoices claim (reminder fees, interest, overpayments until refunded) is not turnover|{amount} über die Rechnungsbeträge hinaus erhalten (Mahngebühren, Zinsen, Überzahlungen bis zur Erstattung) sind kein Umsatz|{amount} reçus au-delà de ce que réclament les factures (frais de relance, intérêts, trop-perçus jusqu’au remboursement) ne sont pas du chiffre d’affaires|{amount} cobrados por encima de lo que reclaman las facturas (gastos de reclamación, intereses, pagos en exceso hasta su reembolso) no son volumen de negocio|{amount} incassati oltre quanto richiesto dalle fatture (spese di sollecito, interessi, pagamenti in eccesso fino al rimborso) non sono volume d’affari|{amount} ontvangen boven wat de facturen vragen (aanmaningskosten, rente, te veel betaald tot terugbetaling) is geen omzet|{amount} recebidos além do que as faturas pedem (encargos de cobrança, juros, pagamentos em excesso até ao reembolso) não são volume de negócios|{amount} otrzymane ponad kwoty faktur (opłaty za upomnienia, odsetki, nadpłaty do czasu zwrotu) nie stanowią obrotu|{amount} mottaget utöver fakturornas belopp (påminnelseavgifter, ränta, överbetalningar tills de återbetalas) är inte omsättning|{amount} modtaget ud over fakturaernes beløb (rykkergebyrer, renter, overbetalinger indtil tilbagebetaling) er ikke omsætning|{amount} mottatt utover fakturaenes beløp (purregebyrer, renter, overbetalinger til de tilbakebetales) er ikke omsetning|{amount} laskujen määrän ylittävinä saatu (muistutusmaksut, korot, liikasuoritukset palautukseen asti) ei ole liikevaihtoa|{amount} přijato nad částky faktur (upomínací poplatky, úroky, přeplatky do vrácení) není obrat|請求額を超えて受け取った {amount}（督促手数料、利息、返金までの過払い）は売上ではありません|超出发票金额收到的 {amount}（催款费、利息、退款前的多付款）不计入营业额
        vat_beyond_paid_back|{amount} paid back of money received beyond what the invoices claim (reminder fees, interest, overpayments until refunded) takes no turnover back|{amount} zurückgezahlt von über die Rechnungsbeträge hinaus Erhaltenem (Mahngebühren, Zinsen, Überzahlungen bis zur Erstattung) mindern den Umsatz nicht|{amount} remboursés sur des sommes reçues au-delà de ce que réclament les factures (frais de relance, intérêts, trop-perçus jusqu’au remboursement) ne réduisent pas le chiffre d’affaires|{amount} devueltos de lo cobrado por encima de lo que reclaman las facturas (gastos de reclamación, intereses, pagos en exceso hasta su reembolso) no reducen el volumen de negocio|{amount} restituiti di quanto incassato oltre le fatture (spese di sollecito, interessi, pagamenti in eccesso fino al rimborso) non riducono il volume d’affari|{amount} terugbetaald van wat boven de facturen is ontvangen (aanmaningskosten, rente, te veel betaald tot terugbetaling) vermindert de omzet niet|{amount} devolvidos do recebido além das faturas (encargos de cobrança, juros, pagamentos em excesso até ao reembolso) não reduzem o volume de negócios|{amount} zwrócone z kwot otrzymanych ponad faktury (opłaty za upomnienia, odsetki, nadpłaty do czasu zwrotu) nie zmniejszają obrotu|{amount} återbetalt av det som mottagits utöver fakturornas belopp (påminnelseavgifter, ränta, överbetalningar tills de återbetalas) minskar inte omsättningen|{amount} tilbagebetalt af det modtagne ud over fakturaernes beløb (rykkergebyrer, renter, overbetalinger indtil tilbagebetaling) nedsætter ikke omsætningen|{amount} tilbakebetalt av det som ble mottatt utover fakturaenes beløp (purregebyrer, renter, overbetalinger til de tilbakebetales) reduserer ikke omsetningen|{amount} palautettu laskujen määrän ylittävästä (muistutusmaksut, korot, liikasuoritukset palautukseen asti) ei vähennä liikevaihtoa|{amount} vráceno z částek přijatých nad faktury (upomínací poplatky, úroky, přeplatky do vrácení) nesnižuje obrat|請求額を超えて受け取った金額（督促手数料、利息、返金までの過払い）から返金した {amount} は売上を減らしません|从超出发票金额收到的款项（催款费、利息、退款前的多付款）中退还的 {amount} 不冲减营业额
        vat_box|box|Kennzahl|case|casilla|rigo|rubriek|campo|pole|ruta|rubrik|post|kohta|řádek|欄|栏次
        vat_meaning|Meaning|Bedeutung|Libellé|Concepto|Descrizione|Omschrijving|Descrição|Opis|Beskrivning|Beskrivelse|Beskrivelse|Selite|Popis|内容|说明
        vat_row|Row|Zeile|Ligne|Fila|Riga|Regel|Linha|Wiersz|Rad|Linje|Linje|Rivi|Řádek|行|行
        vat_sales_and_purchases|Sales and purchases|Umsätze und Eingangsrechnungen|Ventes et achats|Ventas y compras|Vendite e acquisti|Verkopen en inkopen|Vendas e compras|Sprzedaż i zakupy|Försäljning och inköp|Salg og køb|Salg og innkjøp|Myynnit ja ostot|Prodej a nákupy|売上と仕入|销售与采购
        vat_id|VAT id {id}|USt-IdNr. {id}|n° TVA {id}|NIF-IVA {id}|partita IVA {id}|btw-id {id}|NIF {id}|NIP {id}|momsreg.nr {id}|CVR/moms-nr. {id}|MVA-nr. {id}|ALV-tunniste {id}|DIČ {id}|登録番号 {id}|税号 {id}
        vat_not_on|not on {form}: {row}, taxable {amount}|nicht in {form}: {row}, Bemessungsgrundlage {amount}|absent de {form} : {row}, base {amount}|no figura en {form}: {row}, base {amount}|non in {form}: {row}, imponibile {amount}|niet op {form}: {row}, grondslag {amount}|fora de {form}: {row}, base {amount}|poza {form}: {row}, podstawa {amount}|inte i {form}: {row}, underlag {amount}|ikke på {form}: {row}, grundlag {amount}|ikke i {form}: {row}, grunnlag {amount}|ei lomakkeella {form}: {row}, peruste {amount}|není v {form}: {row}, základ {amount}|{form} に記載なし：{row}、課税対象 {amount}|未列入 {form}：{row}，应税金额 {amount}
        vat_form_missing|{form} is filed in {currency}; this return has no {currency} figures|{form} wird in {currency} abgegeben; diese Aufstellung hat keine Beträge in {currency}|{form} se déclare en {currency} ; cette déclaration n’a aucun montant en {currency}|{form} se presenta en {currency}; esta declaración no tiene importes en {currency}|{form} si presenta in {currency}; questa liquidazione non ha importi in {currency}|{form} wordt ingediend in {currency}; deze aangifte heeft geen bedragen in {currency}|{form} é entregue em {currency}; esta declaração não tem valores em {currency}|{form} składa się w {currency}; ta deklaracja nie ma kwot w {currency}|{form} lämnas i {currency}; denna deklaration har inga belopp i {currency}|{form} indberettes i {currency}; denne angivelse har ingen beløb i {currency}|{form} leveres i {currency}; denne meldingen har ingen beløp i {currency}|{form} annetaan valuutassa {currency}; tässä ilmoituksessa ei ole {currency}-määriä|{form} se podává v {currency}; toto přiznání nemá částky v {currency}|{form} は {currency} で申告します。この申告には {currency} の金額がありません|{form} 以 {currency} 申报；本申报没有 {currency} 金额
        vat_unconverted|{document} is in {currency} and states no rate to the book's currency (tax_currency:); its figures are in its own section|{document} ist in {currency} und nennt keinen Kurs zur Buchwährung (tax_currency:); seine Beträge stehen in einem eigenen Abschnitt|{document} est en {currency} et n’indique aucun taux vers la devise du livre (tax_currency:) ; ses montants figurent dans une section à part|{document} está en {currency} y no indica tipo de cambio a la moneda del libro (tax_currency:); sus importes están en una sección propia|{document} è in {currency} e non indica un cambio verso la valuta del libro (tax_currency:); i suoi importi sono in una sezione a parte|{document} is in {currency} en noemt geen koers naar de valuta van het boek (tax_currency:); de bedragen staan in een eigen sectie|{document} está em {currency} e não indica taxa para a moeda do livro (tax_currency:); os seus valores estão numa secção própria|{document} jest w {currency} i nie podaje kursu do waluty księgi (tax_currency:); jego kwoty są w osobnej sekcji|{document} är i {currency} och anger ingen kurs till bokens valuta (tax_currency:); dess belopp står i ett eget avsnitt|{document} er i {currency} og angiver ingen kurs til bogens valuta (tax_currency:); beløbene står i et afsnit for sig|{document} er i {currency} og oppgir ingen kurs til bokens valuta (tax_currency:); beløpene står i en egen del|{document} on valuutassa {currency} eikä ilmoita kurssia kirjan valuuttaan (tax_currency:); sen luvut ovat omassa osiossaan|{document} je v {currency} a neuvádí kurz k měně knihy (tax_currency:); jeho částky jsou ve vlastním oddílu|{document} は {currency} 建てで、帳簿の通貨への換算レート（tax_currency:）がないため、別のセクションに計上しています|{document} 以 {currency} 计价，未注明对账簿币种的汇率（tax_currency:），其金额单列
        remind_invoice|INVOICE|RECHNUNG|FACTURE|FACTURA|FATTURA|FACTUUR|FATURA|FAKTURA|FAKTURA|FAKTURA|FAKTURA|LASKU|FAKTURA|請求書|发票
        remind_level|LEVEL|STUFE|NIVEAU|NIVEL|LIVELLO|NIVEAU|NÍVEL|POZIOM|NIVÅ|NIVEAU|NIVÅ|TASO|STUPEŇ|段階|级别
        remind_days|DAYS|TAGE|JOURS|DÍAS|GIORNI|DAGEN|DIAS|DNI|DAGAR|DAGE|DAGER|PÄIVÄT|DNY|日数|天数
        remind_due|DUE|OFFEN|DÛ|PENDIENTE|DOVUTO|OPEN|EM DÍVIDA|DO ZAPŁATY|ATT BETALA|SKYLDIG|UTESTÅENDE|AVOINNA|DLUŽNO|未払|应付
        remind_fees|FEES|GEBÜHREN|FRAIS|GASTOS|SPESE|KOSTEN|ENCARGOS|OPŁATY|AVGIFTER|GEBYRER|GEBYRER|MAKSUT|POPLATKY|手数料|费用
        remind_interest|INTEREST|ZINSEN|INTÉRÊTS|INTERESES|INTERESSI|RENTE|JUROS|ODSETKI|RÄNTA|RENTER|RENTER|KORKO|ÚROKY|利息|利息
        remind_total|TOTAL|GESAMT|TOTAL|TOTAL|TOTALE|TOTAAL|TOTAL|RAZEM|TOTALT|I ALT|TOTALT|YHTEENSÄ|CELKEM|合計|合计
        remind_pdf|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF|PDF
        einvoice_terms|Payable within {days} days, by {due}.|Zahlbar innerhalb von {days} Tagen, bis {due}.|Payable sous {days} jours, au plus tard le {due}.|Pagadero en {days} días, hasta el {due}.|Pagabile entro {days} giorni, entro il {due}.|Te betalen binnen {days} dagen, uiterlijk op {due}.|Pagável em {days} dias, até {due}.|Płatne w ciągu {days} dni, do {due}.|Betalas inom {days} dagar, senast {due}.|Betales inden {days} dage, senest {due}.|Betales innen {days} dager, senest {due}.|Maksettava {days} päivän kuluessa, viimeistään {due}.|Splatné do {days} dnů, nejpozději {due}.|{days} 日以内、{due} までにお支払いください。|请在 {days} 天内付款，最迟 {due}。
        einvoice_on_receipt|Payable on receipt.|Zahlbar sofort nach Erhalt.|Payable à réception.|Pagadero a la recepción.|Pagabile al ricevimento.|Te betalen bij ontvangst.|Pagável na receção.|Płatne przy odbiorze.|Betalas vid mottagandet.|Betales ved modtagelsen.|Betales ved mottak.|Maksettava vastaanotettaessa.|Splatné při převzetí.|受領時にお支払いください。|收到即付。
        einvoice_credit_terms|Credit note for invoice {number}: the amount is refunded or set off.|Rechnungskorrektur zur Rechnung {number}: Der Betrag wird erstattet oder verrechnet.|Avoir sur la facture {number} : le montant est remboursé ou imputé.|Factura rectificativa de la factura {number}: el importe se reembolsa o se compensa.|Nota di credito per la fattura {number}: l’importo viene rimborsato o compensato.|Creditnota voor factuur {number}: het bedrag wordt terugbetaald of verrekend.|Nota de crédito da fatura {number}: o montante é reembolsado ou compensado.|Faktura korygująca do faktury {number}: kwota zostanie zwrócona lub potrącona.|Kreditfaktura för faktura {number}: beloppet betalas tillbaka eller kvittas.|Kreditnota til faktura {number}: beløbet tilbagebetales eller modregnes.|Kreditnota for faktura {number}: beløpet tilbakebetales eller motregnes.|Hyvityslasku laskuun {number}: summa palautetaan tai kuitataan.|Dobropis k faktuře {number}: částka bude vrácena nebo započtena.|請求書 {number} の貸方票：金額は返金または相殺されます。|发票 {number} 的贷项通知单：金额将退还或抵销。
        age_current|Current|Nicht fällig|Non échu|Al corriente|Non scaduto|Niet vervallen|Em dia|Bieżące|Ej förfallet|Ikke forfaldent|Ikke forfalt|Erääntymätön|Do splatnosti|期限内|未到期
        """
}

/// The month names a `ReportWords` has formatted: a report names the same months row after row.
private final class MonthNames: Sendable {
    struct Key: Hashable {
        var style: Date.FormatStyle
        var key: String
    }

    let names = Mutex<[Key: String?]>([:])
}
