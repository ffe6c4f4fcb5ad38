import Foundation
import InvoicBook

/// The web app's words (`invoic serve`) in the book's language, in the style of `ReportWords`:
/// one row per key, one column per language, `_one` / `_few` / `_other` for words that change with
/// a count. A key the app shares with the report (column heads, statuses, card titles) is the
/// report's word, so the two never say the same thing in two ways; the document words the PDFs
/// print (Invoice, Subtotal, Amount due) come from the template's labels, through the server.
public struct AppWords: Sendable {
    public static let languages = ReportWords.languages

    private let report: ReportWords
    private let dateStyle: Date.FormatStyle
    /// The language the words are in: the locale's, or English when invoic has no words for it.
    public var language: String { report.language }

    public init(locale identifier: String) {
        report = ReportWords(locale: identifier)
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        // The PDFs' `yMMMd`: `21 Nov 2026` (en_GB), `21. Nov. 2026` (de_DE), `2026年11月21日` (ja).
        dateStyle = Date.FormatStyle(date: .omitted, time: .omitted, locale: Locale(identifier: identifier), calendar: calendar, timeZone: utc)
            .year().month(.abbreviated).day()
    }

    public subscript(_ key: String) -> String {
        Self.table[language]?[key] ?? ReportWords.table[language]?[key] ?? Self.table["en"]?[key] ?? ReportWords.table["en"]?[key] ?? key
    }

    /// A text with `{name}` placeholders filled in.
    public func format(_ key: String, _ values: [String: String]) -> String {
        values.reduce(self[key]) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }

    /// The form of `key` that fits `count`, with `{n}` filled in (the report's plural rules).
    public func count(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        guard Self.table["en"]?["\(key)_other"] != nil else { return report.count(key, count, values) }
        let form = report.pluralForm(count)
        let text = Self.table[language]?["\(key)_\(form)"] ?? Self.table[language]?["\(key)_other"]
            ?? Self.table["en"]?["\(key)_\(form == "few" ? "other" : form)"] ?? key
        return values.merging(["n": String(count)]) { a, _ in a }.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }

    /// A status as the report words it (`Offen` is the card; `überfällig` the status).
    public func status(_ status: Status) -> String { self["status_\(status.rawValue)"] }

    /// A day as the PDFs print it in the same locale: `21 Nov 2026`, `21. Nov. 2026`, `2026年11月21日`.
    public func date(_ day: Day) -> String {
        dateStyle.format(Date(timeIntervalSince1970: TimeInterval(day.ordinal) * 86_400))
    }

    /// `Nov` (`Nov.`, `11月`) for the month key `2026-11`.
    public func shortMonth(_ key: String) -> String { report.shortMonth(key) }

    /// `November 2026` for the month key `2026-11`.
    public func longMonth(_ key: String) -> String { report.longMonth(key) }

    /// Every word in this language (the report's and the app's), for a template.
    public var all: [String: String] {
        var words: [String: String] = [:]
        for table in [ReportWords.table["en"], Self.table["en"], ReportWords.table[language], Self.table[language]] {
            words.merge(table ?? [:]) { _, new in new }
        }
        return words
    }

    /// language -> key -> text, read once from `rows`.
    static let table: [String: [String: String]] = {
        var table: [String: [String: String]] = [:]
        for row in rows.split(separator: "\n") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            precondition(cells.count == languages.count + 1, "AppWords row \(cells.first ?? "") has \(cells.count) cells")
            for (language, text) in zip(languages, cells.dropFirst()) where !text.isEmpty {
                table[language, default: [:]][cells[0]] = text
            }
        }
        return table
    }()

    /// key|en|de|fr|es|it|nl|pt|pl|sv|da|nb|fi|cs|ja|zh
    private static let rows = """
        diagnostics|Diagnostics|Diagnose|Diagnostics|Diagnóstico|Diagnostica|Diagnose|Diagnóstico|Diagnostyka|Diagnostik|Diagnostik|Diagnostikk|Diagnostiikka|Diagnostika|診断|诊断
        book|Book|Buch|Livre|Libro|Libro|Boek|Livro|Księga|Bok|Bog|Bok|Kirja|Kniha|ブック|账簿
        read_only|read-only|schreibgeschützt|lecture seule|solo lectura|sola lettura|alleen-lezen|só de leitura|tylko do odczytu|skrivskyddad|skrivebeskyttet|skrivebeskyttet|vain luku|jen pro čtení|読み取り専用|只读
        errors_banner_one|The book has {n} error:|Das Buch hat {n} Fehler:|Le livre contient {n} erreur :|El libro tiene {n} error:|Il libro ha {n} errore:|Het boek heeft {n} fout:|O livro tem {n} erro:|Księga ma {n} błąd:|Boken har {n} fel:|Bogen har {n} fejl:|Boken har {n} feil:|Kirjassa on {n} virhe:|Kniha má {n} chybu:|ブックにエラーが {n} 件あります：|账簿有 {n} 个错误：
        errors_banner_few||||||||Księga ma {n} błędy:|||||Kniha má {n} chyby:||
        errors_banner_other|The book has {n} errors:|Das Buch hat {n} Fehler:|Le livre contient {n} erreurs :|El libro tiene {n} errores:|Il libro ha {n} errori:|Het boek heeft {n} fouten:|O livro tem {n} erros:|Księga ma {n} błędów:|Boken har {n} fel:|Bogen har {n} fejl:|Boken har {n} feil:|Kirjassa on {n} virhettä:|Kniha má {n} chyb:|ブックにエラーが {n} 件あります：|账簿有 {n} 个错误：
        see_diagnostics|see the diagnostics|siehe Diagnose|voir les diagnostics|ver el diagnóstico|vedi la diagnostica|zie de diagnose|ver o diagnóstico|zobacz diagnostykę|se diagnostiken|se diagnostikken|se diagnostikken|katso diagnostiikka|viz diagnostiku|診断を見る|查看诊断
        errors_banner_tail|Nothing is sent or built until they are fixed.|Bis sie behoben sind, wird nichts versandt oder erstellt.|Rien n’est envoyé ni produit tant qu’elles ne sont pas corrigées.|No se envía ni se genera nada hasta que se corrijan.|Nulla viene inviato o generato finché non sono corretti.|Er wordt niets verzonden of gemaakt tot ze zijn opgelost.|Nada é enviado nem gerado até serem corrigidos.|Nic nie zostanie wysłane ani utworzone, dopóki nie zostaną poprawione.|Inget skickas eller byggs förrän de är åtgärdade.|Intet sendes eller dannes, før de er rettet.|Ingenting sendes eller bygges før de er rettet.|Mitään ei lähetetä eikä muodosteta, ennen kuin ne on korjattu.|Dokud nebudou opraveny, nic se neodešle ani nevytvoří.|修正されるまで送付も出力もされません。|修复之前不会发送或生成任何内容。
        age_over_90|Over 90|Über 90|Plus de 90|Más de 90|Oltre 90|Meer dan 90|Mais de 90|Powyżej 90|Över 90|Over 90|Over 90|Yli 90|Přes 90|90日超|90 天以上
        search|Search|Suche|Rechercher|Buscar|Cerca|Zoeken|Pesquisar|Szukaj|Sök|Søg|Søk|Haku|Hledat|検索|搜索
        search_hint|number or client|Nummer oder Kunde|numéro ou client|número o cliente|numero o cliente|nummer of klant|número ou cliente|numer lub klient|nummer eller kund|nummer eller kunde|nummer eller kunde|numero tai asiakas|číslo nebo klient|番号または取引先|编号或客户
        any|any|alle|tous|todos|tutti|alle|todos|wszystkie|alla|alle|alle|kaikki|vše|すべて|全部
        year|Year|Jahr|Année|Año|Anno|Jaar|Ano|Rok|År|År|År|Vuosi|Rok|年|年份
        filter|Filter|Filtern|Filtrer|Filtrar|Filtra|Filteren|Filtrar|Filtruj|Filtrera|Filtrér|Filtrer|Suodata|Filtrovat|絞り込む|筛选
        clear|clear|zurücksetzen|effacer|borrar|azzera|wissen|limpar|wyczyść|rensa|nulstil|nullstill|tyhjennä|zrušit|クリア|清除
        no_document_fits|No document fits.|Kein Dokument passt.|Aucun document ne correspond.|Ningún documento coincide.|Nessun documento corrisponde.|Geen document past.|Nenhum documento corresponde.|Żaden dokument nie pasuje.|Inget dokument passar.|Intet dokument passer.|Ingen dokumenter passer.|Yksikään asiakirja ei täsmää.|Žádný doklad neodpovídá.|該当する書類はありません。|没有符合条件的单据。
        new_invoice|New invoice|Neue Rechnung|Nouvelle facture|Nueva factura|Nuova fattura|Nieuwe factuur|Nova fatura|Nowa faktura|Ny faktura|Ny faktura|Ny faktura|Uusi lasku|Nová faktura|新規請求書|新建发票
        new_estimate|New estimate|Neues Angebot|Nouveau devis|Nuevo presupuesto|Nuovo preventivo|Nieuwe offerte|Novo orçamento|Nowa oferta|Ny offert|Nyt tilbud|Nytt tilbud|Uusi tarjous|Nová nabídka|新規見積書|新建报价单
        edit_source|Edit source|Quelltext bearbeiten|Modifier la source|Editar el origen|Modifica il sorgente|Bron bewerken|Editar a fonte|Edytuj źródło|Redigera källan|Rediger kilden|Rediger kilden|Muokkaa lähdettä|Upravit zdroj|ソースを編集|编辑源文件
        edit_draft|Edit draft|Entwurf bearbeiten|Modifier le brouillon|Editar el borrador|Modifica la bozza|Concept bewerken|Editar o rascunho|Edytuj szkic|Redigera utkastet|Rediger kladden|Rediger utkastet|Muokkaa luonnosta|Upravit koncept|下書きを編集|编辑草稿
        start_invoice|Start an invoice|Rechnung anlegen|Créer une facture|Crear una factura|Crea una fattura|Factuur aanmaken|Criar uma fatura|Utwórz fakturę|Skapa en faktura|Opret en faktura|Opprett en faktura|Aloita lasku|Založit fakturu|請求書を作成|创建发票
        figures|Figures|Beträge|Montants|Importes|Importi|Bedragen|Valores|Kwoty|Belopp|Beløb|Beløp|Summat|Částky|金額|金额
        issued_on|issued {date}|ausgestellt am {date}|émise le {date}|emitida el {date}|emessa il {date}|uitgegeven op {date}|emitida em {date}|wystawiona {date}|utfärdad {date}|udstedt {date}|utstedt {date}|laadittu {date}|vystaveno {date}|発行日 {date}|开具于 {date}
        due_on|due {date}|fällig am {date}|échéance le {date}|vence el {date}|scadenza il {date}|vervalt op {date}|vence em {date}|termin {date}|förfaller {date}|forfalder {date}|forfaller {date}|eräpäivä {date}|splatnost {date}|期限 {date}|到期 {date}
        refund_owed_label|Refund owed|Zu erstatten|Remboursement dû|Reembolso pendiente|Rimborso dovuto|Terug te betalen|Reembolso devido|Do zwrotu|Att återbetala|Skal tilbagebetales|Skal tilbakebetales|Palautettava|K vrácení|返金額|应退款
        payments|Payments|Zahlungen|Paiements|Pagos|Pagamenti|Betalingen|Pagamentos|Wpłaty|Betalningar|Betalinger|Betalinger|Maksut|Platby|入金|付款
        date|Date|Datum|Date|Fecha|Data|Datum|Data|Data|Datum|Dato|Dato|Päivämäärä|Datum|日付|日期
        method|Method|Zahlungsart|Mode|Método|Metodo|Methode|Método|Metoda|Sätt|Metode|Metode|Tapa|Způsob|方法|方式
        reference|Reference|Referenz|Référence|Referencia|Riferimento|Referentie|Referência|Referencja|Referens|Reference|Referanse|Viite|Reference|参照|参考
        method_bank_transfer|bank transfer|Überweisung|virement|transferencia|bonifico|overschrijving|transferência|przelew|banköverföring|bankoverførsel|bankoverføring|tilisiirto|převod|銀行振込|银行转账
        method_card|card|Karte|carte|tarjeta|carta|kaart|cartão|karta|kort|kort|kort|kortti|karta|カード|银行卡
        method_cash|cash|bar|espèces|efectivo|contanti|contant|numerário|gotówka|kontant|kontant|kontant|käteinen|hotovost|現金|现金
        method_check|check|Scheck|chèque|cheque|assegno|cheque|cheque|czek|check|check|sjekk|šekki|šek|小切手|支票
        method_other|other|andere|autre|otro|altro|anders|outro|inne|annat|andet|annet|muu|jiné|その他|其他
        record|Record|Erfassen|Enregistrer|Registrar|Registra|Vastleggen|Registar|Zapisz|Registrera|Registrér|Registrer|Kirjaa|Zaznamenat|記録|记录
        mark_sent|Sent|Versandt|Envoyée|Enviada|Inviata|Verzonden|Enviada|Wysłana|Skickad|Sendt|Sendt|Lähetetty|Odesláno|送付済み|已发送
        mark_paid|Paid|Bezahlt|Payée|Pagada|Pagata|Betaald|Paga|Zapłacona|Betald|Betalt|Betalt|Maksettu|Zaplaceno|入金済み|已付款
        mark_accepted|Accepted|Angenommen|Accepté|Aceptado|Accettato|Geaccepteerd|Aceite|Przyjęta|Accepterad|Accepteret|Akseptert|Hyväksytty|Přijato|承認|已接受
        mark_declined|Declined|Abgelehnt|Refusé|Rechazado|Rifiutato|Afgewezen|Recusado|Odrzucona|Avböjd|Afvist|Avslått|Hylätty|Odmítnuto|辞退|已拒绝
        mark_refunded|Refunded|Erstattet|Remboursé|Reembolsado|Rimborsato|Terugbetaald|Reembolsado|Zwrócono|Återbetalt|Tilbagebetalt|Tilbakebetalt|Palautettu|Vráceno|返金済み|已退款
        convert|Convert to an invoice|In Rechnung umwandeln|Transformer en facture|Convertir en factura|Converti in fattura|Omzetten in factuur|Converter em fatura|Zamień na fakturę|Gör om till faktura|Konvertér til faktura|Gjør om til faktura|Muunna laskuksi|Převést na fakturu|請求書に変換|转为发票
        reason|Reason|Grund|Motif|Motivo|Motivo|Reden|Motivo|Powód|Anledning|Begrundelse|Begrunnelse|Syy|Důvod|理由|原因
        mark_void|Void|Stornieren|Annuler|Anular|Annulla|Laten vervallen|Anular|Anuluj|Makulera|Annullér|Annuller|Mitätöi|Stornovat|取消する|作废
        history|History|Verlauf|Historique|Historial|Cronologia|Geschiedenis|Histórico|Historia|Historik|Historik|Historikk|Historia|Historie|履歴|历史
        no_history|Not in a git repository, or not committed yet.|Nicht in einem Git-Repository oder noch nicht committet.|Pas dans un dépôt git, ou pas encore validé.|No está en un repositorio git o aún no se ha confirmado.|Non in un repository git, o non ancora registrato.|Niet in een git-repository, of nog niet gecommit.|Fora de um repositório git, ou ainda sem commit.|Poza repozytorium git lub jeszcze niezatwierdzone.|Inte i ett git-förråd, eller inte incheckat än.|Ikke i et git-repository, eller ikke committet endnu.|Ikke i et git-repository, eller ikke committet ennå.|Ei git-tietovarastossa tai ei vielä kirjattu.|Není v repozitáři git, nebo ještě není zapsáno.|git リポジトリにないか、まだコミットされていません。|不在 git 仓库中，或尚未提交。
        no_pdf_errors|No PDF while the book has errors.|Kein PDF, solange das Buch Fehler hat.|Pas de PDF tant que le livre contient des erreurs.|No hay PDF mientras el libro tenga errores.|Nessun PDF finché il libro ha errori.|Geen PDF zolang het boek fouten heeft.|Sem PDF enquanto o livro tiver erros.|Brak PDF, dopóki księga ma błędy.|Ingen PDF så länge boken har fel.|Ingen PDF, så længe bogen har fejl.|Ingen PDF så lenge boken har feil.|Ei PDF:ää, kun kirjassa on virheitä.|Žádné PDF, dokud má kniha chyby.|ブックにエラーがある間は PDF を作成しません。|账簿有错误时不生成 PDF。
        pdf_of|PDF of {number}|PDF von {number}|PDF de {number}|PDF de {number}|PDF di {number}|PDF van {number}|PDF de {number}|PDF {number}|PDF för {number}|PDF af {number}|PDF av {number}|{number} PDF|PDF dokladu {number}|{number} の PDF|{number} 的 PDF
        outputs|Outputs|Ausgaben|Sorties|Salidas|Output|Uitvoer|Saídas|Wydruki|Utdata|Output|Utdata|Tulosteet|Výstupy|出力|输出
        copy_pdf|Copy with today’s status (PDF)|Kopie mit heutigem Stand (PDF)|Copie avec le statut du jour (PDF)|Copia con el estado de hoy (PDF)|Copia con lo stato di oggi (PDF)|Kopie met de stand van vandaag (PDF)|Cópia com o estado de hoje (PDF)|Kopia ze stanem na dziś (PDF)|Kopia med dagens status (PDF)|Kopi med dagens status (PDF)|Kopi med dagens status (PDF)|Kopio tämän päivän tilalla (PDF)|Kopie s dnešním stavem (PDF)|本日の状態の控え（PDF）|带今日状态的副本（PDF）
        einvoice|E-invoice|E-Rechnung|Facture électronique|Factura electrónica|Fattura elettronica|E-factuur|Fatura eletrónica|E-faktura|E-faktura|E-faktura|E-faktura|Verkkolasku|E-faktura|電子請求書|电子发票
        reminder_due|Reminder {n} is due|{n}. Mahnung ist fällig|La relance {n} est due|Corresponde el recordatorio {n}|È dovuto il sollecito {n}|Aanmaning {n} is aan de beurt|O lembrete {n} está pendente|Należy wysłać wezwanie {n}|Påminnelse {n} ska skickas|Rykker {n} skal sendes|Purring {n} skal sendes|Muistutus {n} on ajankohtainen|Je čas na {n}. upomínku|督促 {n} 回目の時期です|应发送第 {n} 次催款
        reminder_pdf|Reminder (PDF)|Mahnung (PDF)|Relance (PDF)|Recordatorio (PDF)|Sollecito (PDF)|Aanmaning (PDF)|Lembrete (PDF)|Wezwanie (PDF)|Påminnelse (PDF)|Rykker (PDF)|Purring (PDF)|Muistutus (PDF)|Upomínka (PDF)|督促状（PDF）|催款函（PDF）
        record_reminder|Record the reminder|Mahnung erfassen|Enregistrer la relance|Registrar el recordatorio|Registra il sollecito|Aanmaning vastleggen|Registar o lembrete|Zapisz wezwanie|Registrera påminnelsen|Registrér rykkeren|Registrer purringen|Kirjaa muistutus|Zaznamenat upomínku|督促を記録|记录催款
        reminder_summary|{total} to pay by {date}|{total}, zahlbar bis {date}|{total} à payer avant le {date}|{total} a pagar antes del {date}|{total} da pagare entro il {date}|{total} te betalen vóór {date}|{total} a pagar até {date}|{total} do zapłaty do {date}|{total} att betala senast {date}|{total} at betale senest {date}|{total} å betale innen {date}|{total} maksettava viimeistään {date}|{total} k úhradě do {date}|{total}（{date} までに支払）|{total}，付款截止 {date}
        mail|E-mail|E-Mail|E-mail|Correo electrónico|E-mail|E-mail|E-mail|E-mail|E-post|E-mail|E-post|Sähköposti|E-mail|メール|邮件
        mail_to|To|An|À|Para|A|Aan|Para|Do|Till|Til|Til|Vastaanottaja|Komu|宛先|收件人
        subject|Subject|Betreff|Objet|Asunto|Oggetto|Onderwerp|Assunto|Temat|Ämne|Emne|Emne|Aihe|Předmět|件名|主题
        attachments|Attachments|Anhänge|Pièces jointes|Adjuntos|Allegati|Bijlagen|Anexos|Załączniki|Bilagor|Vedhæftede filer|Vedlegg|Liitteet|Přílohy|添付ファイル|附件
        no_email|The client has no e-mail address.|Der Kunde hat keine E-Mail-Adresse.|Le client n’a pas d’adresse e-mail.|El cliente no tiene dirección de correo.|Il cliente non ha un indirizzo e-mail.|De klant heeft geen e-mailadres.|O cliente não tem endereço de e-mail.|Klient nie ma adresu e-mail.|Kunden har ingen e-postadress.|Kunden har ingen e-mailadresse.|Kunden har ingen e-postadresse.|Asiakkaalla ei ole sähköpostiosoitetta.|Klient nemá e-mailovou adresu.|取引先にメールアドレスがありません。|客户没有邮箱地址。
        mail_cli|This page only shows the message; it is sent from the command line:|Diese Seite zeigt die Nachricht nur; versandt wird sie auf der Kommandozeile:|Cette page montre seulement le message ; il s’envoie en ligne de commande :|Esta página solo muestra el mensaje; se envía desde la línea de comandos:|Questa pagina mostra solo il messaggio; si invia dalla riga di comando:|Deze pagina toont alleen het bericht; verzenden gaat via de opdrachtregel:|Esta página só mostra a mensagem; é enviada na linha de comandos:|Ta strona tylko pokazuje wiadomość; wysyła się ją z wiersza poleceń:|Sidan visar bara meddelandet; det skickas från kommandoraden:|Siden viser kun beskeden; den sendes fra kommandolinjen:|Siden viser bare meldingen; den sendes fra kommandolinjen:|Sivu vain näyttää viestin; se lähetetään komentoriviltä:|Stránka zprávu jen zobrazuje; odesílá se z příkazové řádky:|このページはメッセージを表示するだけです。送信はコマンドラインから：|此页面仅显示邮件；发送请使用命令行：
        mail_preview|Preview the e-mail|E-Mail-Vorschau|Aperçu de l’e-mail|Vista previa del correo|Anteprima dell’e-mail|Voorbeeld van de e-mail|Pré-visualizar o e-mail|Podgląd wiadomości|Förhandsgranska e-posten|Forhåndsvis e-mailen|Forhåndsvis e-posten|Sähköpostin esikatselu|Náhled e-mailu|メールのプレビュー|邮件预览
        balance|Balance|Saldo|Solde|Saldo|Saldo|Saldo|Saldo|Saldo|Saldo|Saldo|Saldo|Saldo|Zůstatek|残高|余额
        statement_hint|every open invoice with its payments, credit notes and refunds, and the balance.|alle offenen Rechnungen mit ihren Zahlungen, Rechnungskorrekturen und Erstattungen sowie der Saldo.|chaque facture ouverte avec ses paiements, avoirs et remboursements, et le solde.|cada factura pendiente con sus pagos, rectificativas y reembolsos, y el saldo.|ogni fattura aperta con pagamenti, note di credito e rimborsi, e il saldo.|elke openstaande factuur met betalingen, creditnota’s en terugbetalingen, en het saldo.|cada fatura em aberto com pagamentos, notas de crédito e reembolsos, e o saldo.|każda otwarta faktura z wpłatami, korektami i zwrotami oraz saldo.|varje obetald faktura med betalningar, kreditfakturor och återbetalningar, och saldot.|hver åben faktura med betalinger, kreditnotaer og tilbagebetalinger samt saldoen.|hver åpen faktura med betalinger, kreditnotaer og tilbakebetalinger, og saldoen.|jokainen avoin lasku maksuineen, hyvityksineen ja palautuksineen sekä saldo.|každá otevřená faktura s platbami, dobropisy a vratkami a zůstatek.|未回収の各請求書と入金・クレジットノート・返金、残高。|每张未结发票及其付款、贷项通知单和退款，以及余额。
        no_findings|No findings|Keine Befunde|Aucune remarque|Sin observaciones|Nessuna segnalazione|Geen bevindingen|Sem ocorrências|Brak uwag|Inga anmärkningar|Ingen bemærkninger|Ingen merknader|Ei havaintoja|Žádná zjištění|指摘なし|无发现
        findings|{errors} error(s), {warnings} warning(s)|Fehler: {errors}, Warnungen: {warnings}|Erreurs : {errors}, avertissements : {warnings}|Errores: {errors}, advertencias: {warnings}|Errori: {errors}, avvisi: {warnings}|Fouten: {errors}, waarschuwingen: {warnings}|Erros: {errors}, avisos: {warnings}|Błędy: {errors}, ostrzeżenia: {warnings}|Fel: {errors}, varningar: {warnings}|Fejl: {errors}, advarsler: {warnings}|Feil: {errors}, advarsler: {warnings}|Virheitä: {errors}, varoituksia: {warnings}|Chyby: {errors}, upozornění: {warnings}|エラー {errors} 件、警告 {warnings} 件|{errors} 个错误，{warnings} 个警告
        checks_clean|Nothing to report: the book checks clean.|Nichts zu melden: Das Buch ist fehlerfrei.|Rien à signaler : le livre est sans erreur.|Nada que señalar: el libro no tiene errores.|Nulla da segnalare: il libro è senza errori.|Niets te melden: het boek is foutloos.|Nada a assinalar: o livro está sem erros.|Brak uwag: księga jest poprawna.|Inget att rapportera: boken är felfri.|Intet at bemærke: bogen er fejlfri.|Ingenting å melde: boken er feilfri.|Ei huomautettavaa: kirja on virheetön.|Není co hlásit: kniha je bez chyb.|問題はありません：ブックはチェックを通過しました。|无需报告：账簿检查通过。
        not_written|Not written|Nicht gespeichert|Rien n’a été écrit|No se ha guardado|Non salvato|Niet opgeslagen|Não gravado|Nie zapisano|Inte sparat|Ikke gemt|Ikke lagret|Ei tallennettu|Neuloženo|保存されませんでした|未写入
        not_found|Not found|Nicht gefunden|Introuvable|No encontrado|Non trovato|Niet gevonden|Não encontrado|Nie znaleziono|Hittades inte|Ikke fundet|Ikke funnet|Ei löytynyt|Nenalezeno|見つかりません|未找到
        back|Back|Zurück|Retour|Volver|Indietro|Terug|Voltar|Wróć|Tillbaka|Tilbage|Tilbake|Takaisin|Zpět|戻る|返回
        no_client|No client {id}|Kein Kunde {id}|Aucun client {id}|No hay cliente {id}|Nessun cliente {id}|Geen klant {id}|Nenhum cliente {id}|Brak klienta {id}|Ingen kund {id}|Ingen kunde {id}|Ingen kunde {id}|Ei asiakasta {id}|Žádný klient {id}|取引先 {id} はありません|没有客户 {id}
        no_document|No document {number}|Kein Dokument {number}|Aucun document {number}|No hay documento {number}|Nessun documento {number}|Geen document {number}|Nenhum documento {number}|Brak dokumentu {number}|Inget dokument {number}|Intet dokument {number}|Intet dokument {number}|Ei asiakirjaa {number}|Žádný doklad {number}|書類 {number} はありません|没有单据 {number}
        no_action|No action {action}|Keine Aktion {action}|Aucune action {action}|No hay acción {action}|Nessuna azione {action}|Geen actie {action}|Nenhuma ação {action}|Brak akcji {action}|Ingen åtgärd {action}|Ingen handling {action}|Ingen handling {action}|Ei toimintoa {action}|Žádná akce {action}|操作 {action} はありません|没有操作 {action}
        no_pdf|No PDF|Kein PDF|Pas de PDF|Sin PDF|Nessun PDF|Geen PDF|Sem PDF|Brak PDF|Ingen PDF|Ingen PDF|Ingen PDF|Ei PDF:ää|Žádné PDF|PDF なし|无 PDF
        no_statement_errors|No statement while the book has errors|Kein Kontoauszug, solange das Buch Fehler hat|Pas de relevé tant que le livre contient des erreurs|No hay estado de cuenta mientras el libro tenga errores|Nessun estratto conto finché il libro ha errori|Geen rekeningoverzicht zolang het boek fouten heeft|Sem extrato enquanto o livro tiver erros|Brak wyciągu, dopóki księga ma błędy|Inget kontoutdrag så länge boken har fel|Intet kontoudtog, så længe bogen har fejl|Intet kontoutdrag så lenge boken har feil|Ei tiliotetta, kun kirjassa on virheitä|Žádný výpis, dokud má kniha chyby|ブックにエラーがある間は取引明細を作成しません|账簿有错误时不生成对账单
        cannot_render|{what} cannot be rendered|{what} kann nicht erstellt werden|{what} ne peut pas être produit|{what} no se puede generar|{what} non può essere generato|{what} kan niet worden gemaakt|{what} não pode ser gerado|Nie można utworzyć: {what}|{what} kan inte skapas|{what} kan ikke dannes|{what} kan ikke lages|{what}: ei voi muodostaa|{what} nelze vytvořit|{what} を作成できません|无法生成 {what}
        no_currency|No currency for the statement of {id}|Keine Währung für den Kontoauszug von {id}|Aucune devise pour le relevé de {id}|Sin moneda para el estado de cuenta de {id}|Nessuna valuta per l’estratto conto di {id}|Geen valuta voor het rekeningoverzicht van {id}|Sem moeda para o extrato de {id}|Brak waluty dla wyciągu {id}|Ingen valuta för kontoutdraget för {id}|Ingen valuta til kontoudtoget for {id}|Ingen valuta for kontoutdraget til {id}|Ei valuuttaa tiliotteelle {id}|Žádná měna pro výpis {id}|{id} の取引明細の通貨がありません|{id} 的对账单没有币种
        no_reminder|No reminder is due on {number}|Für {number} ist keine Mahnung fällig|Aucune relance n’est due pour {number}|No corresponde ningún recordatorio para {number}|Nessun sollecito dovuto per {number}|Voor {number} is geen aanmaning aan de beurt|Nenhum lembrete pendente para {number}|Brak wezwania do wysłania dla {number}|Ingen påminnelse ska skickas för {number}|Ingen rykker skal sendes for {number}|Ingen purring skal sendes for {number}|Laskulle {number} ei ole muistutusta|Pro {number} není upomínka na řadě|{number} に督促の時期は来ていません|{number} 暂无需催款
        no_einvoice|{number} has no e-invoice in {format}|Zu {number} gibt es keine E-Rechnung im Format {format}|{number} n’a pas de facture électronique en {format}|{number} no tiene factura electrónica en {format}|{number} non ha una fattura elettronica in {format}|{number} heeft geen e-factuur in {format}|{number} não tem fatura eletrónica em {format}|{number} nie ma e-faktury w formacie {format}|{number} har ingen e-faktura i {format}|{number} har ingen e-faktura i {format}|{number} har ingen e-faktura i {format}|Asiakirjalla {number} ei ole verkkolaskua muodossa {format}|{number} nemá e-fakturu ve formátu {format}|{number} に {format} の電子請求書はありません|{number} 没有 {format} 格式的电子发票
        form_other_session|The form is from another session: reload the page and try again|Das Formular stammt aus einer anderen Sitzung: Laden Sie die Seite neu und versuchen Sie es noch einmal|Le formulaire vient d’une autre session : rechargez la page et réessayez|El formulario es de otra sesión: recargue la página e inténtelo de nuevo|Il modulo è di un’altra sessione: ricarica la pagina e riprova|Het formulier komt uit een andere sessie: laad de pagina opnieuw en probeer het nog eens|O formulário é de outra sessão: recarregue a página e tente de novo|Formularz pochodzi z innej sesji: odśwież stronę i spróbuj ponownie|Formuläret kommer från en annan session: ladda om sidan och försök igen|Formularen er fra en anden session: genindlæs siden, og prøv igen|Skjemaet er fra en annen økt: last inn siden på nytt og prøv igjen|Lomake on toisesta istunnosta: lataa sivu uudelleen ja yritä uudestaan|Formulář je z jiné relace: načtěte stránku znovu a zkuste to ještě jednou|フォームは別のセッションのものです。ページを再読み込みしてやり直してください|表单来自另一个会话：请刷新页面后重试
        form_invalid|The form has a field that is not valid, so nothing was written|Das Formular enthält ein ungültiges Feld, daher wurde nichts gespeichert|Le formulaire contient un champ non valide : rien n’a été écrit|El formulario tiene un campo no válido, así que no se ha guardado nada|Il modulo contiene un campo non valido, quindi non è stato salvato nulla|Het formulier bevat een ongeldig veld, dus er is niets opgeslagen|O formulário tem um campo inválido, por isso nada foi gravado|Formularz zawiera nieprawidłowe pole, więc nic nie zapisano|Formuläret har ett ogiltigt fält, så inget sparades|Formularen har et ugyldigt felt, så intet blev gemt|Skjemaet har et ugyldig felt, så ingenting ble lagret|Lomakkeessa on virheellinen kenttä, joten mitään ei tallennettu|Formulář obsahuje neplatné pole, proto se nic neuložilo|フォームに無効な項目があるため、何も保存されませんでした|表单中有无效字段，因此未写入任何内容
        would_add_error|This would add an error to the book, so nothing was written|Das würde dem Buch einen Fehler hinzufügen, daher wurde nichts gespeichert|Cela ajouterait une erreur au livre : rien n’a été écrit|Esto añadiría un error al libro, así que no se ha guardado nada|Questo aggiungerebbe un errore al libro, quindi non è stato salvato nulla|Dit zou een fout aan het boek toevoegen, dus er is niets opgeslagen|Isto acrescentaria um erro ao livro, por isso nada foi gravado|To dodałoby błąd do księgi, więc nic nie zapisano|Det skulle lägga till ett fel i boken, så inget sparades|Det ville tilføje en fejl til bogen, så intet blev gemt|Det ville lagt til en feil i boken, så ingenting ble lagret|Tämä lisäisi kirjaan virheen, joten mitään ei tallennettu|Tím by do knihy přibyla chyba, proto se nic neuložilo|ブックにエラーが生じるため、何も保存されませんでした|这会给账簿带来错误，因此未写入任何内容
        field_unknown|this form has no such field|dieses Formular hat kein solches Feld|ce formulaire n’a pas ce champ|este formulario no tiene ese campo|questo modulo non ha questo campo|dit formulier heeft zo’n veld niet|este formulário não tem esse campo|ten formularz nie ma takiego pola|formuläret har inget sådant fält|formularen har intet sådant felt|skjemaet har ikke et slikt felt|lomakkeessa ei ole tällaista kenttää|tento formulář takové pole nemá|このフォームにその項目はありません|此表单没有该字段
        field_missing|missing|fehlt|manquant|falta|mancante|ontbreekt|em falta|brak|saknas|mangler|mangler|puuttuu|chybí|未入力|缺失
        field_control|a control character (such as a line break) is not allowed|ein Steuerzeichen (etwa ein Zeilenumbruch) ist nicht erlaubt|un caractère de contrôle (comme un saut de ligne) n’est pas permis|no se permite un carácter de control (como un salto de línea)|un carattere di controllo (come un a capo) non è ammesso|een stuurteken (zoals een regeleinde) is niet toegestaan|não é permitido um carácter de controlo (como uma quebra de linha)|znak sterujący (np. koniec wiersza) jest niedozwolony|ett styrtecken (som en radbrytning) är inte tillåtet|et kontroltegn (som et linjeskift) er ikke tilladt|et kontrolltegn (som et linjeskift) er ikke tillatt|ohjausmerkki (kuten rivinvaihto) ei ole sallittu|řídicí znak (například konec řádku) není povolen|制御文字（改行など）は使えません|不允许使用控制字符（如换行）
        field_twice|given twice|doppelt angegeben|donné deux fois|indicado dos veces|indicato due volte|twee keer opgegeven|indicado duas vezes|podane dwukrotnie|angivet två gånger|angivet to gange|oppgitt to ganger|annettu kahdesti|zadáno dvakrát|2 回指定されています|重复提供
        field_encoding|not percent-encoded UTF-8|kein prozentkodiertes UTF-8|pas de l’UTF-8 encodé en pourcent|no es UTF-8 con codificación porcentual|non è UTF-8 con codifica percentuale|geen procent-gecodeerde UTF-8|não é UTF-8 com codificação percentual|to nie jest UTF-8 zakodowany procentowo|inte procentkodad UTF-8|ikke procentkodet UTF-8|ikke prosentkodet UTF-8|ei prosenttikoodattua UTF-8:aa|není procentově kódované UTF-8|パーセントエンコードされた UTF-8 ではありません|不是百分号编码的 UTF-8
        field_not_date|`{text}` is not a date (YYYY-MM-DD, a day that exists)|`{text}` ist kein Datum (JJJJ-MM-TT, ein Tag, den es gibt)|`{text}` n’est pas une date (AAAA-MM-JJ, un jour qui existe)|`{text}` no es una fecha (AAAA-MM-DD, un día que exista)|`{text}` non è una data (AAAA-MM-GG, un giorno che esiste)|`{text}` is geen datum (JJJJ-MM-DD, een dag die bestaat)|`{text}` não é uma data (AAAA-MM-DD, um dia que exista)|`{text}` to nie data (RRRR-MM-DD, dzień, który istnieje)|`{text}` är inget datum (ÅÅÅÅ-MM-DD, en dag som finns)|`{text}` er ikke en dato (ÅÅÅÅ-MM-DD, en dag, der findes)|`{text}` er ikke en dato (ÅÅÅÅ-MM-DD, en dag som finnes)|`{text}` ei ole päivämäärä (VVVV-KK-PP, päivä joka on olemassa)|`{text}` není datum (RRRR-MM-DD, den, který existuje)|`{text}` は日付ではありません（YYYY-MM-DD、実在する日）|`{text}` 不是日期（YYYY-MM-DD，且须为存在的日期）
        field_spaces|only spaces|nur Leerzeichen|seulement des espaces|solo espacios|solo spazi|alleen spaties|só espaços|same spacje|bara blanksteg|kun mellemrum|bare mellomrom|pelkkiä välilyöntejä|jen mezery|空白のみ|只有空格
        done_sent|{number} recorded as sent|{number} als versandt erfasst|{number} enregistrée comme envoyée|{number} registrada como enviada|{number} registrata come inviata|{number} vastgelegd als verzonden|{number} registada como enviada|{number} zapisano jako wysłaną|{number} registrerad som skickad|{number} registreret som sendt|{number} registrert som sendt|{number} kirjattu lähetetyksi|{number} zaznamenáno jako odeslané|{number} を送付済みとして記録しました|已将 {number} 记录为已发送
        done_paid|payment recorded on {number}|Zahlung zu {number} erfasst|paiement enregistré sur {number}|pago registrado en {number}|pagamento registrato su {number}|betaling vastgelegd op {number}|pagamento registado em {number}|zapisano wpłatę do {number}|betalning registrerad på {number}|betaling registreret på {number}|betaling registrert på {number}|maksu kirjattu laskulle {number}|platba zaznamenána k {number}|{number} の入金を記録しました|已记录 {number} 的付款
        done_refund|refund recorded on {number}|Erstattung zu {number} erfasst|remboursement enregistré sur {number}|reembolso registrado en {number}|rimborso registrato su {number}|terugbetaling vastgelegd op {number}|reembolso registado em {number}|zapisano zwrot do {number}|återbetalning registrerad på {number}|tilbagebetaling registreret på {number}|tilbakebetaling registrert på {number}|palautus kirjattu asiakirjalle {number}|vrácení zaznamenáno k {number}|{number} の返金を記録しました|已记录 {number} 的退款
        done_void|{number} voided|{number} storniert|{number} annulée|{number} anulada|{number} annullata|{number} vervallen verklaard|{number} anulada|{number} anulowano|{number} makulerad|{number} annulleret|{number} annullert|{number} mitätöity|{number} stornováno|{number} を取り消しました|{number} 已作废
        done_accepted|{number} accepted|{number} angenommen|{number} accepté|{number} aceptado|{number} accettato|{number} geaccepteerd|{number} aceite|{number} przyjęto|{number} accepterad|{number} accepteret|{number} akseptert|{number} hyväksytty|{number} přijato|{number} を承認済みにしました|{number} 已接受
        done_declined|{number} declined|{number} abgelehnt|{number} refusé|{number} rechazado|{number} rifiutato|{number} afgewezen|{number} recusado|{number} odrzucono|{number} avböjd|{number} afvist|{number} avslått|{number} hylätty|{number} odmítnuto|{number} を辞退にしました|{number} 已拒绝
        done_converted|{number} converted to {invoice}|{number} in {invoice} umgewandelt|{number} transformé en {invoice}|{number} convertido en {invoice}|{number} convertito in {invoice}|{number} omgezet in {invoice}|{number} convertido em {invoice}|{number} zamieniono na {invoice}|{number} omgjord till {invoice}|{number} konverteret til {invoice}|{number} gjort om til {invoice}|{number} muunnettu laskuksi {invoice}|{number} převedeno na {invoice}|{number} を {invoice} に変換しました|{number} 已转为 {invoice}
        done_credit|{note} credits {number}|{note} korrigiert {number}|{note} crédite {number}|{note} abona {number}|{note} accredita {number}|{note} crediteert {number}|{note} credita {number}|{note} koryguje {number}|{note} krediterar {number}|{note} krediterer {number}|{note} krediterer {number}|{note} hyvittää laskun {number}|{note} dobropisuje {number}|{note} で {number} をクレジットしました|{note} 贷记 {number}
        done_started|{number} started in {path}: fill in its line in your editor|{number} in {path} angelegt: Tragen Sie die Position in Ihrem Editor ein|{number} créée dans {path} : complétez sa ligne dans votre éditeur|{number} creada en {path}: complete su línea en su editor|{number} creata in {path}: completa la riga nel tuo editor|{number} aangemaakt in {path}: vul de regel in je editor in|{number} criada em {path}: preencha a linha no seu editor|{number} utworzono w {path}: uzupełnij pozycję w edytorze|{number} skapad i {path}: fyll i raden i din editor|{number} oprettet i {path}: udfyld linjen i din editor|{number} opprettet i {path}: fyll inn linjen i editoren din|{number} luotu tiedostoon {path}: täytä rivi editorissasi|{number} založeno v {path}: doplňte položku v editoru|{number} を {path} に作成しました：エディタで明細を記入してください|已在 {path} 创建 {number}：请在编辑器中填写明细
        done_reminded|reminder {n} recorded on {number}|{n}. Mahnung zu {number} erfasst|relance {n} enregistrée sur {number}|recordatorio {n} registrado en {number}|sollecito {n} registrato su {number}|aanmaning {n} vastgelegd op {number}|lembrete {n} registado em {number}|zapisano wezwanie {n} do {number}|påminnelse {n} registrerad på {number}|rykker {n} registreret på {number}|purring {n} registrert på {number}|muistutus {n} kirjattu laskulle {number}|{n}. upomínka zaznamenána k {number}|{number} に督促 {n} 回目を記録しました|已记录 {number} 的第 {n} 次催款
        """
}
