// Generated from templates/*.yaml by the test `embeddedTemplatesMatchTheFiles`: do not edit.
// After changing a template, run `RECORD=1 swift test --filter EmbeddedTemplateTests` to rewrite
// this file; the test fails whenever it and templates/ differ, so the two never drift.

enum BuiltInTemplates {
    /// Template name -> the YAML text of templates/NAME.yaml.
    static let sources: [String: String] = [
        "classic": #"""
# classic: a sans-serif business layout. The logo top left, the business's name and contact on
# the right, a coloured title with the number, the client and the dates side by side, a table
# with a tinted header band. Everything it does not set comes from invoi (labels included).

extends: invoi
layout: classic

page:
  margins: [40, 48, 40, 48]

fonts:
  family: Noto Sans
  fallback: [Noto Sans Hebrew, Noto Sans Arabic, Noto Sans Devanagari, Noto Sans Bengali,
             Noto Sans Tamil, Noto Sans Thai, Noto Sans Lao, Noto Sans Khmer, Noto Sans Myanmar,
             Noto Sans Sinhala, Noto Sans Armenian, Noto Sans Georgian, Noto Sans Ethiopic,
             Noto Sans CJK JP, Noto Sans Symbols, Noto Sans Symbols2, Noto Sans Math]

colors:
  text: "#1F2933"
  muted: "#66727F"
  rule: "#D9DEE4"
  strong: "#1F3A5F"
  accent: "#1F3A5F"
  band: "#EDF1F6"

styles:
  business_name:  {size: 15, weight: bold, tracking: 0}
  contact:        {size: 9.5, color: muted}
  title:          {size: 26, weight: bold, color: accent, tracking: 1.5, uppercase: true}
  number:         {size: 11, color: muted}
  label:          {size: 8.5, weight: bold, color: accent, tracking: 0.8, uppercase: true}
  client_name:    {size: 12, weight: bold}
  detail:         {size: 9.5, color: muted}
  value:          {size: 10}
  note:           {size: 9, color: muted}
  table_header:   {size: 8.5, weight: bold, color: accent, tracking: 0.6, uppercase: true}
  description:    {size: 10}
  quantity:       {size: 10, color: text}
  rate:           {size: 10, color: text}
  amount:         {size: 10, weight: regular}
  totals_label:   {size: 10, color: muted}
  totals_value:   {size: 10}
  total_label:    {size: 12, weight: bold, color: accent}
  total_value:    {size: 15, weight: bold, color: accent, tracking: 0}
  payment_label:  {size: 9.5, color: muted}
  payment_value:  {size: 9.5}
  notes:          {size: 9.5, color: muted}
  footer:         {size: 8, color: muted}
  stamp:          {size: 14, weight: bold, tracking: 2.5}

logo:
  width: 150
  height: 60

table:
  quantity_width: 64
  rate_width: 96
  amount_width: 104
  header_rule: 0
  row_rule: 0.75
  row_padding: 7

totals:
  width: 240
  rule_width: 240

payment:
  label_width: 90

stamp:
  rotation: -10
  border: 2

"""#,
        "invoi": #"""
# invoi: the default look of an invoic PDF. A white page set in one monospace face, near-black
# text, grey for everything secondary, hairline rules.
#
# A book changes it with templates/NAME.yaml and `template: NAME` in invoic.yaml. Such a file
# `extends:` a template (this one when it names none) and sets only what it changes, e.g.
#
#   extends: invoi
#   page: {size: Letter}
#   colors: {accent: "#0B5FFF"}
#   labels: {en: {bill_to: Billed to}}
#
# Sizes and distances are in points (1/72 inch). Colours are #RRGGBB. A style names a colour of
# `colors` or writes its own. Labels are chosen by the document's locale: `de_AT`, then `de`,
# then `en`.

layout: invoi                 # how the header is arranged: invoi or classic

page:
  # size: A4                  # A4 or Letter; unset, the book's `paper:` or the locale's usual paper
  margins: [42, 40, 36, 40]   # top, right, bottom, left

fonts:
  family: JetBrains Mono
  # Tried in order for a character the family lacks: currency signs, scripts, CJK.
  fallback: [Noto Sans Mono, Noto Sans, Noto Sans Hebrew, Noto Sans Arabic, Noto Sans Devanagari,
             Noto Sans Bengali, Noto Sans Tamil, Noto Sans Thai, Noto Sans Lao, Noto Sans Khmer,
             Noto Sans Myanmar, Noto Sans Sinhala, Noto Sans Armenian, Noto Sans Georgian,
             Noto Sans Ethiopic, Noto Sans Mono CJK JP, Noto Sans Symbols, Noto Sans Symbols2,
             Noto Sans Math]

colors:
  text: "#111111"
  muted: "#888888"
  rule: "#E5E5E5"
  strong: "#111111"           # the rule under the table's header
  accent: "#111111"
  band: none                  # a fill behind the table's header, or none
  paid: "#1F7A4D"
  void: "#B42318"
  estimate: "#3D5A80"         # accepted and declined stamps

styles:
  business_name:  {size: 26, weight: bold, tracking: -0.5}
  contact:        {size: 12, color: muted, line_height: 0.95}
  title:          {size: 34, weight: bold, tracking: -2, uppercase: true}
  number:         {size: 13, color: muted}
  label:          {size: 10, weight: semibold, color: muted, tracking: 1.2, uppercase: true}
  client_name:    {size: 15, weight: bold}
  detail:         {size: 12, color: muted, line_height: 0.95}
  value:          {size: 12}
  note:           {size: 10, color: muted}
  table_header:   {size: 10, weight: semibold, color: muted, tracking: 1.2, uppercase: true}
  description:    {size: 11, line_height: 0.95}
  quantity:       {size: 11, color: muted}
  rate:           {size: 11, color: muted}
  amount:         {size: 11, weight: medium}
  totals_label:   {size: 11, color: muted}
  totals_value:   {size: 11}
  total_label:    {size: 15, weight: bold}
  total_value:    {size: 20, weight: bold, tracking: -0.5}
  payment_label:  {size: 11, color: muted}
  payment_value:  {size: 11}
  notes:          {size: 10, color: muted, line_height: 0.95}
  footer:         {size: 9, color: muted}
  stamp:          {size: 15, weight: bold, tracking: 3, uppercase: true}

logo:
  width: 120                  # the box the logo is scaled into, keeping its proportions
  height: 40

table:
  quantity_width: 56
  rate_width: 104
  amount_width: 120
  header_rule: 1.5
  row_rule: 1
  row_padding: 8              # above and below each row's text

totals:
  width: 256
  rule_width: 192

payment:
  label_width: 96

stamp:
  rotation: -8                # degrees; 0 sets it straight
  border: 2

# The blocks under the header, top to bottom; leave one out to hide it.
blocks: [parties, items, totals, payment, notes]

page_numbers: auto            # auto (only when there is more than one page), always or never

labels:
  en:
    invoice: Invoice
    estimate: Estimate
    bill_to: Bill to
    from: From
    issue_date: Issue date
    due_date: Due date
    valid_until: Valid until
    delivery_date: Delivery date
    description: Description
    quantity: Qty
    rate: Rate
    amount: Amount
    subtotal: Subtotal
    discount: Discount
    tax: Tax
    total: Total
    paid: Paid
    amount_due: Amount due
    payment_details: Payment details
    beneficiary: Payee
    bank: Bank
    account: Account
    bic: SWIFT/BIC
    tax_id: Tax ID
    project: Project
    notes: Notes
    page: Page {page} of {pages}
    converted_from: Converted from {number}
    void_reason: "Void: {reason}"
    stamp_paid: Paid
    stamp_void: Void
    stamp_accepted: Accepted
    stamp_declined: Declined
    estimate_for: Prepared for
    estimate_date: Estimate date
    tax_zero: zero-rated
    tax_exempt: exempt
    tax_reverse_charge: reverse charge
    tax_intra_eu: intra-EU supply
    tax_export: export
    tax_outside_scope: not subject to VAT
    tax_total: Total tax
    legal_reverse_charge: "Reverse charge: VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC)"
    legal_intra_eu: Exempt intra-Community supply (Art. 138 Directive 2006/112/EC)
    legal_export: Export outside the EU, exempt (Art. 146 Directive 2006/112/EC)
    legal_outside_scope: Not subject to VAT
    pay_with_app: Pay with your banking app
    deliver_to: Delivered to
    payment_direct_debit: "Direct debit from {iban}, mandate {mandate}"
    payment_card: "Paid by card ending {card}"
    prepayment_invoice: Prepayment invoice
    self_billed_invoice: Self-billed invoice
    item_id: Item no.
    credit_note: Credit note
    corrects_invoice: "Corrects invoice {number} of {date}"
    credit_reason: "Reason: {reason}"
    refunded: Refunded
    credit_remaining: Credit remaining
    prepaid: Prepaid
    rounding: Rounding
    allowance: Allowance
    charge: Charge
    buyer_reference: Your reference
    order: Order
    contract: Contract
    period: Period
    list_price: List price
    reminder: "Payment reminder"
    reminder_n: "Reminder {n}"
    reminder_invoice: "Invoice {number} of {date}, due {due}"
    reminder_fees_earlier: "Earlier reminder fees"
    reminder_fee: "Reminder fee"
    reminder_interest: "Interest at {rate} a year for {days} days on {amount}"
    reminder_note: "Our records show that invoice {number} of {date}, due on {due}, has not been paid yet. Perhaps it was overlooked: please pay {amount} by {pay_by}. If you have paid in the meantime, please disregard this reminder."
    reminder_note_firm: "Invoice {number} of {date} was due on {due} and remains unpaid despite our earlier reminder. Please pay {amount} by {pay_by}, or contact us at once if there is a problem with the invoice."
    mail_subject: "{title} {number} from {business}"
    mail_body: "Hello,\n\nplease find attached {document} of {date} for {total}.{payment}\n\nKind regards,\n{business}\n"
    mail_payment: " Please pay by {due}."
    reminder_date: "Date"
    pay_by: "Pay by"
    reminder_paid: "{total}, of which {paid} paid"
    reminder_payment: "Payment of {date}"
    reminder_credit: "Credit note {number} of {date}"
    reminder_refund: "Refund of {date}"
    reminder_interest_earlier: "Interest of earlier reminders"
    mail_balance: " Of this, {amount} is still due; please pay it by {due}."
    statement: "Statement of account"
    statement_note: "Your account as of {date}. Please pay {amount} by {pay_by}. Payments made after {date} are not shown."
    statement_note_owed: "Your account as of {date}: we owe you {amount} and will pay it back to you."
    statement_note_settled: "Your account as of {date}: nothing is open. Thank you."
    stamp_copy: "Copy"
    stamp_credited: "Credited"
    copy_note: "Copy of {date}, not the original document"
    copy_note_due: "Copy of {date}, not the original document: {amount} still due"
    view_legal_note: "A view of the e-invoice {file}, made by invoic: the e-invoice itself is the invoice."
    view_findings_count: "EN 16931 rules broken: {count} (see the findings at the end)."
    view_due_stated: "The supplier asks for {stated}; the document's own figures give {computed}."
    view_no_lines: "This e-invoice lists no lines ({profile} profile)."
    view_about: "About this e-invoice"
    view_format: "Format"
    view_references: "References"
    view_tax_breakdown: "VAT breakdown"
    view_category: "Category"
    view_taxable: "Taxable amount"
    view_exemption: "Exemption reason"
    view_attachments: "Attachments"
    view_findings: "Findings (EN 16931 rules)"
    view_no_findings: "None: the e-invoice keeps every rule checked."
    view_payment_reference: "Payment reference"
    view_terms: "Payment terms"
    view_legal_id: "Registration"
    view_electronic_address: "Electronic address"
    view_tax_number: "Tax number"
    view_project_reference: "Project reference"
    view_corrects: "Corrects invoice {number}"
    view_currency: "Currency"
    view_lines: "Lines"
    view_net: "Total without VAT"
    view_means: "Payment means"
    view_allowances_charges: "Allowances and charges"
    view_contact: "Contact"
    view_third_party: "Third-party payments"
  en_GB: {tax: VAT, tax_id: VAT no.}
  en_IE: {tax: VAT, tax_id: VAT no.}
  en_IN: {tax: GST, tax_id: GSTIN}
  en_AU: {tax: GST, tax_id: ABN}
  en_NZ: {tax: GST, tax_id: GST no.}
  en_CA: {tax: Tax, tax_id: GST/HST no.}
  de:
    invoice: Rechnung
    estimate: Angebot
    bill_to: Rechnung an
    from: Von
    issue_date: Rechnungsdatum
    due_date: Fällig am
    valid_until: Gültig bis
    delivery_date: Leistungsdatum
    description: Beschreibung
    quantity: Menge
    rate: Preis
    amount: Betrag
    subtotal: Zwischensumme
    discount: Rabatt
    tax: USt.
    total: Gesamt
    paid: Bezahlt
    amount_due: Offener Betrag
    payment_details: Bankverbindung
    beneficiary: Empfänger
    bank: Bank
    account: Konto
    bic: BIC
    tax_id: USt-IdNr.
    project: Projekt
    notes: Anmerkungen
    page: Seite {page} von {pages}
    converted_from: Aus Angebot {number}
    void_reason: "Storniert: {reason}"
    stamp_paid: Bezahlt
    stamp_void: Storniert
    stamp_accepted: Angenommen
    stamp_declined: Abgelehnt
    estimate_for: Angebot für
    estimate_date: Angebotsdatum
    tax_zero: Nullsatz
    tax_exempt: steuerfrei
    tax_reverse_charge: Reverse Charge
    tax_intra_eu: innergemeinschaftliche Lieferung
    tax_export: Ausfuhr
    tax_outside_scope: nicht steuerbar
    tax_total: Steuer gesamt
    legal_reverse_charge: Steuerschuldnerschaft des Leistungsempfängers (Art. 196 Richtlinie 2006/112/EG)
    legal_intra_eu: Steuerfreie innergemeinschaftliche Lieferung (Art. 138 Richtlinie 2006/112/EG)
    legal_export: Steuerfreie Ausfuhrlieferung (Art. 146 Richtlinie 2006/112/EG)
    legal_outside_scope: Nicht steuerbarer Umsatz
    pay_with_app: Mit der Banking-App bezahlen
    deliver_to: Lieferanschrift
    payment_direct_debit: "Lastschrift von {iban}, Mandat {mandate}"
    payment_card: "Bezahlt mit Karte, endend auf {card}"
    prepayment_invoice: Anzahlungsrechnung
    self_billed_invoice: Gutschrift
    item_id: Art.-Nr.
    credit_note: Rechnungskorrektur
    corrects_invoice: "Korrigiert die Rechnung {number} vom {date}"
    credit_reason: "Grund: {reason}"
    refunded: Erstattet
    credit_remaining: Verbleibende Gutschrift
    prepaid: Bereits bezahlt
    rounding: Rundung
    allowance: Nachlass
    charge: Zuschlag
    buyer_reference: Ihre Referenz
    order: Bestellung
    contract: Vertrag
    period: Leistungszeitraum
    list_price: Listenpreis
    reminder: "Zahlungserinnerung"
    reminder_n: "{n}. Mahnung"
    reminder_invoice: "Rechnung {number} vom {date}, fällig am {due}"
    reminder_fees_earlier: "Bisherige Mahngebühren"
    reminder_fee: "Mahngebühr"
    reminder_interest: "Verzugszinsen {rate} p. a. für {days} Tage auf {amount}"
    reminder_note: "Unsere Rechnung {number} vom {date} war am {due} fällig und ist noch nicht beglichen. Vielleicht ist sie Ihnen entgangen: Bitte überweisen Sie {amount} bis zum {pay_by}. Sollten Sie inzwischen gezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos."
    reminder_note_firm: "Trotz unserer Erinnerung ist die Rechnung {number} vom {date}, fällig am {due}, noch offen. Bitte überweisen Sie {amount} bis spätestens {pay_by} oder melden Sie sich umgehend, falls es ein Problem mit der Rechnung gibt."
    mail_subject: "{title} {number} von {business}"
    mail_body: "Guten Tag,\n\nanbei erhalten Sie {document} vom {date} über {total}.{payment}\n\nMit freundlichen Grüßen\n{business}\n"
    mail_payment: " Bitte zahlen Sie bis zum {due}."
    reminder_date: "Datum"
    pay_by: "Zahlbar bis"
    reminder_paid: "{total}, davon {paid} bezahlt"
    reminder_payment: "Zahlung vom {date}"
    reminder_credit: "Gutschrift {number} vom {date}"
    reminder_refund: "Erstattung vom {date}"
    reminder_interest_earlier: "Zinsen früherer Mahnungen"
    mail_balance: " Davon sind noch {amount} offen; bitte zahlen Sie bis {due}."
    statement: "Kontoauszug"
    statement_note: "Ihr Konto am {date}. Bitte zahlen Sie {amount} bis {pay_by}. Zahlungen nach dem {date} sind nicht berücksichtigt."
    statement_note_owed: "Ihr Konto am {date}: Wir schulden Ihnen {amount} und erstatten den Betrag."
    statement_note_settled: "Ihr Konto am {date}: Es ist nichts offen. Vielen Dank."
    stamp_copy: "Kopie"
    stamp_credited: "Gutgeschrieben"
    copy_note: "Kopie vom {date}, nicht das Originaldokument"
    copy_note_due: "Kopie vom {date}, nicht das Originaldokument: {amount} noch offen"
    view_legal_note: "Ansicht der E-Rechnung {file}, erstellt von invoic: Die Rechnung ist die E-Rechnung selbst."
    view_findings_count: "Verletzte Regeln der EN 16931: {count} (siehe die Befunde am Ende)."
    view_due_stated: "Der Lieferant fordert {stated}; die Beträge des Dokuments ergeben {computed}."
    view_no_lines: "Diese E-Rechnung enthält keine Positionen (Profil {profile})."
    view_about: "Zu dieser E-Rechnung"
    view_format: "Format"
    view_references: "Referenzen"
    view_tax_breakdown: "Aufschlüsselung der Umsatzsteuer"
    view_category: "Kategorie"
    view_taxable: "Bemessungsgrundlage"
    view_exemption: "Befreiungsgrund"
    view_attachments: "Anhänge"
    view_findings: "Befunde (Regeln der EN 16931)"
    view_no_findings: "Keine: Die E-Rechnung hält jede geprüfte Regel ein."
    view_payment_reference: "Verwendungszweck"
    view_terms: "Zahlungsbedingungen"
    view_legal_id: "Registernummer"
    view_electronic_address: "Elektronische Adresse"
    view_tax_number: "Steuernummer"
    view_project_reference: "Projektreferenz"
    view_corrects: "Korrigiert die Rechnung {number}"
    view_currency: "Währung"
    view_lines: "Positionen"
    view_net: "Gesamtbetrag ohne USt."
    view_means: "Zahlungsart"
    view_allowances_charges: "Nachlässe und Zuschläge"
    view_contact: "Kontakt"
    view_third_party: "Zahlungen an Dritte"
  de_AT: {tax_id: UID-Nr.}
  de_CH: {tax: MWST, tax_id: MWST-Nr.}
  fr:
    invoice: Facture
    estimate: Devis
    bill_to: Facturé à
    from: De
    issue_date: Date d’émission
    due_date: Échéance
    valid_until: Valable jusqu’au
    delivery_date: Date de livraison
    description: Description
    quantity: Qté
    rate: Prix unitaire
    amount: Montant
    subtotal: Sous-total
    discount: Remise
    tax: TVA
    total: Total
    paid: Payé
    amount_due: Reste à payer
    payment_details: Coordonnées bancaires
    beneficiary: Bénéficiaire
    bank: Banque
    account: Compte
    bic: SWIFT/BIC
    tax_id: N° TVA
    project: Projet
    notes: Remarques
    page: Page {page} sur {pages}
    converted_from: Issue du devis {number}
    void_reason: "Annulée : {reason}"
    stamp_paid: Payée
    stamp_void: Annulée
    stamp_accepted: Accepté
    stamp_declined: Refusé
    estimate_for: Devis établi pour
    estimate_date: Date du devis
    tax_zero: taux zéro
    tax_exempt: exonéré
    tax_reverse_charge: autoliquidation
    tax_intra_eu: livraison intracommunautaire
    tax_export: exportation
    tax_outside_scope: hors champ de la TVA
    tax_total: Total TVA
    legal_reverse_charge: "Autoliquidation : TVA due par le preneur (art. 196 de la directive 2006/112/CE)"
    legal_intra_eu: Livraison intracommunautaire exonérée (art. 138 de la directive 2006/112/CE)
    legal_export: Exportation hors UE exonérée (art. 146 de la directive 2006/112/CE)
    legal_outside_scope: Opération hors champ d’application de la TVA
    pay_with_app: Payer avec votre application bancaire
    deliver_to: Livré à
    payment_direct_debit: "Prélèvement sur {iban}, mandat {mandate}"
    payment_card: "Payé par carte se terminant par {card}"
    prepayment_invoice: Facture d’acompte
    self_billed_invoice: Autofacturation
    item_id: Réf.
    credit_note: Avoir
    corrects_invoice: "Rectifie la facture {number} du {date}"
    credit_reason: "Motif : {reason}"
    refunded: Remboursé
    credit_remaining: Crédit restant
    prepaid: Acompte versé
    rounding: Arrondi
    allowance: Remise
    charge: Frais
    buyer_reference: Votre référence
    order: Commande
    contract: Contrat
    period: Période
    list_price: Prix catalogue
    reminder: "Rappel de paiement"
    reminder_n: "Relance n° {n}"
    reminder_invoice: "Facture {number} du {date}, échue le {due}"
    reminder_fees_earlier: "Frais de relance précédents"
    reminder_fee: "Frais de relance"
    reminder_interest: "Intérêts de retard au taux annuel de {rate} sur {amount} pendant {days} jours"
    reminder_note: "Sauf erreur de notre part, la facture {number} du {date}, échue le {due}, n’a pas encore été réglée. Merci de régler {amount} avant le {pay_by}. Si vous avez payé entre-temps, veuillez ne pas tenir compte de ce rappel."
    reminder_note_firm: "Malgré notre précédent rappel, la facture {number} du {date}, échue le {due}, reste impayée. Merci de régler {amount} au plus tard le {pay_by}, ou de nous contacter sans délai en cas de problème."
    mail_subject: "{title} {number} de {business}"
    mail_body: "Bonjour,\n\nvous trouverez ci-joint {document} du {date} d’un montant de {total}.{payment}\n\nCordialement,\n{business}\n"
    mail_payment: " Merci de régler avant le {due}."
    reminder_date: "Date"
    pay_by: "À régler avant le"
    reminder_paid: "{total}, dont {paid} payés"
    reminder_payment: "Paiement du {date}"
    reminder_credit: "Avoir {number} du {date}"
    reminder_refund: "Remboursement du {date}"
    reminder_interest_earlier: "Intérêts des relances précédentes"
    mail_balance: " Il reste {amount} à régler ; merci de payer avant le {due}."
    statement: "Relevé de compte"
    statement_note: "Votre compte au {date}. Merci de régler {amount} avant le {pay_by}. Les paiements après le {date} ne figurent pas."
    statement_note_owed: "Votre compte au {date} : nous vous devons {amount} et vous le rembourserons."
    statement_note_settled: "Votre compte au {date} : rien n'est en attente. Merci."
    stamp_copy: "Copie"
    stamp_credited: "Créditée"
    copy_note: "Copie du {date}, pas le document original"
    copy_note_due: "Copie du {date}, pas le document original : {amount} restant dû"
    view_legal_note: "Vue de la facture électronique {file}, produite par invoic : la facture est la facture électronique elle-même."
    view_findings_count: "Règles de l'EN 16931 enfreintes : {count} (voir les constats à la fin)."
    view_due_stated: "Le fournisseur demande {stated} ; les montants du document donnent {computed}."
    view_no_lines: "Cette facture électronique ne comporte aucune ligne (profil {profile})."
    view_about: "À propos de cette facture électronique"
    view_format: "Format"
    view_references: "Références"
    view_tax_breakdown: "Ventilation de la TVA"
    view_category: "Catégorie"
    view_taxable: "Base d'imposition"
    view_exemption: "Motif d'exonération"
    view_attachments: "Pièces jointes"
    view_findings: "Constats (règles de l'EN 16931)"
    view_no_findings: "Aucun : la facture électronique respecte toutes les règles vérifiées."
    view_payment_reference: "Référence de paiement"
    view_terms: "Conditions de paiement"
    view_legal_id: "Immatriculation"
    view_electronic_address: "Adresse électronique"
    view_tax_number: "Numéro fiscal"
    view_project_reference: "Référence du projet"
    view_corrects: "Corrige la facture {number}"
    view_currency: "Devise"
    view_lines: "Lignes"
    view_net: "Total hors TVA"
    view_means: "Moyen de paiement"
    view_allowances_charges: "Remises et frais"
    view_contact: "Contact"
    view_third_party: "Paiements pour des tiers"
  es:
    invoice: Factura
    estimate: Presupuesto
    bill_to: Facturar a
    from: De
    issue_date: Fecha de emisión
    due_date: Vencimiento
    valid_until: Válido hasta
    delivery_date: Fecha de entrega
    description: Descripción
    quantity: Cant.
    rate: Precio
    amount: Importe
    subtotal: Subtotal
    discount: Descuento
    tax: IVA
    total: Total
    paid: Pagado
    amount_due: Importe pendiente
    payment_details: Datos de pago
    beneficiary: Beneficiario
    bank: Banco
    account: Cuenta
    bic: SWIFT/BIC
    tax_id: NIF
    project: Proyecto
    notes: Notas
    page: Página {page} de {pages}
    converted_from: Del presupuesto {number}
    void_reason: "Anulada: {reason}"
    stamp_paid: Pagada
    stamp_void: Anulada
    stamp_accepted: Aceptado
    stamp_declined: Rechazado
    estimate_for: Presupuesto para
    estimate_date: Fecha del presupuesto
    tax_zero: tipo cero
    tax_exempt: exento
    tax_reverse_charge: inversión del sujeto pasivo
    tax_intra_eu: entrega intracomunitaria
    tax_export: exportación
    tax_outside_scope: no sujeto a IVA
    tax_total: Total IVA
    legal_reverse_charge: "Inversión del sujeto pasivo: el IVA lo declara el destinatario (art. 196 Directiva 2006/112/CE)"
    legal_intra_eu: Entrega intracomunitaria exenta (art. 138 Directiva 2006/112/CE)
    legal_export: Exportación fuera de la UE, exenta (art. 146 Directiva 2006/112/CE)
    legal_outside_scope: Operación no sujeta a IVA
    pay_with_app: Pague con su app bancaria
    deliver_to: Entregado en
    payment_direct_debit: "Domiciliación en {iban}, mandato {mandate}"
    payment_card: "Pagado con tarjeta terminada en {card}"
    prepayment_invoice: Factura de anticipo
    self_billed_invoice: Autofactura
    item_id: Ref.
    credit_note: Factura rectificativa
    corrects_invoice: "Rectifica la factura {number} del {date}"
    credit_reason: "Motivo: {reason}"
    refunded: Reembolsado
    credit_remaining: Crédito pendiente
    prepaid: Anticipo
    rounding: Redondeo
    allowance: Descuento
    charge: Recargo
    buyer_reference: Su referencia
    order: Pedido
    contract: Contrato
    period: Periodo
    list_price: Precio de lista
    reminder: "Recordatorio de pago"
    reminder_n: "Reclamación de pago n.º {n}"
    reminder_invoice: "Factura {number} del {date}, vencida el {due}"
    reminder_fees_earlier: "Gastos de reclamación anteriores"
    reminder_fee: "Gastos de reclamación"
    reminder_interest: "Intereses de demora al {rate} anual sobre {amount} durante {days} días"
    reminder_note: "Según nuestros registros, la factura {number} del {date}, vencida el {due}, aún no ha sido pagada. Le rogamos abone {amount} antes del {pay_by}. Si ya ha realizado el pago, por favor ignore este recordatorio."
    reminder_note_firm: "A pesar de nuestro recordatorio anterior, la factura {number} del {date}, vencida el {due}, sigue pendiente. Le rogamos pague {amount} a más tardar el {pay_by} o se ponga en contacto con nosotros de inmediato."
    mail_subject: "{title} {number} de {business}"
    mail_body: "Hola:\n\nadjuntamos {document} del {date} por {total}.{payment}\n\nUn saludo,\n{business}\n"
    mail_payment: " Le rogamos el pago antes del {due}."
    reminder_date: "Fecha"
    pay_by: "Pagar antes del"
    reminder_paid: "{total}, de los que se han pagado {paid}"
    reminder_payment: "Pago del {date}"
    reminder_credit: "Factura rectificativa {number} del {date}"
    reminder_refund: "Reembolso del {date}"
    reminder_interest_earlier: "Intereses de recordatorios anteriores"
    mail_balance: " De este importe quedan {amount} pendientes; le rogamos que los pague antes del {due}."
    statement: "Extracto de cuenta"
    statement_note: "Su cuenta a {date}. Le rogamos que pague {amount} antes del {pay_by}. No se muestran los pagos posteriores al {date}."
    statement_note_owed: "Su cuenta a {date}: le debemos {amount} y se los reembolsaremos."
    statement_note_settled: "Su cuenta a {date}: no hay nada pendiente. Gracias."
    stamp_copy: "Copia"
    stamp_credited: "Abonada"
    copy_note: "Copia del {date}, no el documento original"
    copy_note_due: "Copia del {date}, no el documento original: {amount} pendiente"
    view_legal_note: "Vista de la factura electrónica {file}, creada por invoic: la factura es la propia factura electrónica."
    view_findings_count: "Reglas de la EN 16931 incumplidas: {count} (véanse las observaciones al final)."
    view_due_stated: "El proveedor pide {stated}; las cifras del propio documento dan {computed}."
    view_no_lines: "Esta factura electrónica no tiene líneas (perfil {profile})."
    view_about: "Sobre esta factura electrónica"
    view_format: "Formato"
    view_references: "Referencias"
    view_tax_breakdown: "Desglose del IVA"
    view_category: "Categoría"
    view_taxable: "Base imponible"
    view_exemption: "Motivo de exención"
    view_attachments: "Anexos"
    view_findings: "Observaciones (reglas de la EN 16931)"
    view_no_findings: "Ninguna: la factura electrónica cumple todas las reglas comprobadas."
    view_payment_reference: "Referencia de pago"
    view_terms: "Condiciones de pago"
    view_legal_id: "Registro"
    view_electronic_address: "Dirección electrónica"
    view_tax_number: "Número fiscal"
    view_project_reference: "Referencia del proyecto"
    view_corrects: "Rectifica la factura {number}"
    view_currency: "Moneda"
    view_lines: "Líneas"
    view_net: "Total sin IVA"
    view_means: "Medio de pago"
    view_allowances_charges: "Descuentos y cargos"
    view_contact: "Contacto"
    view_third_party: "Pagos a terceros"
  it:
    invoice: Fattura
    estimate: Preventivo
    bill_to: Intestata a
    from: Da
    issue_date: Data di emissione
    due_date: Scadenza
    valid_until: Valido fino al
    delivery_date: Data di consegna
    description: Descrizione
    quantity: Qtà
    rate: Prezzo
    amount: Importo
    subtotal: Imponibile
    discount: Sconto
    tax: IVA
    total: Totale
    paid: Pagato
    amount_due: Da pagare
    payment_details: Coordinate bancarie
    beneficiary: Beneficiario
    bank: Banca
    account: Conto
    bic: SWIFT/BIC
    tax_id: P. IVA
    project: Progetto
    notes: Note
    page: Pagina {page} di {pages}
    converted_from: Dal preventivo {number}
    void_reason: "Annullata: {reason}"
    stamp_paid: Pagata
    stamp_void: Annullata
    stamp_accepted: Accettato
    stamp_declined: Rifiutato
    estimate_for: Preventivo per
    estimate_date: Data del preventivo
    tax_zero: aliquota zero
    tax_exempt: esente
    tax_reverse_charge: inversione contabile
    tax_intra_eu: cessione intracomunitaria
    tax_export: esportazione
    tax_outside_scope: fuori campo IVA
    tax_total: Totale IVA
    legal_reverse_charge: "Inversione contabile: IVA dovuta dal destinatario (art. 196 direttiva 2006/112/CE)"
    legal_intra_eu: Cessione intracomunitaria non imponibile (art. 138 direttiva 2006/112/CE)
    legal_export: Esportazione fuori dall’UE, non imponibile (art. 146 direttiva 2006/112/CE)
    legal_outside_scope: Operazione fuori campo IVA
    pay_with_app: Paga con l’app della tua banca
    deliver_to: Consegnato a
    payment_direct_debit: "Addebito diretto su {iban}, mandato {mandate}"
    payment_card: "Pagato con carta che termina con {card}"
    prepayment_invoice: Fattura di acconto
    self_billed_invoice: Autofattura
    item_id: Cod. art.
    credit_note: Nota di credito
    corrects_invoice: "Rettifica la fattura {number} del {date}"
    credit_reason: "Motivo: {reason}"
    refunded: Rimborsato
    credit_remaining: Credito residuo
    prepaid: Acconto versato
    rounding: Arrotondamento
    allowance: Abbuono
    charge: Maggiorazione
    buyer_reference: Vostro riferimento
    order: Ordine
    contract: Contratto
    period: Periodo
    list_price: Prezzo di listino
    reminder: "Sollecito di pagamento"
    reminder_n: "Sollecito n. {n}"
    reminder_invoice: "Fattura {number} del {date}, scaduta il {due}"
    reminder_fees_earlier: "Spese di sollecito precedenti"
    reminder_fee: "Spese di sollecito"
    reminder_interest: "Interessi di mora al {rate} annuo su {amount} per {days} giorni"
    reminder_note: "Dai nostri registri risulta che la fattura {number} del {date}, scaduta il {due}, non è ancora stata pagata. La preghiamo di versare {amount} entro il {pay_by}. Se ha già provveduto al pagamento, consideri nullo questo sollecito."
    reminder_note_firm: "Nonostante il nostro precedente sollecito, la fattura {number} del {date}, scaduta il {due}, risulta ancora insoluta. La preghiamo di versare {amount} entro il {pay_by} o di contattarci subito in caso di problemi."
    mail_subject: "{title} {number} da {business}"
    mail_body: "Buongiorno,\n\nin allegato trova {document} del {date} di {total}.{payment}\n\nCordiali saluti,\n{business}\n"
    mail_payment: " La preghiamo di pagare entro il {due}."
    reminder_date: "Data"
    pay_by: "Da pagare entro"
    reminder_paid: "{total}, di cui {paid} pagati"
    reminder_payment: "Pagamento del {date}"
    reminder_credit: "Nota di credito {number} del {date}"
    reminder_refund: "Rimborso del {date}"
    reminder_interest_earlier: "Interessi di solleciti precedenti"
    mail_balance: " Di questo importo restano da pagare {amount}; la preghiamo di saldarli entro il {due}."
    statement: "Estratto conto"
    statement_note: "Il suo conto al {date}. La preghiamo di pagare {amount} entro il {pay_by}. I pagamenti successivi al {date} non sono indicati."
    statement_note_owed: "Il suo conto al {date}: le dobbiamo {amount} e glieli rimborseremo."
    statement_note_settled: "Il suo conto al {date}: non c'è nulla in sospeso. Grazie."
    stamp_copy: "Copia"
    stamp_credited: "Stornata"
    copy_note: "Copia del {date}, non il documento originale"
    copy_note_due: "Copia del {date}, non il documento originale: {amount} ancora dovuti"
    view_legal_note: "Visualizzazione della fattura elettronica {file}, creata da invoic: la fattura è la fattura elettronica stessa."
    view_findings_count: "Regole della EN 16931 violate: {count} (vedere i rilievi alla fine)."
    view_due_stated: "Il fornitore chiede {stated}; gli importi del documento danno {computed}."
    view_no_lines: "Questa fattura elettronica non ha righe (profilo {profile})."
    view_about: "Informazioni su questa fattura elettronica"
    view_format: "Formato"
    view_references: "Riferimenti"
    view_tax_breakdown: "Riepilogo IVA"
    view_category: "Categoria"
    view_taxable: "Imponibile"
    view_exemption: "Motivo dell'esenzione"
    view_attachments: "Allegati"
    view_findings: "Rilievi (regole della EN 16931)"
    view_no_findings: "Nessuno: la fattura elettronica rispetta tutte le regole verificate."
    view_payment_reference: "Causale del pagamento"
    view_terms: "Condizioni di pagamento"
    view_legal_id: "Registrazione"
    view_electronic_address: "Indirizzo elettronico"
    view_tax_number: "Codice fiscale"
    view_project_reference: "Riferimento del progetto"
    view_corrects: "Rettifica la fattura {number}"
    view_currency: "Valuta"
    view_lines: "Righe"
    view_net: "Totale senza IVA"
    view_means: "Modalità di pagamento"
    view_allowances_charges: "Sconti e maggiorazioni"
    view_contact: "Contatto"
    view_third_party: "Pagamenti a terzi"
  nl:
    invoice: Factuur
    estimate: Offerte
    bill_to: Factuur aan
    from: Van
    issue_date: Factuurdatum
    due_date: Vervaldatum
    valid_until: Geldig tot
    delivery_date: Leverdatum
    description: Omschrijving
    quantity: Aantal
    rate: Tarief
    amount: Bedrag
    subtotal: Subtotaal
    discount: Korting
    tax: Btw
    total: Totaal
    paid: Betaald
    amount_due: Te betalen
    payment_details: Betaalgegevens
    beneficiary: Begunstigde
    bank: Bank
    account: Rekening
    bic: BIC
    tax_id: Btw-nummer
    project: Project
    notes: Opmerkingen
    page: Pagina {page} van {pages}
    converted_from: Uit offerte {number}
    void_reason: "Geannuleerd: {reason}"
    stamp_paid: Betaald
    stamp_void: Geannuleerd
    stamp_accepted: Geaccepteerd
    stamp_declined: Afgewezen
    estimate_for: Offerte voor
    estimate_date: Offertedatum
    tax_zero: nultarief
    tax_exempt: vrijgesteld
    tax_reverse_charge: btw verlegd
    tax_intra_eu: intracommunautaire levering
    tax_export: uitvoer
    tax_outside_scope: buiten de btw
    tax_total: Totaal btw
    legal_reverse_charge: "Btw verlegd: de btw wordt voldaan door de afnemer (art. 196 Richtlijn 2006/112/EG)"
    legal_intra_eu: Vrijgestelde intracommunautaire levering (art. 138 Richtlijn 2006/112/EG)
    legal_export: Uitvoer buiten de EU, vrijgesteld (art. 146 Richtlijn 2006/112/EG)
    legal_outside_scope: Niet onderworpen aan btw
    pay_with_app: Betaal met je bankapp
    deliver_to: Geleverd aan
    payment_direct_debit: "Incasso van {iban}, machtiging {mandate}"
    payment_card: "Betaald met kaart eindigend op {card}"
    prepayment_invoice: Voorschotfactuur
    self_billed_invoice: Self-billingfactuur
    item_id: Art.nr.
    credit_note: Creditnota
    corrects_invoice: "Corrigeert factuur {number} van {date}"
    credit_reason: "Reden: {reason}"
    refunded: Terugbetaald
    credit_remaining: Resterend tegoed
    prepaid: Vooruitbetaald
    rounding: Afronding
    allowance: Korting
    charge: Toeslag
    buyer_reference: Uw referentie
    order: Bestelling
    contract: Contract
    period: Periode
    list_price: Catalogusprijs
    reminder: "Betalingsherinnering"
    reminder_n: "Aanmaning {n}"
    reminder_invoice: "Factuur {number} van {date}, vervallen op {due}"
    reminder_fees_earlier: "Eerdere aanmaningskosten"
    reminder_fee: "Aanmaningskosten"
    reminder_interest: "Rente van {rate} per jaar over {amount} gedurende {days} dagen"
    reminder_note: "Volgens onze administratie is factuur {number} van {date}, vervallen op {due}, nog niet betaald. Wilt u {amount} uiterlijk {pay_by} overmaken? Heeft u inmiddels betaald, dan kunt u deze herinnering als niet verzonden beschouwen."
    reminder_note_firm: "Ondanks onze eerdere herinnering is factuur {number} van {date}, vervallen op {due}, nog steeds niet betaald. Wij verzoeken u {amount} uiterlijk {pay_by} te betalen, of direct contact met ons op te nemen."
    mail_subject: "{title} {number} van {business}"
    mail_body: "Goedendag,\n\nhierbij ontvangt u {document} van {date} voor {total}.{payment}\n\nMet vriendelijke groet,\n{business}\n"
    mail_payment: " Graag betaling vóór {due}."
    reminder_date: "Datum"
    pay_by: "Te betalen vóór"
    reminder_paid: "{total}, waarvan {paid} betaald"
    reminder_payment: "Betaling van {date}"
    reminder_credit: "Creditnota {number} van {date}"
    reminder_refund: "Terugbetaling van {date}"
    reminder_interest_earlier: "Rente van eerdere herinneringen"
    mail_balance: " Daarvan staat nog {amount} open; gelieve dit te betalen vóór {due}."
    statement: "Rekeningoverzicht"
    statement_note: "Uw rekening op {date}. Gelieve {amount} te betalen vóór {pay_by}. Betalingen na {date} zijn niet opgenomen."
    statement_note_owed: "Uw rekening op {date}: wij zijn u {amount} verschuldigd en betalen dit terug."
    statement_note_settled: "Uw rekening op {date}: er staat niets open. Dank u."
    stamp_copy: "Kopie"
    stamp_credited: "Gecrediteerd"
    copy_note: "Kopie van {date}, niet het originele document"
    copy_note_due: "Kopie van {date}, niet het originele document: nog {amount} open"
    view_legal_note: "Weergave van de e-factuur {file}, gemaakt door invoic: de factuur is de e-factuur zelf."
    view_findings_count: "Overtreden regels van EN 16931: {count} (zie de bevindingen aan het eind)."
    view_due_stated: "De leverancier vraagt {stated}; de bedragen van het document geven {computed}."
    view_no_lines: "Deze e-factuur heeft geen regels (profiel {profile})."
    view_about: "Over deze e-factuur"
    view_format: "Formaat"
    view_references: "Referenties"
    view_tax_breakdown: "Btw-specificatie"
    view_category: "Categorie"
    view_taxable: "Belastbaar bedrag"
    view_exemption: "Reden van vrijstelling"
    view_attachments: "Bijlagen"
    view_findings: "Bevindingen (regels van EN 16931)"
    view_no_findings: "Geen: de e-factuur houdt zich aan elke gecontroleerde regel."
    view_payment_reference: "Betalingskenmerk"
    view_terms: "Betalingsvoorwaarden"
    view_legal_id: "Inschrijving"
    view_electronic_address: "Elektronisch adres"
    view_tax_number: "Fiscaal nummer"
    view_project_reference: "Projectreferentie"
    view_corrects: "Corrigeert factuur {number}"
    view_currency: "Valuta"
    view_lines: "Regels"
    view_net: "Totaal exclusief btw"
    view_means: "Betaalwijze"
    view_allowances_charges: "Kortingen en toeslagen"
    view_contact: "Contactpersoon"
    view_third_party: "Betalingen aan derden"
  pt:
    invoice: Fatura
    estimate: Orçamento
    bill_to: Faturar a
    from: De
    issue_date: Data de emissão
    due_date: Vencimento
    valid_until: Válido até
    delivery_date: Data de entrega
    description: Descrição
    quantity: Qtd.
    rate: Preço
    amount: Valor
    subtotal: Subtotal
    discount: Desconto
    tax: IVA
    total: Total
    paid: Pago
    amount_due: Valor em dívida
    payment_details: Dados de pagamento
    beneficiary: Beneficiário
    bank: Banco
    account: Conta
    bic: SWIFT/BIC
    tax_id: NIF
    project: Projeto
    notes: Notas
    page: Página {page} de {pages}
    converted_from: Do orçamento {number}
    void_reason: "Anulada: {reason}"
    stamp_paid: Paga
    stamp_void: Anulada
    stamp_accepted: Aceite
    stamp_declined: Recusado
    estimate_for: Orçamento para
    estimate_date: Data do orçamento
    tax_zero: taxa zero
    tax_exempt: isento
    tax_reverse_charge: autoliquidação
    tax_intra_eu: transmissão intracomunitária
    tax_export: exportação
    tax_outside_scope: não sujeito a IVA
    tax_total: Total IVA
    legal_reverse_charge: "Autoliquidação: IVA devido pelo adquirente (art. 196.º da Diretiva 2006/112/CE)"
    legal_intra_eu: Transmissão intracomunitária isenta (art. 138.º da Diretiva 2006/112/CE)
    legal_export: Exportação para fora da UE, isenta (art. 146.º da Diretiva 2006/112/CE)
    legal_outside_scope: Operação não sujeita a IVA
    pay_with_app: Pague com a app do seu banco
    deliver_to: Entregue em
    payment_direct_debit: "Débito direto de {iban}, mandato {mandate}"
    payment_card: "Pago com cartão terminado em {card}"
    prepayment_invoice: Fatura de adiantamento
    self_billed_invoice: Autofaturação
    item_id: Ref.
    credit_note: Nota de crédito
    corrects_invoice: "Corrige a fatura {number} de {date}"
    credit_reason: "Motivo: {reason}"
    refunded: Reembolsado
    credit_remaining: Crédito restante
    prepaid: Pago antecipadamente
    rounding: Arredondamento
    allowance: Desconto
    charge: Encargo
    buyer_reference: A sua referência
    order: Encomenda
    contract: Contrato
    period: Período
    list_price: Preço de tabela
    reminder: "Lembrete de pagamento"
    reminder_n: "Aviso de cobrança n.º {n}"
    reminder_invoice: "Fatura {number} de {date}, vencida em {due}"
    reminder_fees_earlier: "Encargos de cobrança anteriores"
    reminder_fee: "Encargos de cobrança"
    reminder_interest: "Juros de mora de {rate} ao ano sobre {amount} durante {days} dias"
    reminder_note: "Segundo os nossos registos, a fatura {number} de {date}, vencida em {due}, ainda não foi paga. Agradecemos o pagamento de {amount} até {pay_by}. Se já efetuou o pagamento, por favor ignore este lembrete."
    reminder_note_firm: "Apesar do nosso lembrete anterior, a fatura {number} de {date}, vencida em {due}, continua por pagar. Pedimos o pagamento de {amount} até {pay_by}, ou que nos contacte de imediato."
    mail_subject: "{title} {number} de {business}"
    mail_body: "Olá,\n\nsegue em anexo {document} de {date}, no valor de {total}.{payment}\n\nCom os melhores cumprimentos,\n{business}\n"
    mail_payment: " Agradecemos o pagamento até {due}."
    reminder_date: "Data"
    pay_by: "Pagar até"
    reminder_paid: "{total}, dos quais {paid} pagos"
    reminder_payment: "Pagamento de {date}"
    reminder_credit: "Nota de crédito {number} de {date}"
    reminder_refund: "Reembolso de {date}"
    reminder_interest_earlier: "Juros de lembretes anteriores"
    mail_balance: " Deste valor, {amount} ainda está em dívida; por favor pague até {due}."
    statement: "Extrato de conta"
    statement_note: "A sua conta em {date}. Por favor pague {amount} até {pay_by}. Pagamentos após {date} não são mostrados."
    statement_note_owed: "A sua conta em {date}: devemos-lhe {amount} e vamos reembolsá-lo."
    statement_note_settled: "A sua conta em {date}: nada em aberto. Obrigado."
    stamp_copy: "Cópia"
    stamp_credited: "Creditada"
    copy_note: "Cópia de {date}, não o documento original"
    copy_note_due: "Cópia de {date}, não o documento original: {amount} em dívida"
    view_legal_note: "Visualização da fatura eletrónica {file}, criada pelo invoic: a fatura é a própria fatura eletrónica."
    view_findings_count: "Regras da EN 16931 violadas: {count} (ver as constatações no fim)."
    view_due_stated: "O fornecedor pede {stated}; os valores do próprio documento dão {computed}."
    view_no_lines: "Esta fatura eletrónica não tem linhas (perfil {profile})."
    view_about: "Sobre esta fatura eletrónica"
    view_format: "Formato"
    view_references: "Referências"
    view_tax_breakdown: "Discriminação do IVA"
    view_category: "Categoria"
    view_taxable: "Valor tributável"
    view_exemption: "Motivo da isenção"
    view_attachments: "Anexos"
    view_findings: "Constatações (regras da EN 16931)"
    view_no_findings: "Nenhuma: a fatura eletrónica cumpre todas as regras verificadas."
    view_payment_reference: "Referência de pagamento"
    view_terms: "Condições de pagamento"
    view_legal_id: "Registo"
    view_electronic_address: "Endereço eletrónico"
    view_tax_number: "Número fiscal"
    view_project_reference: "Referência do projeto"
    view_corrects: "Corrige a fatura {number}"
    view_currency: "Moeda"
    view_lines: "Linhas"
    view_net: "Total sem IVA"
    view_means: "Meio de pagamento"
    view_allowances_charges: "Descontos e encargos"
    view_contact: "Contacto"
    view_third_party: "Pagamentos a terceiros"
  pt_BR: {tax: Impostos, tax_id: CNPJ, amount_due: Valor a pagar, stamp_accepted: Aceito}
  pl:
    invoice: Faktura
    estimate: Oferta
    bill_to: Nabywca
    from: Sprzedawca
    issue_date: Data wystawienia
    due_date: Termin płatności
    valid_until: Ważna do
    delivery_date: Data dostawy
    description: Opis
    quantity: Ilość
    rate: Cena
    amount: Wartość
    subtotal: Razem netto
    discount: Rabat
    tax: VAT
    total: Razem
    paid: Zapłacono
    amount_due: Pozostało do zapłaty
    payment_details: Dane do przelewu
    beneficiary: Odbiorca
    bank: Bank
    account: Numer konta
    bic: SWIFT/BIC
    tax_id: NIP
    project: Projekt
    notes: Uwagi
    page: Strona {page} z {pages}
    converted_from: Na podstawie oferty {number}
    void_reason: "Anulowana: {reason}"
    stamp_paid: Zapłacona
    stamp_void: Anulowana
    stamp_accepted: Przyjęta
    stamp_declined: Odrzucona
    estimate_for: Oferta dla
    estimate_date: Data oferty
    tax_zero: stawka zero
    tax_exempt: zwolnione
    tax_reverse_charge: odwrotne obciążenie
    tax_intra_eu: dostawa wewnątrzwspólnotowa
    tax_export: eksport
    tax_outside_scope: niepodlegające VAT
    tax_total: Razem VAT
    legal_reverse_charge: "Odwrotne obciążenie: VAT rozlicza nabywca (art. 196 dyrektywy 2006/112/WE)"
    legal_intra_eu: Zwolniona wewnątrzwspólnotowa dostawa towarów (art. 138 dyrektywy 2006/112/WE)
    legal_export: Eksport poza UE, zwolniony (art. 146 dyrektywy 2006/112/WE)
    legal_outside_scope: Niepodlegające opodatkowaniu VAT
    pay_with_app: Zapłać w aplikacji bankowej
    deliver_to: Miejsce dostawy
    payment_direct_debit: "Polecenie zapłaty z {iban}, mandat {mandate}"
    payment_card: "Zapłacono kartą o końcówce {card}"
    prepayment_invoice: Faktura zaliczkowa
    self_billed_invoice: Samofakturowanie
    item_id: Nr kat.
    credit_note: Faktura korygująca
    corrects_invoice: "Koryguje fakturę {number} z dnia {date}"
    credit_reason: "Przyczyna korekty: {reason}"
    refunded: Zwrócono
    credit_remaining: Pozostało do zwrotu
    prepaid: Zaliczka
    rounding: Zaokrąglenie
    allowance: Rabat
    charge: Opłata dodatkowa
    buyer_reference: Wasz numer
    order: Zamówienie
    contract: Umowa
    period: Okres
    list_price: Cena katalogowa
    reminder: "Przypomnienie o płatności"
    reminder_n: "Wezwanie do zapłaty nr {n}"
    reminder_invoice: "Faktura {number} z {date}, termin płatności {due}"
    reminder_fees_earlier: "Wcześniejsze opłaty za upomnienia"
    reminder_fee: "Opłata za upomnienie"
    reminder_interest: "Odsetki za opóźnienie {rate} rocznie od {amount} za {days} dni"
    reminder_note: "Według naszych danych faktura {number} z {date}, z terminem płatności {due}, nie została jeszcze opłacona. Prosimy o zapłatę {amount} do {pay_by}. Jeśli płatność została już dokonana, prosimy zignorować to przypomnienie."
    reminder_note_firm: "Mimo wcześniejszego przypomnienia faktura {number} z {date}, z terminem płatności {due}, pozostaje nieopłacona. Prosimy o zapłatę {amount} najpóźniej do {pay_by} lub o niezwłoczny kontakt."
    mail_subject: "{title} {number} od {business}"
    mail_body: "Dzień dobry,\n\nw załączniku przesyłamy {document} z {date} na kwotę {total}.{payment}\n\nZ poważaniem\n{business}\n"
    mail_payment: " Prosimy o zapłatę do {due}."
    reminder_date: "Data"
    pay_by: "Zapłata do"
    reminder_paid: "{total}, z czego zapłacono {paid}"
    reminder_payment: "Płatność z {date}"
    reminder_credit: "Faktura korygująca {number} z {date}"
    reminder_refund: "Zwrot z {date}"
    reminder_interest_earlier: "Odsetki z wcześniejszych upomnień"
    mail_balance: " Z tej kwoty pozostaje do zapłaty {amount}; prosimy o zapłatę do {due}."
    statement: "Wyciąg z konta"
    statement_note: "Stan Państwa konta na {date}. Prosimy o zapłatę {amount} do {pay_by}. Płatności po {date} nie są uwzględnione."
    statement_note_owed: "Stan Państwa konta na {date}: jesteśmy Państwu winni {amount} i zwrócimy tę kwotę."
    statement_note_settled: "Stan Państwa konta na {date}: nic nie jest otwarte. Dziękujemy."
    stamp_copy: "Kopia"
    stamp_credited: "Skorygowana"
    copy_note: "Kopia z {date}, nie oryginał dokumentu"
    copy_note_due: "Kopia z {date}, nie oryginał dokumentu: pozostaje {amount}"
    view_legal_note: "Podgląd e-faktury {file} utworzony przez invoic: fakturą jest sama e-faktura."
    view_findings_count: "Naruszone reguły EN 16931: {count} (zob. ustalenia na końcu)."
    view_due_stated: "Dostawca żąda {stated}; kwoty samego dokumentu dają {computed}."
    view_no_lines: "Ta e-faktura nie ma pozycji (profil {profile})."
    view_about: "O tej e-fakturze"
    view_format: "Format"
    view_references: "Odniesienia"
    view_tax_breakdown: "Zestawienie VAT"
    view_category: "Kategoria"
    view_taxable: "Podstawa opodatkowania"
    view_exemption: "Przyczyna zwolnienia"
    view_attachments: "Załączniki"
    view_findings: "Ustalenia (reguły EN 16931)"
    view_no_findings: "Brak: e-faktura spełnia każdą sprawdzoną regułę."
    view_payment_reference: "Tytuł płatności"
    view_terms: "Warunki płatności"
    view_legal_id: "Numer rejestrowy"
    view_electronic_address: "Adres elektroniczny"
    view_tax_number: "Numer podatkowy"
    view_project_reference: "Odniesienie do projektu"
    view_corrects: "Koryguje fakturę {number}"
    view_currency: "Waluta"
    view_lines: "Pozycje"
    view_net: "Razem bez VAT"
    view_means: "Forma płatności"
    view_allowances_charges: "Rabaty i opłaty"
    view_contact: "Kontakt"
    view_third_party: "Płatności na rzecz osób trzecich"
  sv:
    invoice: Faktura
    estimate: Offert
    bill_to: Faktureras till
    from: Från
    issue_date: Fakturadatum
    due_date: Förfallodatum
    valid_until: Giltig till
    delivery_date: Leveransdatum
    description: Beskrivning
    quantity: Antal
    rate: À-pris
    amount: Belopp
    subtotal: Delsumma
    discount: Rabatt
    tax: Moms
    total: Totalt
    paid: Betalt
    amount_due: Att betala
    payment_details: Betalningsuppgifter
    beneficiary: Mottagare
    bank: Bank
    account: Konto
    bic: BIC
    tax_id: Momsreg.nr
    project: Projekt
    notes: Anteckningar
    page: Sida {page} av {pages}
    converted_from: Från offert {number}
    void_reason: "Makulerad: {reason}"
    stamp_paid: Betald
    stamp_void: Makulerad
    stamp_accepted: Accepterad
    stamp_declined: Avböjd
    estimate_for: Offert till
    estimate_date: Offertdatum
    tax_zero: nollskattesats
    tax_exempt: undantaget
    tax_reverse_charge: omvänd betalningsskyldighet
    tax_intra_eu: gemenskapsintern leverans
    tax_export: export
    tax_outside_scope: utanför momsen
    tax_total: Total moms
    legal_reverse_charge: "Omvänd betalningsskyldighet: köparen redovisar momsen (art. 196 direktiv 2006/112/EG)"
    legal_intra_eu: Undantagen gemenskapsintern leverans (art. 138 direktiv 2006/112/EG)
    legal_export: Export utanför EU, undantagen (art. 146 direktiv 2006/112/EG)
    legal_outside_scope: Ej momspliktig
    pay_with_app: Betala med din bankapp
    deliver_to: Levererat till
    payment_direct_debit: "Autogiro från {iban}, medgivande {mandate}"
    payment_card: "Betalt med kort som slutar på {card}"
    prepayment_invoice: Förskottsfaktura
    self_billed_invoice: Självfakturering
    item_id: Art.nr
    credit_note: Kreditfaktura
    corrects_invoice: "Krediterar faktura {number} av den {date}"
    credit_reason: "Orsak: {reason}"
    refunded: Återbetalt
    credit_remaining: Återstående kredit
    prepaid: Förskott
    rounding: Öresavrundning
    allowance: Avdrag
    charge: Tillägg
    buyer_reference: Er referens
    order: Order
    contract: Avtal
    period: Period
    list_price: Listpris
    reminder: "Betalningspåminnelse"
    reminder_n: "Påminnelse {n}"
    reminder_invoice: "Faktura {number} av {date}, förföll {due}"
    reminder_fees_earlier: "Tidigare påminnelseavgifter"
    reminder_fee: "Påminnelseavgift"
    reminder_interest: "Dröjsmålsränta {rate} per år på {amount} i {days} dagar"
    reminder_note: "Enligt våra noteringar har faktura {number} av {date}, som förföll {due}, ännu inte betalats. Vänligen betala {amount} senast {pay_by}. Om du redan har betalat kan du bortse från denna påminnelse."
    reminder_note_firm: "Trots vår tidigare påminnelse är faktura {number} av {date}, som förföll {due}, fortfarande obetald. Betala {amount} senast {pay_by} eller kontakta oss omgående."
    mail_subject: "{title} {number} från {business}"
    mail_body: "Hej,\n\nhär kommer {document} daterad {date} på {total}.{payment}\n\nMed vänliga hälsningar\n{business}\n"
    mail_payment: " Vänligen betala senast {due}."
    reminder_date: "Datum"
    pay_by: "Betala senast"
    reminder_paid: "{total}, varav {paid} betalt"
    reminder_payment: "Betalning {date}"
    reminder_credit: "Kreditfaktura {number} av {date}"
    reminder_refund: "Återbetalning {date}"
    reminder_interest_earlier: "Ränta från tidigare påminnelser"
    mail_balance: " Av detta återstår {amount}; vänligen betala senast {due}."
    statement: "Kontoutdrag"
    statement_note: "Ert konto per {date}. Vänligen betala {amount} senast {pay_by}. Betalningar efter {date} visas inte."
    statement_note_owed: "Ert konto per {date}: vi är skyldiga er {amount} och betalar tillbaka beloppet."
    statement_note_settled: "Ert konto per {date}: inget är öppet. Tack."
    stamp_copy: "Kopia"
    stamp_credited: "Krediterad"
    copy_note: "Kopia per {date}, inte originaldokumentet"
    copy_note_due: "Kopia per {date}, inte originaldokumentet: {amount} återstår"
    view_legal_note: "Visning av e-fakturan {file}, gjord av invoic: fakturan är e-fakturan själv."
    view_findings_count: "Brutna regler i EN 16931: {count} (se iakttagelserna i slutet)."
    view_due_stated: "Leverantören begär {stated}; dokumentets egna belopp ger {computed}."
    view_no_lines: "Den här e-fakturan har inga rader (profil {profile})."
    view_about: "Om den här e-fakturan"
    view_format: "Format"
    view_references: "Referenser"
    view_tax_breakdown: "Momsspecifikation"
    view_category: "Kategori"
    view_taxable: "Beskattningsunderlag"
    view_exemption: "Skäl till undantag"
    view_attachments: "Bilagor"
    view_findings: "Iakttagelser (regler i EN 16931)"
    view_no_findings: "Inga: e-fakturan följer varje kontrollerad regel."
    view_payment_reference: "Betalningsreferens"
    view_terms: "Betalningsvillkor"
    view_legal_id: "Registreringsnummer"
    view_electronic_address: "Elektronisk adress"
    view_tax_number: "Skattenummer"
    view_project_reference: "Projektreferens"
    view_corrects: "Korrigerar faktura {number}"
    view_currency: "Valuta"
    view_lines: "Rader"
    view_net: "Summa exkl. moms"
    view_means: "Betalningssätt"
    view_allowances_charges: "Rabatter och avgifter"
    view_contact: "Kontakt"
    view_third_party: "Betalningar till tredje part"
  da:
    invoice: Faktura
    estimate: Tilbud
    bill_to: Faktureres til
    from: Fra
    issue_date: Fakturadato
    due_date: Forfaldsdato
    valid_until: Gyldigt til
    delivery_date: Leveringsdato
    description: Beskrivelse
    quantity: Antal
    rate: Pris
    amount: Beløb
    subtotal: Subtotal
    discount: Rabat
    tax: Moms
    total: I alt
    paid: Betalt
    amount_due: Til betaling
    payment_details: Betalingsoplysninger
    beneficiary: Modtager
    bank: Bank
    account: Konto
    bic: BIC
    tax_id: CVR-nr.
    project: Projekt
    notes: Bemærkninger
    page: Side {page} af {pages}
    converted_from: Fra tilbud {number}
    void_reason: "Annulleret: {reason}"
    stamp_paid: Betalt
    stamp_void: Annulleret
    stamp_accepted: Accepteret
    stamp_declined: Afvist
    estimate_for: Tilbud til
    estimate_date: Tilbudsdato
    tax_zero: nulsats
    tax_exempt: momsfritaget
    tax_reverse_charge: omvendt betalingspligt
    tax_intra_eu: levering inden for EU
    tax_export: eksport
    tax_outside_scope: uden for momsen
    tax_total: Moms i alt
    legal_reverse_charge: "Omvendt betalingspligt: køber afregner momsen (art. 196 i direktiv 2006/112/EF)"
    legal_intra_eu: Momsfri levering inden for EU (art. 138 i direktiv 2006/112/EF)
    legal_export: Eksport uden for EU, momsfri (art. 146 i direktiv 2006/112/EF)
    legal_outside_scope: Ikke momspligtig
    pay_with_app: Betal med din bankapp
    deliver_to: Leveret til
    payment_direct_debit: "Betalingsservice fra {iban}, mandat {mandate}"
    payment_card: "Betalt med kort, der ender på {card}"
    prepayment_invoice: Acontofaktura
    self_billed_invoice: Selvfakturering
    item_id: Varenr.
    credit_note: Kreditnota
    corrects_invoice: "Krediterer faktura {number} af {date}"
    credit_reason: "Årsag: {reason}"
    refunded: Tilbagebetalt
    credit_remaining: Resterende kredit
    prepaid: Forudbetalt
    rounding: Afrunding
    allowance: Fradrag
    charge: Tillæg
    buyer_reference: Jeres reference
    order: Ordre
    contract: Kontrakt
    period: Periode
    list_price: Listepris
    reminder: "Betalingspåmindelse"
    reminder_n: "Rykker {n}"
    reminder_invoice: "Faktura {number} af {date}, forfaldt {due}"
    reminder_fees_earlier: "Tidligere rykkergebyrer"
    reminder_fee: "Rykkergebyr"
    reminder_interest: "Morarenter {rate} p.a. af {amount} i {days} dage"
    reminder_note: "Ifølge vores optegnelser er faktura {number} af {date}, som forfaldt {due}, endnu ikke betalt. Venligst betal {amount} senest {pay_by}. Har du allerede betalt, bedes du se bort fra denne påmindelse."
    reminder_note_firm: "Trods vores tidligere påmindelse er faktura {number} af {date}, som forfaldt {due}, stadig ubetalt. Betal venligst {amount} senest {pay_by}, eller kontakt os straks."
    mail_subject: "{title} {number} fra {business}"
    mail_body: "Hej,\n\nvedhæftet finder du {document} af {date} på {total}.{payment}\n\nMed venlig hilsen\n{business}\n"
    mail_payment: " Betal venligst senest {due}."
    reminder_date: "Dato"
    pay_by: "Betal senest"
    reminder_paid: "{total}, heraf {paid} betalt"
    reminder_payment: "Betaling {date}"
    reminder_credit: "Kreditnota {number} af {date}"
    reminder_refund: "Tilbagebetaling {date}"
    reminder_interest_earlier: "Renter fra tidligere rykkere"
    mail_balance: " Heraf mangler stadig {amount}; betal venligst senest {due}."
    statement: "Kontoudtog"
    statement_note: "Jeres konto pr. {date}. Betal venligst {amount} senest {pay_by}. Betalinger efter {date} er ikke medtaget."
    statement_note_owed: "Jeres konto pr. {date}: vi skylder jer {amount} og betaler beløbet tilbage."
    statement_note_settled: "Jeres konto pr. {date}: intet er åbent. Tak."
    stamp_copy: "Kopi"
    stamp_credited: "Krediteret"
    copy_note: "Kopi pr. {date}, ikke det originale dokument"
    copy_note_due: "Kopi pr. {date}, ikke det originale dokument: {amount} mangler"
    view_legal_note: "Visning af e-fakturaen {file}, lavet af invoic: fakturaen er selve e-fakturaen."
    view_findings_count: "Brudte regler i EN 16931: {count} (se fundene til sidst)."
    view_due_stated: "Leverandøren beder om {stated}; dokumentets egne beløb giver {computed}."
    view_no_lines: "Denne e-faktura har ingen linjer (profil {profile})."
    view_about: "Om denne e-faktura"
    view_format: "Format"
    view_references: "Referencer"
    view_tax_breakdown: "Momsspecifikation"
    view_category: "Kategori"
    view_taxable: "Momsgrundlag"
    view_exemption: "Fritagelsesgrund"
    view_attachments: "Bilag"
    view_findings: "Fund (regler i EN 16931)"
    view_no_findings: "Ingen: e-fakturaen overholder alle kontrollerede regler."
    view_payment_reference: "Betalingsreference"
    view_terms: "Betalingsbetingelser"
    view_legal_id: "Registreringsnummer"
    view_electronic_address: "Elektronisk adresse"
    view_tax_number: "Skattenummer"
    view_project_reference: "Projektreference"
    view_corrects: "Korrigerer faktura {number}"
    view_currency: "Valuta"
    view_lines: "Linjer"
    view_net: "I alt ekskl. moms"
    view_means: "Betalingsmåde"
    view_allowances_charges: "Rabatter og gebyrer"
    view_contact: "Kontakt"
    view_third_party: "Betalinger til tredjepart"
  nb:
    invoice: Faktura
    estimate: Tilbud
    bill_to: Faktureres til
    from: Fra
    issue_date: Fakturadato
    due_date: Forfallsdato
    valid_until: Gyldig til
    delivery_date: Leveringsdato
    description: Beskrivelse
    quantity: Antall
    rate: Pris
    amount: Beløp
    subtotal: Delsum
    discount: Rabatt
    tax: MVA
    total: Totalt
    paid: Betalt
    amount_due: Å betale
    payment_details: Betalingsinformasjon
    beneficiary: Mottaker
    bank: Bank
    account: Kontonummer
    bic: BIC
    tax_id: Org.nr.
    project: Prosjekt
    notes: Merknader
    page: Side {page} av {pages}
    converted_from: Fra tilbud {number}
    void_reason: "Annullert: {reason}"
    stamp_paid: Betalt
    stamp_void: Annullert
    stamp_accepted: Akseptert
    stamp_declined: Avslått
    estimate_for: Tilbud til
    estimate_date: Tilbudsdato
    tax_zero: nullsats
    tax_exempt: fritatt
    tax_reverse_charge: omvendt avgiftsplikt
    tax_intra_eu: levering innen EU
    tax_export: eksport
    tax_outside_scope: utenfor MVA
    tax_total: Sum MVA
    legal_reverse_charge: "Omvendt avgiftsplikt: kjøper beregner merverdiavgiften (art. 196 direktiv 2006/112/EF)"
    legal_intra_eu: Avgiftsfri levering innen EU (art. 138 direktiv 2006/112/EF)
    legal_export: Eksport ut av EU, fritatt (art. 146 direktiv 2006/112/EF)
    legal_outside_scope: Ikke avgiftspliktig
    pay_with_app: Betal med bankappen din
    deliver_to: Levert til
    payment_direct_debit: "AvtaleGiro fra {iban}, fullmakt {mandate}"
    payment_card: "Betalt med kort som slutter på {card}"
    prepayment_invoice: Forskuddsfaktura
    self_billed_invoice: Selvfakturering
    item_id: Varenr.
    credit_note: Kreditnota
    corrects_invoice: "Krediterer faktura {number} av {date}"
    credit_reason: "Årsak: {reason}"
    refunded: Tilbakebetalt
    credit_remaining: Gjenstående kreditt
    prepaid: Forskudd
    rounding: Øreavrunding
    allowance: Fradrag
    charge: Tillegg
    buyer_reference: Deres referanse
    order: Ordre
    contract: Kontrakt
    period: Periode
    list_price: Listepris
    reminder: "Betalingspåminnelse"
    reminder_n: "Purring {n}"
    reminder_invoice: "Faktura {number} av {date}, forfalt {due}"
    reminder_fees_earlier: "Tidligere purregebyr"
    reminder_fee: "Purregebyr"
    reminder_interest: "Forsinkelsesrente {rate} p.a. av {amount} i {days} dager"
    reminder_note: "Ifølge våre opplysninger er faktura {number} av {date}, som forfalt {due}, ennå ikke betalt. Vennligst betal {amount} innen {pay_by}. Har du allerede betalt, kan du se bort fra denne påminnelsen."
    reminder_note_firm: "Til tross for vår tidligere påminnelse er faktura {number} av {date}, som forfalt {due}, fortsatt ubetalt. Vennligst betal {amount} innen {pay_by}, eller kontakt oss umiddelbart."
    mail_subject: "{title} {number} fra {business}"
    mail_body: "Hei,\n\nvedlagt følger {document} av {date} på {total}.{payment}\n\nMed vennlig hilsen\n{business}\n"
    mail_payment: " Vennligst betal innen {due}."
    reminder_date: "Dato"
    pay_by: "Betal innen"
    reminder_paid: "{total}, hvorav {paid} betalt"
    reminder_payment: "Betaling {date}"
    reminder_credit: "Kreditnota {number} av {date}"
    reminder_refund: "Tilbakebetaling {date}"
    reminder_interest_earlier: "Renter fra tidligere purringer"
    mail_balance: " Av dette gjenstår {amount}; vennligst betal innen {due}."
    statement: "Kontoutskrift"
    statement_note: "Deres konto per {date}. Vennligst betal {amount} innen {pay_by}. Betalinger etter {date} vises ikke."
    statement_note_owed: "Deres konto per {date}: vi skylder dere {amount} og betaler beløpet tilbake."
    statement_note_settled: "Deres konto per {date}: ingenting er åpent. Takk."
    stamp_copy: "Kopi"
    stamp_credited: "Kreditert"
    copy_note: "Kopi per {date}, ikke originaldokumentet"
    copy_note_due: "Kopi per {date}, ikke originaldokumentet: {amount} gjenstår"
    view_legal_note: "Visning av e-fakturaen {file}, laget av invoic: fakturaen er selve e-fakturaen."
    view_findings_count: "Brutte regler i EN 16931: {count} (se funnene til slutt)."
    view_due_stated: "Leverandøren ber om {stated}; dokumentets egne beløp gir {computed}."
    view_no_lines: "Denne e-fakturaen har ingen linjer (profil {profile})."
    view_about: "Om denne e-fakturaen"
    view_format: "Format"
    view_references: "Referanser"
    view_tax_breakdown: "Mva-spesifikasjon"
    view_category: "Kategori"
    view_taxable: "Grunnlag"
    view_exemption: "Fritaksgrunn"
    view_attachments: "Vedlegg"
    view_findings: "Funn (regler i EN 16931)"
    view_no_findings: "Ingen: e-fakturaen følger hver kontrollerte regel."
    view_payment_reference: "Betalingsreferanse"
    view_terms: "Betalingsbetingelser"
    view_legal_id: "Organisasjonsnummer"
    view_electronic_address: "Elektronisk adresse"
    view_tax_number: "Skattenummer"
    view_project_reference: "Prosjektreferanse"
    view_corrects: "Korrigerer faktura {number}"
    view_currency: "Valuta"
    view_lines: "Linjer"
    view_net: "Sum ekskl. mva."
    view_means: "Betalingsmåte"
    view_allowances_charges: "Rabatter og gebyrer"
    view_contact: "Kontakt"
    view_third_party: "Betalinger til tredjepart"
  fi:
    invoice: Lasku
    estimate: Tarjous
    bill_to: Laskutetaan
    from: Lähettäjä
    issue_date: Laskun päiväys
    due_date: Eräpäivä
    valid_until: Voimassa
    delivery_date: Toimituspäivä
    description: Kuvaus
    quantity: Määrä
    rate: À-hinta
    amount: Summa
    subtotal: Välisumma
    discount: Alennus
    tax: ALV
    total: Yhteensä
    paid: Maksettu
    amount_due: Maksettavaa
    payment_details: Maksutiedot
    beneficiary: Saaja
    bank: Pankki
    account: Tilinumero
    bic: BIC
    tax_id: Y-tunnus
    project: Projekti
    notes: Lisätiedot
    page: Sivu {page}/{pages}
    converted_from: Tarjouksesta {number}
    void_reason: "Mitätöity: {reason}"
    stamp_paid: Maksettu
    stamp_void: Mitätöity
    stamp_accepted: Hyväksytty
    stamp_declined: Hylätty
    estimate_for: Tarjouksen saaja
    estimate_date: Tarjouspäivä
    tax_zero: nollaverokanta
    tax_exempt: veroton
    tax_reverse_charge: käännetty verovelvollisuus
    tax_intra_eu: yhteisömyynti
    tax_export: vienti
    tax_outside_scope: arvonlisäveron ulkopuolella
    tax_total: ALV yhteensä
    legal_reverse_charge: "Käännetty verovelvollisuus: ostaja suorittaa arvonlisäveron (direktiivin 2006/112/EY 196 artikla)"
    legal_intra_eu: Veroton yhteisömyynti (direktiivin 2006/112/EY 138 artikla)
    legal_export: "Vienti EU:n ulkopuolelle, veroton (direktiivin 2006/112/EY 146 artikla)"
    legal_outside_scope: Ei arvonlisäverollinen
    pay_with_app: Maksa pankkisovelluksella
    deliver_to: Toimitusosoite
    payment_direct_debit: "Suoraveloitus tililtä {iban}, valtuutus {mandate}"
    payment_card: "Maksettu kortilla, joka päättyy {card}"
    prepayment_invoice: Ennakkolasku
    self_billed_invoice: Itselaskutus
    item_id: Tuotenro
    credit_note: Hyvityslasku
    corrects_invoice: "Hyvittää laskun {number} ({date})"
    credit_reason: "Syy: {reason}"
    refunded: Palautettu
    credit_remaining: Jäljellä oleva hyvitys
    prepaid: Ennakkomaksu
    rounding: Pyöristys
    allowance: Hyvitys
    charge: Lisämaksu
    buyer_reference: Viitteenne
    order: Tilaus
    contract: Sopimus
    period: Jakso
    list_price: Listahinta
    reminder: "Maksumuistutus"
    reminder_n: "Maksukehotus {n}"
    reminder_invoice: "Lasku {number} ({date}), eräpäivä {due}"
    reminder_fees_earlier: "Aiemmat muistutusmaksut"
    reminder_fee: "Muistutusmaksu"
    reminder_interest: "Viivästyskorko {rate} vuodessa summalle {amount}, {days} päivää"
    reminder_note: "Kirjanpitomme mukaan lasku {number} ({date}), eräpäivä {due}, on vielä maksamatta. Pyydämme maksamaan {amount} viimeistään {pay_by}. Jos olet jo maksanut, tämä muistutus on aiheeton."
    reminder_note_firm: "Aiemmasta muistutuksestamme huolimatta lasku {number} ({date}), eräpäivä {due}, on edelleen maksamatta. Maksakaa {amount} viimeistään {pay_by} tai ottakaa meihin heti yhteyttä."
    mail_subject: "{title} {number} – {business}"
    mail_body: "Hei,\n\nliitteenä {document}, päiväys {date}, summa {total}.{payment}\n\nYstävällisin terveisin\n{business}\n"
    mail_payment: " Pyydämme maksamaan viimeistään {due}."
    reminder_date: "Päiväys"
    pay_by: "Maksettava viimeistään"
    reminder_paid: "{total}, josta maksettu {paid}"
    reminder_payment: "Maksu {date}"
    reminder_credit: "Hyvityslasku {number}, {date}"
    reminder_refund: "Palautus {date}"
    reminder_interest_earlier: "Aiempien muistutusten korot"
    mail_balance: " Tästä on vielä maksamatta {amount}; maksathan sen viimeistään {due}."
    statement: "Tiliote"
    statement_note: "Tilinne {date}. Maksathan {amount} viimeistään {pay_by}. Päivän {date} jälkeisiä maksuja ei näytetä."
    statement_note_owed: "Tilinne {date}: olemme teille velkaa {amount} ja palautamme sen."
    statement_note_settled: "Tilinne {date}: mitään ei ole avoinna. Kiitos."
    stamp_copy: "Kopio"
    stamp_credited: "Hyvitetty"
    copy_note: "Kopio {date}, ei alkuperäinen asiakirja"
    copy_note_due: "Kopio {date}, ei alkuperäinen asiakirja: {amount} maksamatta"
    view_legal_note: "Näkymä verkkolaskusta {file}, tehnyt invoic: lasku on itse verkkolasku."
    view_findings_count: "Rikotut EN 16931 -säännöt: {count} (katso havainnot lopussa)."
    view_due_stated: "Toimittaja pyytää {stated}; asiakirjan omat luvut antavat {computed}."
    view_no_lines: "Tässä verkkolaskussa ei ole rivejä (profiili {profile})."
    view_about: "Tietoja tästä verkkolaskusta"
    view_format: "Muoto"
    view_references: "Viitteet"
    view_tax_breakdown: "Arvonlisäverierittely"
    view_category: "Luokka"
    view_taxable: "Veron peruste"
    view_exemption: "Verottomuuden syy"
    view_attachments: "Liitteet"
    view_findings: "Havainnot (EN 16931 -säännöt)"
    view_no_findings: "Ei yhtään: verkkolasku noudattaa jokaista tarkistettua sääntöä."
    view_payment_reference: "Maksuviite"
    view_terms: "Maksuehdot"
    view_legal_id: "Rekisterinumero"
    view_electronic_address: "Sähköinen osoite"
    view_tax_number: "Verotunniste"
    view_project_reference: "Projektiviite"
    view_corrects: "Korjaa laskun {number}"
    view_currency: "Valuutta"
    view_lines: "Rivit"
    view_net: "Yhteensä ilman ALV:tä"
    view_means: "Maksutapa"
    view_allowances_charges: "Alennukset ja lisät"
    view_contact: "Yhteyshenkilö"
    view_third_party: "Maksut kolmansille osapuolille"
  cs:
    invoice: Faktura
    estimate: Nabídka
    bill_to: Odběratel
    from: Dodavatel
    issue_date: Datum vystavení
    due_date: Datum splatnosti
    valid_until: Platnost do
    delivery_date: Datum plnění
    description: Popis
    quantity: Množství
    rate: Jedn. cena
    amount: Částka
    subtotal: Mezisoučet
    discount: Sleva
    tax: DPH
    total: Celkem
    paid: Zaplaceno
    amount_due: K úhradě
    payment_details: Platební údaje
    beneficiary: Příjemce
    bank: Banka
    account: Číslo účtu
    bic: BIC
    tax_id: DIČ
    project: Projekt
    notes: Poznámky
    page: Strana {page} z {pages}
    converted_from: Na základě nabídky {number}
    void_reason: "Stornováno: {reason}"
    stamp_paid: Zaplaceno
    stamp_void: Stornováno
    stamp_accepted: Přijato
    stamp_declined: Odmítnuto
    estimate_for: Nabídka pro
    estimate_date: Datum nabídky
    tax_zero: nulová sazba
    tax_exempt: osvobozeno
    tax_reverse_charge: přenesená daňová povinnost
    tax_intra_eu: dodání do jiného členského státu
    tax_export: vývoz
    tax_outside_scope: nepodléhá DPH
    tax_total: DPH celkem
    legal_reverse_charge: "Přenesená daňová povinnost: daň odvede zákazník (čl. 196 směrnice 2006/112/ES)"
    legal_intra_eu: Osvobozené dodání zboží do jiného členského státu (čl. 138 směrnice 2006/112/ES)
    legal_export: Vývoz mimo EU, osvobozeno (čl. 146 směrnice 2006/112/ES)
    legal_outside_scope: Plnění nepodléhá DPH
    pay_with_app: Zaplaťte v bankovní aplikaci
    deliver_to: Dodáno na
    payment_direct_debit: "Inkaso z účtu {iban}, mandát {mandate}"
    payment_card: "Zaplaceno kartou končící na {card}"
    prepayment_invoice: Zálohová faktura
    self_billed_invoice: Samofakturace
    item_id: Kód zboží
    credit_note: Opravný daňový doklad
    corrects_invoice: "Opravuje fakturu {number} ze dne {date}"
    credit_reason: "Důvod opravy: {reason}"
    refunded: Vráceno
    credit_remaining: Zbývá vrátit
    prepaid: Zaplacená záloha
    rounding: Zaokrouhlení
    allowance: Sleva
    charge: Příplatek
    buyer_reference: Vaše značka
    order: Objednávka
    contract: Smlouva
    period: Období
    list_price: Ceníková cena
    reminder: "Upomínka"
    reminder_n: "{n}. upomínka"
    reminder_invoice: "Faktura {number} ze dne {date}, splatná {due}"
    reminder_fees_earlier: "Dřívější poplatky za upomínky"
    reminder_fee: "Poplatek za upomínku"
    reminder_interest: "Úrok z prodlení {rate} ročně z {amount} za {days} dní"
    reminder_note: "Podle našich záznamů nebyla faktura {number} ze dne {date}, splatná {due}, dosud uhrazena. Prosíme o úhradu {amount} do {pay_by}. Pokud jste mezitím zaplatili, považujte prosím tuto upomínku za bezpředmětnou."
    reminder_note_firm: "Přes naši předchozí upomínku zůstává faktura {number} ze dne {date}, splatná {due}, neuhrazena. Uhraďte prosím {amount} nejpozději do {pay_by}, nebo nás neprodleně kontaktujte."
    mail_subject: "{title} {number} od {business}"
    mail_body: "Dobrý den,\n\nv příloze zasíláme {document} ze dne {date} na částku {total}.{payment}\n\nS pozdravem\n{business}\n"
    mail_payment: " Prosíme o úhradu do {due}."
    reminder_date: "Datum"
    pay_by: "Uhradit do"
    reminder_paid: "{total}, z toho zaplaceno {paid}"
    reminder_payment: "Platba ze dne {date}"
    reminder_credit: "Dobropis {number} ze dne {date}"
    reminder_refund: "Vrácení ze dne {date}"
    reminder_interest_earlier: "Úroky z dřívějších upomínek"
    mail_balance: " Z toho zbývá uhradit {amount}; prosíme o úhradu do {due}."
    statement: "Výpis z účtu"
    statement_note: "Váš účet ke dni {date}. Prosíme o úhradu {amount} do {pay_by}. Platby po {date} nejsou uvedeny."
    statement_note_owed: "Váš účet ke dni {date}: dlužíme vám {amount} a částku vám vrátíme."
    statement_note_settled: "Váš účet ke dni {date}: nic není otevřené. Děkujeme."
    stamp_copy: "Kopie"
    stamp_credited: "Dobropisováno"
    copy_note: "Kopie ke dni {date}, nikoli originál dokladu"
    copy_note_due: "Kopie ke dni {date}, nikoli originál dokladu: zbývá {amount}"
    view_legal_note: "Zobrazení e-faktury {file} vytvořené programem invoic: fakturou je samotná e-faktura."
    view_findings_count: "Porušená pravidla EN 16931: {count} (viz zjištění na konci)."
    view_due_stated: "Dodavatel žádá {stated}; částky samotného dokladu dávají {computed}."
    view_no_lines: "Tato e-faktura nemá žádné položky (profil {profile})."
    view_about: "O této e-faktuře"
    view_format: "Formát"
    view_references: "Odkazy"
    view_tax_breakdown: "Rozpis DPH"
    view_category: "Kategorie"
    view_taxable: "Základ daně"
    view_exemption: "Důvod osvobození"
    view_attachments: "Přílohy"
    view_findings: "Zjištění (pravidla EN 16931)"
    view_no_findings: "Žádná: e-faktura dodržuje každé kontrolované pravidlo."
    view_payment_reference: "Platební reference"
    view_terms: "Platební podmínky"
    view_legal_id: "Registrační číslo"
    view_electronic_address: "Elektronická adresa"
    view_tax_number: "Daňové číslo"
    view_project_reference: "Odkaz na projekt"
    view_corrects: "Opravuje fakturu {number}"
    view_currency: "Měna"
    view_lines: "Položky"
    view_net: "Celkem bez DPH"
    view_means: "Způsob platby"
    view_allowances_charges: "Slevy a přirážky"
    view_contact: "Kontakt"
    view_third_party: "Platby třetím stranám"
  ja:
    invoice: 請求書
    estimate: 見積書
    bill_to: 請求先
    from: 発行元
    issue_date: 請求日
    due_date: お支払期限
    valid_until: 有効期限
    delivery_date: 納品日
    description: 品目
    quantity: 数量
    rate: 単価
    amount: 金額
    subtotal: 小計
    discount: 値引き
    tax: 消費税
    total: 合計
    paid: お支払済
    amount_due: ご請求残高
    payment_details: お振込先
    beneficiary: 口座名義
    bank: 銀行
    account: 口座番号
    bic: SWIFT/BIC
    tax_id: 登録番号
    project: 件名
    notes: 備考
    page: "{page} / {pages} ページ"
    converted_from: 見積書 {number} より
    void_reason: "取消: {reason}"
    stamp_paid: 支払済
    stamp_void: 取消
    stamp_accepted: 承認済
    stamp_declined: 辞退
    estimate_for: 見積先
    estimate_date: 見積日
    tax_zero: ゼロ税率
    tax_exempt: 非課税
    tax_reverse_charge: リバースチャージ
    tax_intra_eu: EU域内供給
    tax_export: 輸出免税
    tax_outside_scope: 不課税
    tax_total: 税額合計
    legal_reverse_charge: リバースチャージ：付加価値税は受領者が納付（指令2006/112/EC第196条）
    legal_intra_eu: EU域内供給のため免税（指令2006/112/EC第138条）
    legal_export: EU域外への輸出のため免税（指令2006/112/EC第146条）
    legal_outside_scope: 付加価値税の課税対象外
    pay_with_app: 銀行アプリでお支払いください
    deliver_to: 納品先
    payment_direct_debit: "口座振替 {iban}（委任 {mandate}）"
    payment_card: "末尾 {card} のカードで支払済み"
    prepayment_invoice: 前払請求書
    self_billed_invoice: 自己請求書
    item_id: 品番
    credit_note: クレジットノート
    corrects_invoice: "請求書 {number}（{date}）の訂正"
    credit_reason: "理由：{reason}"
    refunded: 返金済み
    credit_remaining: 残りのクレジット
    prepaid: 前受金
    rounding: 端数調整
    allowance: 値引
    charge: 追加料金
    buyer_reference: 御社参照番号
    order: 注文番号
    contract: 契約番号
    period: 対象期間
    list_price: 定価
    reminder: "お支払いのお願い"
    reminder_n: "督促状（第{n}回）"
    reminder_invoice: "請求書 {number}（{date}発行、支払期限 {due}）"
    reminder_fees_earlier: "過去の督促手数料"
    reminder_fee: "督促手数料"
    reminder_interest: "遅延損害金 年{rate}（{amount}、{days}日分）"
    reminder_note: "{date}発行の請求書 {number}（支払期限 {due}）のお支払いを確認できておりません。{pay_by}までに{amount}をお支払いください。既にお支払いいただいている場合は、本状は破棄してください。"
    reminder_note_firm: "先日のご案内にもかかわらず、{date}発行の請求書 {number}（支払期限 {due}）は未払いのままです。{pay_by}までに{amount}をお支払いいただくか、至急ご連絡ください。"
    mail_subject: "{title} {number}（{business}）"
    mail_body: "いつもお世話になっております。\n\n{date}付けの{document}（{total}）を添付にてお送りします。{payment}\n\nよろしくお願いいたします。\n{business}\n"
    mail_payment: "{due}までにお支払いください。"
    reminder_date: "日付"
    pay_by: "お支払期限"
    reminder_paid: "{total}（うち{paid}入金済み）"
    reminder_payment: "{date}の入金"
    reminder_credit: "{date}付け貸方票{number}"
    reminder_refund: "{date}の返金"
    reminder_interest_earlier: "過去の督促の利息"
    mail_balance: "うち{amount}が未払いです。{due}までにお支払いください。"
    statement: "取引残高明細書"
    statement_note: "{date}現在のお取引残高です。{pay_by}までに{amount}をお支払いください。{date}以降のお支払いは反映されていません。"
    statement_note_owed: "{date}現在のお取引残高：当社は{amount}をお返しいたします。"
    statement_note_settled: "{date}現在のお取引残高：未決済のものはありません。ありがとうございます。"
    stamp_copy: "控え"
    stamp_credited: "貸方処理済み"
    copy_note: "{date}時点の控え（原本ではありません）"
    copy_note_due: "{date}時点の控え（原本ではありません）：未払い{amount}"
    view_legal_note: "invoicが作成した電子請求書{file}の表示です。請求書は電子請求書そのものです。"
    view_findings_count: "この電子請求書はEN 16931の規則に{count}件違反しています。末尾の指摘事項をご覧ください。"
    view_due_stated: "供給者の請求額は{stated}ですが、文書自身の金額からは{computed}になります。"
    view_no_lines: "この電子請求書には明細行がありません（{profile}プロファイル）。"
    view_about: "この電子請求書について"
    view_format: "形式"
    view_references: "参照"
    view_tax_breakdown: "消費税の内訳"
    view_category: "区分"
    view_taxable: "課税標準額"
    view_exemption: "免税理由"
    view_attachments: "添付ファイル"
    view_findings: "指摘事項（EN 16931の規則）"
    view_no_findings: "なし：電子請求書は確認したすべての規則を満たしています。"
    view_payment_reference: "支払参照"
    view_terms: "支払条件"
    view_legal_id: "登記番号"
    view_electronic_address: "電子アドレス"
    view_tax_number: "税務番号"
    view_project_reference: "プロジェクト参照"
    view_corrects: "請求書{number}を訂正"
    view_currency: "通貨"
    view_lines: "明細"
    view_net: "税抜合計"
    view_means: "支払方法"
    view_allowances_charges: "値引きと追加料金"
    view_contact: "担当者"
    view_third_party: "第三者への支払"
  zh:
    invoice: 发票
    estimate: 报价单
    bill_to: 客户
    from: 开票方
    issue_date: 开票日期
    due_date: 付款截止日
    valid_until: 有效期至
    delivery_date: 交付日期
    description: 描述
    quantity: 数量
    rate: 单价
    amount: 金额
    subtotal: 小计
    discount: 折扣
    tax: 税
    total: 合计
    paid: 已付
    amount_due: 应付余额
    payment_details: 付款信息
    beneficiary: 收款人
    bank: 开户银行
    account: 账号
    bic: SWIFT/BIC
    tax_id: 税号
    project: 项目
    notes: 备注
    page: 第 {page} 页，共 {pages} 页
    converted_from: 源自报价单 {number}
    void_reason: "已作废：{reason}"
    stamp_paid: 已付款
    stamp_void: 已作废
    stamp_accepted: 已接受
    stamp_declined: 已拒绝
    estimate_for: 报价对象
    estimate_date: 报价日期
    tax_zero: 零税率
    tax_exempt: 免税
    tax_reverse_charge: 反向征税
    tax_intra_eu: 欧盟内部供应
    tax_export: 出口
    tax_outside_scope: 不征增值税
    tax_total: 税额合计
    legal_reverse_charge: 反向征税：增值税由购买方申报缴纳（第2006/112/EC号指令第196条）
    legal_intra_eu: 免税的欧盟内部供应（第2006/112/EC号指令第138条）
    legal_export: 出口至欧盟以外，免税（第2006/112/EC号指令第146条）
    legal_outside_scope: 不属于增值税征税范围
    pay_with_app: 使用银行应用付款
    deliver_to: 交货地址
    payment_direct_debit: "直接借记 {iban}，授权 {mandate}"
    payment_card: "已用尾号 {card} 的卡支付"
    prepayment_invoice: 预付款发票
    self_billed_invoice: 自开发票
    item_id: 货号
    credit_note: 贷项通知单
    corrects_invoice: "更正发票 {number}（{date}）"
    credit_reason: "原因：{reason}"
    refunded: 已退款
    credit_remaining: 剩余贷记金额
    prepaid: 预付款
    rounding: 舍入
    allowance: 折让
    charge: 附加费
    buyer_reference: 贵方参考号
    order: 订单号
    contract: 合同号
    period: 服务期间
    list_price: 标价
    reminder: "付款提醒"
    reminder_n: "第{n}次催款通知"
    reminder_invoice: "发票 {number}（{date}开具，{due}到期）"
    reminder_fees_earlier: "此前的催款费"
    reminder_fee: "催款费"
    reminder_interest: "逾期利息 年利率{rate}，本金{amount}，{days}天"
    reminder_note: "我们的记录显示，{date}开具的发票 {number}（{due}到期）尚未付款。请于{pay_by}前支付{amount}。如您已付款，请忽略本提醒。"
    reminder_note_firm: "尽管我们此前已发出提醒，{date}开具的发票 {number}（{due}到期）仍未支付。请于{pay_by}前支付{amount}，或立即与我们联系。"
    mail_subject: "{title} {number}（{business}）"
    mail_body: "您好：\n\n随附{date}的{document}，金额为{total}。{payment}\n\n此致\n{business}\n"
    mail_payment: "请于{due}前付款。"
    reminder_date: "日期"
    pay_by: "付款期限"
    reminder_paid: "{total}（其中已付{paid}）"
    reminder_payment: "{date}付款"
    reminder_credit: "{date}贷项通知单{number}"
    reminder_refund: "{date}退款"
    reminder_interest_earlier: "以往催款的利息"
    mail_balance: "其中仍有{amount}未付，请于{due}前付款。"
    statement: "对账单"
    statement_note: "截至{date}的账户。请于{pay_by}前支付{amount}。{date}之后的付款未列出。"
    statement_note_owed: "截至{date}的账户：我们欠您{amount}，将退还给您。"
    statement_note_settled: "截至{date}的账户：没有未结款项。谢谢。"
    stamp_copy: "副本"
    stamp_credited: "已冲销"
    copy_note: "{date}的副本，非原始单据"
    copy_note_due: "{date}的副本，非原始单据：仍欠{amount}"
    view_legal_note: "invoic 生成的电子发票 {file} 视图：发票是电子发票本身。"
    view_findings_count: "此电子发票违反 EN 16931 的 {count} 条规则：见末尾的检查结果。"
    view_due_stated: "供应商要求支付 {stated}；文件自身的金额得出 {computed}。"
    view_no_lines: "此电子发票没有明细行（{profile} 规范）。"
    view_about: "关于此电子发票"
    view_format: "格式"
    view_references: "参考"
    view_tax_breakdown: "增值税明细"
    view_category: "类别"
    view_taxable: "计税金额"
    view_exemption: "免税原因"
    view_attachments: "附件"
    view_findings: "检查结果（EN 16931 规则）"
    view_no_findings: "无：电子发票符合所检查的每条规则。"
    view_payment_reference: "付款参考"
    view_terms: "付款条件"
    view_legal_id: "注册号"
    view_electronic_address: "电子地址"
    view_tax_number: "税号"
    view_project_reference: "项目参考"
    view_corrects: "更正发票 {number}"
    view_currency: "币种"
    view_lines: "明细"
    view_net: "不含增值税合计"
    view_means: "付款方式"
    view_allowances_charges: "折扣与附加费"
    view_contact: "联系人"
    view_third_party: "代第三方收款"
  zh_Hant: {invoice: 發票, estimate: 報價單, from: 開票方, issue_date: 開立日期, due_date: 付款期限, valid_until: 有效期至, delivery_date: 交貨日期, quantity: 數量, rate: 單價, amount: 金額, subtotal: 小計, tax: 稅, paid: 已付, amount_due: 應付餘額, payment_details: 付款資訊, beneficiary: 收款人, bank: 銀行, account: 帳號, tax_id: 統一編號, project: 專案, notes: 備註, page: "第 {page} 頁，共 {pages} 頁", converted_from: "源自報價單 {number}", void_reason: "已作廢：{reason}", stamp_void: 已作廢, stamp_declined: 已拒絕, estimate_for: 報價對象, estimate_date: 報價日期, credit_note: 貸項通知單, corrects_invoice: "更正發票 {number}（{date}）", refunded: 已退款, credit_remaining: 剩餘貸記金額}

"""#,
    ]

    /// Template name -> its text without `labels:`, line for line the same up to there: the
    /// labels, some 2,900 texts in 15 languages, are `labels(_:)`, not parsed at every start.
    static let settings: [String: String] = [
        "classic": #"""
# classic: a sans-serif business layout. The logo top left, the business's name and contact on
# the right, a coloured title with the number, the client and the dates side by side, a table
# with a tinted header band. Everything it does not set comes from invoi (labels included).

extends: invoi
layout: classic

page:
  margins: [40, 48, 40, 48]

fonts:
  family: Noto Sans
  fallback: [Noto Sans Hebrew, Noto Sans Arabic, Noto Sans Devanagari, Noto Sans Bengali,
             Noto Sans Tamil, Noto Sans Thai, Noto Sans Lao, Noto Sans Khmer, Noto Sans Myanmar,
             Noto Sans Sinhala, Noto Sans Armenian, Noto Sans Georgian, Noto Sans Ethiopic,
             Noto Sans CJK JP, Noto Sans Symbols, Noto Sans Symbols2, Noto Sans Math]

colors:
  text: "#1F2933"
  muted: "#66727F"
  rule: "#D9DEE4"
  strong: "#1F3A5F"
  accent: "#1F3A5F"
  band: "#EDF1F6"

styles:
  business_name:  {size: 15, weight: bold, tracking: 0}
  contact:        {size: 9.5, color: muted}
  title:          {size: 26, weight: bold, color: accent, tracking: 1.5, uppercase: true}
  number:         {size: 11, color: muted}
  label:          {size: 8.5, weight: bold, color: accent, tracking: 0.8, uppercase: true}
  client_name:    {size: 12, weight: bold}
  detail:         {size: 9.5, color: muted}
  value:          {size: 10}
  note:           {size: 9, color: muted}
  table_header:   {size: 8.5, weight: bold, color: accent, tracking: 0.6, uppercase: true}
  description:    {size: 10}
  quantity:       {size: 10, color: text}
  rate:           {size: 10, color: text}
  amount:         {size: 10, weight: regular}
  totals_label:   {size: 10, color: muted}
  totals_value:   {size: 10}
  total_label:    {size: 12, weight: bold, color: accent}
  total_value:    {size: 15, weight: bold, color: accent, tracking: 0}
  payment_label:  {size: 9.5, color: muted}
  payment_value:  {size: 9.5}
  notes:          {size: 9.5, color: muted}
  footer:         {size: 8, color: muted}
  stamp:          {size: 14, weight: bold, tracking: 2.5}

logo:
  width: 150
  height: 60

table:
  quantity_width: 64
  rate_width: 96
  amount_width: 104
  header_rule: 0
  row_rule: 0.75
  row_padding: 7

totals:
  width: 240
  rule_width: 240

payment:
  label_width: 90

stamp:
  rotation: -10
  border: 2

"""#,
        "invoi": #"""
# invoi: the default look of an invoic PDF. A white page set in one monospace face, near-black
# text, grey for everything secondary, hairline rules.
#
# A book changes it with templates/NAME.yaml and `template: NAME` in invoic.yaml. Such a file
# `extends:` a template (this one when it names none) and sets only what it changes, e.g.
#
#   extends: invoi
#   page: {size: Letter}
#   colors: {accent: "#0B5FFF"}
#   labels: {en: {bill_to: Billed to}}
#
# Sizes and distances are in points (1/72 inch). Colours are #RRGGBB. A style names a colour of
# `colors` or writes its own. Labels are chosen by the document's locale: `de_AT`, then `de`,
# then `en`.

layout: invoi                 # how the header is arranged: invoi or classic

page:
  # size: A4                  # A4 or Letter; unset, the book's `paper:` or the locale's usual paper
  margins: [42, 40, 36, 40]   # top, right, bottom, left

fonts:
  family: JetBrains Mono
  # Tried in order for a character the family lacks: currency signs, scripts, CJK.
  fallback: [Noto Sans Mono, Noto Sans, Noto Sans Hebrew, Noto Sans Arabic, Noto Sans Devanagari,
             Noto Sans Bengali, Noto Sans Tamil, Noto Sans Thai, Noto Sans Lao, Noto Sans Khmer,
             Noto Sans Myanmar, Noto Sans Sinhala, Noto Sans Armenian, Noto Sans Georgian,
             Noto Sans Ethiopic, Noto Sans Mono CJK JP, Noto Sans Symbols, Noto Sans Symbols2,
             Noto Sans Math]

colors:
  text: "#111111"
  muted: "#888888"
  rule: "#E5E5E5"
  strong: "#111111"           # the rule under the table's header
  accent: "#111111"
  band: none                  # a fill behind the table's header, or none
  paid: "#1F7A4D"
  void: "#B42318"
  estimate: "#3D5A80"         # accepted and declined stamps

styles:
  business_name:  {size: 26, weight: bold, tracking: -0.5}
  contact:        {size: 12, color: muted, line_height: 0.95}
  title:          {size: 34, weight: bold, tracking: -2, uppercase: true}
  number:         {size: 13, color: muted}
  label:          {size: 10, weight: semibold, color: muted, tracking: 1.2, uppercase: true}
  client_name:    {size: 15, weight: bold}
  detail:         {size: 12, color: muted, line_height: 0.95}
  value:          {size: 12}
  note:           {size: 10, color: muted}
  table_header:   {size: 10, weight: semibold, color: muted, tracking: 1.2, uppercase: true}
  description:    {size: 11, line_height: 0.95}
  quantity:       {size: 11, color: muted}
  rate:           {size: 11, color: muted}
  amount:         {size: 11, weight: medium}
  totals_label:   {size: 11, color: muted}
  totals_value:   {size: 11}
  total_label:    {size: 15, weight: bold}
  total_value:    {size: 20, weight: bold, tracking: -0.5}
  payment_label:  {size: 11, color: muted}
  payment_value:  {size: 11}
  notes:          {size: 10, color: muted, line_height: 0.95}
  footer:         {size: 9, color: muted}
  stamp:          {size: 15, weight: bold, tracking: 3, uppercase: true}

logo:
  width: 120                  # the box the logo is scaled into, keeping its proportions
  height: 40

table:
  quantity_width: 56
  rate_width: 104
  amount_width: 120
  header_rule: 1.5
  row_rule: 1
  row_padding: 8              # above and below each row's text

totals:
  width: 256
  rule_width: 192

payment:
  label_width: 96

stamp:
  rotation: -8                # degrees; 0 sets it straight
  border: 2

# The blocks under the header, top to bottom; leave one out to hide it.
blocks: [parties, items, totals, payment, notes]

page_numbers: auto            # auto (only when there is more than one page), always or never

"""#,
    ]

    /// The built-in templates' labels in `language` (a key of `labels:`: `en`, `de`, `zh_Hant`).
    static func labels(_ language: String) -> [String: String]? {
        switch language {
        case "en": return labels0
        case "en_GB": return labels1
        case "en_IE": return labels2
        case "en_IN": return labels3
        case "en_AU": return labels4
        case "en_NZ": return labels5
        case "en_CA": return labels6
        case "de": return labels7
        case "de_AT": return labels8
        case "de_CH": return labels9
        case "fr": return labels10
        case "es": return labels11
        case "it": return labels12
        case "nl": return labels13
        case "pt": return labels14
        case "pt_BR": return labels15
        case "pl": return labels16
        case "sv": return labels17
        case "da": return labels18
        case "nb": return labels19
        case "fi": return labels20
        case "cs": return labels21
        case "ja": return labels22
        case "zh": return labels23
        case "zh_Hant": return labels24
        default: return nil
        }
    }

    private static let labels0: [String: String] = [
        "invoice": "Invoice",
        "estimate": "Estimate",
        "bill_to": "Bill to",
        "from": "From",
        "issue_date": "Issue date",
        "due_date": "Due date",
        "valid_until": "Valid until",
        "delivery_date": "Delivery date",
        "description": "Description",
        "quantity": "Qty",
        "rate": "Rate",
        "amount": "Amount",
        "subtotal": "Subtotal",
        "discount": "Discount",
        "tax": "Tax",
        "total": "Total",
        "paid": "Paid",
        "amount_due": "Amount due",
        "payment_details": "Payment details",
        "beneficiary": "Payee",
        "bank": "Bank",
        "account": "Account",
        "bic": "SWIFT/BIC",
        "tax_id": "Tax ID",
        "project": "Project",
        "notes": "Notes",
        "page": "Page {page} of {pages}",
        "converted_from": "Converted from {number}",
        "void_reason": "Void: {reason}",
        "stamp_paid": "Paid",
        "stamp_void": "Void",
        "stamp_accepted": "Accepted",
        "stamp_declined": "Declined",
        "estimate_for": "Prepared for",
        "estimate_date": "Estimate date",
        "tax_zero": "zero-rated",
        "tax_exempt": "exempt",
        "tax_reverse_charge": "reverse charge",
        "tax_intra_eu": "intra-EU supply",
        "tax_export": "export",
        "tax_outside_scope": "not subject to VAT",
        "tax_total": "Total tax",
        "legal_reverse_charge": "Reverse charge: VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC)",
        "legal_intra_eu": "Exempt intra-Community supply (Art. 138 Directive 2006/112/EC)",
        "legal_export": "Export outside the EU, exempt (Art. 146 Directive 2006/112/EC)",
        "legal_outside_scope": "Not subject to VAT",
        "pay_with_app": "Pay with your banking app",
        "deliver_to": "Delivered to",
        "payment_direct_debit": "Direct debit from {iban}, mandate {mandate}",
        "payment_card": "Paid by card ending {card}",
        "prepayment_invoice": "Prepayment invoice",
        "self_billed_invoice": "Self-billed invoice",
        "item_id": "Item no.",
        "credit_note": "Credit note",
        "corrects_invoice": "Corrects invoice {number} of {date}",
        "credit_reason": "Reason: {reason}",
        "refunded": "Refunded",
        "credit_remaining": "Credit remaining",
        "prepaid": "Prepaid",
        "rounding": "Rounding",
        "allowance": "Allowance",
        "charge": "Charge",
        "buyer_reference": "Your reference",
        "order": "Order",
        "contract": "Contract",
        "period": "Period",
        "list_price": "List price",
        "reminder": "Payment reminder",
        "reminder_n": "Reminder {n}",
        "reminder_invoice": "Invoice {number} of {date}, due {due}",
        "reminder_fees_earlier": "Earlier reminder fees",
        "reminder_fee": "Reminder fee",
        "reminder_interest": "Interest at {rate} a year for {days} days on {amount}",
        "reminder_note": "Our records show that invoice {number} of {date}, due on {due}, has not been paid yet. Perhaps it was overlooked: please pay {amount} by {pay_by}. If you have paid in the meantime, please disregard this reminder.",
        "reminder_note_firm": "Invoice {number} of {date} was due on {due} and remains unpaid despite our earlier reminder. Please pay {amount} by {pay_by}, or contact us at once if there is a problem with the invoice.",
        "mail_subject": "{title} {number} from {business}",
        "mail_body": "Hello,\n\nplease find attached {document} of {date} for {total}.{payment}\n\nKind regards,\n{business}\n",
        "mail_payment": " Please pay by {due}.",
        "reminder_date": "Date",
        "pay_by": "Pay by",
        "reminder_paid": "{total}, of which {paid} paid",
        "reminder_payment": "Payment of {date}",
        "reminder_credit": "Credit note {number} of {date}",
        "reminder_refund": "Refund of {date}",
        "reminder_interest_earlier": "Interest of earlier reminders",
        "mail_balance": " Of this, {amount} is still due; please pay it by {due}.",
        "statement": "Statement of account",
        "statement_note": "Your account as of {date}. Please pay {amount} by {pay_by}. Payments made after {date} are not shown.",
        "statement_note_owed": "Your account as of {date}: we owe you {amount} and will pay it back to you.",
        "statement_note_settled": "Your account as of {date}: nothing is open. Thank you.",
        "stamp_copy": "Copy",
        "stamp_credited": "Credited",
        "copy_note": "Copy of {date}, not the original document",
        "copy_note_due": "Copy of {date}, not the original document: {amount} still due",
        "view_legal_note": "A view of the e-invoice {file}, made by invoic: the e-invoice itself is the invoice.",
        "view_findings_count": "EN 16931 rules broken: {count} (see the findings at the end).",
        "view_due_stated": "The supplier asks for {stated}; the document's own figures give {computed}.",
        "view_no_lines": "This e-invoice lists no lines ({profile} profile).",
        "view_about": "About this e-invoice",
        "view_format": "Format",
        "view_references": "References",
        "view_tax_breakdown": "VAT breakdown",
        "view_category": "Category",
        "view_taxable": "Taxable amount",
        "view_exemption": "Exemption reason",
        "view_attachments": "Attachments",
        "view_findings": "Findings (EN 16931 rules)",
        "view_no_findings": "None: the e-invoice keeps every rule checked.",
        "view_payment_reference": "Payment reference",
        "view_terms": "Payment terms",
        "view_legal_id": "Registration",
        "view_electronic_address": "Electronic address",
        "view_tax_number": "Tax number",
        "view_project_reference": "Project reference",
        "view_corrects": "Corrects invoice {number}",
        "view_currency": "Currency",
        "view_lines": "Lines",
        "view_net": "Total without VAT",
        "view_means": "Payment means",
        "view_allowances_charges": "Allowances and charges",
        "view_contact": "Contact",
        "view_third_party": "Third-party payments",
    ]

    private static let labels1: [String: String] = [
        "tax": "VAT",
        "tax_id": "VAT no.",
    ]

    private static let labels2: [String: String] = [
        "tax": "VAT",
        "tax_id": "VAT no.",
    ]

    private static let labels3: [String: String] = [
        "tax": "GST",
        "tax_id": "GSTIN",
    ]

    private static let labels4: [String: String] = [
        "tax": "GST",
        "tax_id": "ABN",
    ]

    private static let labels5: [String: String] = [
        "tax": "GST",
        "tax_id": "GST no.",
    ]

    private static let labels6: [String: String] = [
        "tax": "Tax",
        "tax_id": "GST/HST no.",
    ]

    private static let labels7: [String: String] = [
        "invoice": "Rechnung",
        "estimate": "Angebot",
        "bill_to": "Rechnung an",
        "from": "Von",
        "issue_date": "Rechnungsdatum",
        "due_date": "Fällig am",
        "valid_until": "Gültig bis",
        "delivery_date": "Leistungsdatum",
        "description": "Beschreibung",
        "quantity": "Menge",
        "rate": "Preis",
        "amount": "Betrag",
        "subtotal": "Zwischensumme",
        "discount": "Rabatt",
        "tax": "USt.",
        "total": "Gesamt",
        "paid": "Bezahlt",
        "amount_due": "Offener Betrag",
        "payment_details": "Bankverbindung",
        "beneficiary": "Empfänger",
        "bank": "Bank",
        "account": "Konto",
        "bic": "BIC",
        "tax_id": "USt-IdNr.",
        "project": "Projekt",
        "notes": "Anmerkungen",
        "page": "Seite {page} von {pages}",
        "converted_from": "Aus Angebot {number}",
        "void_reason": "Storniert: {reason}",
        "stamp_paid": "Bezahlt",
        "stamp_void": "Storniert",
        "stamp_accepted": "Angenommen",
        "stamp_declined": "Abgelehnt",
        "estimate_for": "Angebot für",
        "estimate_date": "Angebotsdatum",
        "tax_zero": "Nullsatz",
        "tax_exempt": "steuerfrei",
        "tax_reverse_charge": "Reverse Charge",
        "tax_intra_eu": "innergemeinschaftliche Lieferung",
        "tax_export": "Ausfuhr",
        "tax_outside_scope": "nicht steuerbar",
        "tax_total": "Steuer gesamt",
        "legal_reverse_charge": "Steuerschuldnerschaft des Leistungsempfängers (Art. 196 Richtlinie 2006/112/EG)",
        "legal_intra_eu": "Steuerfreie innergemeinschaftliche Lieferung (Art. 138 Richtlinie 2006/112/EG)",
        "legal_export": "Steuerfreie Ausfuhrlieferung (Art. 146 Richtlinie 2006/112/EG)",
        "legal_outside_scope": "Nicht steuerbarer Umsatz",
        "pay_with_app": "Mit der Banking-App bezahlen",
        "deliver_to": "Lieferanschrift",
        "payment_direct_debit": "Lastschrift von {iban}, Mandat {mandate}",
        "payment_card": "Bezahlt mit Karte, endend auf {card}",
        "prepayment_invoice": "Anzahlungsrechnung",
        "self_billed_invoice": "Gutschrift",
        "item_id": "Art.-Nr.",
        "credit_note": "Rechnungskorrektur",
        "corrects_invoice": "Korrigiert die Rechnung {number} vom {date}",
        "credit_reason": "Grund: {reason}",
        "refunded": "Erstattet",
        "credit_remaining": "Verbleibende Gutschrift",
        "prepaid": "Bereits bezahlt",
        "rounding": "Rundung",
        "allowance": "Nachlass",
        "charge": "Zuschlag",
        "buyer_reference": "Ihre Referenz",
        "order": "Bestellung",
        "contract": "Vertrag",
        "period": "Leistungszeitraum",
        "list_price": "Listenpreis",
        "reminder": "Zahlungserinnerung",
        "reminder_n": "{n}. Mahnung",
        "reminder_invoice": "Rechnung {number} vom {date}, fällig am {due}",
        "reminder_fees_earlier": "Bisherige Mahngebühren",
        "reminder_fee": "Mahngebühr",
        "reminder_interest": "Verzugszinsen {rate} p. a. für {days} Tage auf {amount}",
        "reminder_note": "Unsere Rechnung {number} vom {date} war am {due} fällig und ist noch nicht beglichen. Vielleicht ist sie Ihnen entgangen: Bitte überweisen Sie {amount} bis zum {pay_by}. Sollten Sie inzwischen gezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.",
        "reminder_note_firm": "Trotz unserer Erinnerung ist die Rechnung {number} vom {date}, fällig am {due}, noch offen. Bitte überweisen Sie {amount} bis spätestens {pay_by} oder melden Sie sich umgehend, falls es ein Problem mit der Rechnung gibt.",
        "mail_subject": "{title} {number} von {business}",
        "mail_body": "Guten Tag,\n\nanbei erhalten Sie {document} vom {date} über {total}.{payment}\n\nMit freundlichen Grüßen\n{business}\n",
        "mail_payment": " Bitte zahlen Sie bis zum {due}.",
        "reminder_date": "Datum",
        "pay_by": "Zahlbar bis",
        "reminder_paid": "{total}, davon {paid} bezahlt",
        "reminder_payment": "Zahlung vom {date}",
        "reminder_credit": "Gutschrift {number} vom {date}",
        "reminder_refund": "Erstattung vom {date}",
        "reminder_interest_earlier": "Zinsen früherer Mahnungen",
        "mail_balance": " Davon sind noch {amount} offen; bitte zahlen Sie bis {due}.",
        "statement": "Kontoauszug",
        "statement_note": "Ihr Konto am {date}. Bitte zahlen Sie {amount} bis {pay_by}. Zahlungen nach dem {date} sind nicht berücksichtigt.",
        "statement_note_owed": "Ihr Konto am {date}: Wir schulden Ihnen {amount} und erstatten den Betrag.",
        "statement_note_settled": "Ihr Konto am {date}: Es ist nichts offen. Vielen Dank.",
        "stamp_copy": "Kopie",
        "stamp_credited": "Gutgeschrieben",
        "copy_note": "Kopie vom {date}, nicht das Originaldokument",
        "copy_note_due": "Kopie vom {date}, nicht das Originaldokument: {amount} noch offen",
        "view_legal_note": "Ansicht der E-Rechnung {file}, erstellt von invoic: Die Rechnung ist die E-Rechnung selbst.",
        "view_findings_count": "Verletzte Regeln der EN 16931: {count} (siehe die Befunde am Ende).",
        "view_due_stated": "Der Lieferant fordert {stated}; die Beträge des Dokuments ergeben {computed}.",
        "view_no_lines": "Diese E-Rechnung enthält keine Positionen (Profil {profile}).",
        "view_about": "Zu dieser E-Rechnung",
        "view_format": "Format",
        "view_references": "Referenzen",
        "view_tax_breakdown": "Aufschlüsselung der Umsatzsteuer",
        "view_category": "Kategorie",
        "view_taxable": "Bemessungsgrundlage",
        "view_exemption": "Befreiungsgrund",
        "view_attachments": "Anhänge",
        "view_findings": "Befunde (Regeln der EN 16931)",
        "view_no_findings": "Keine: Die E-Rechnung hält jede geprüfte Regel ein.",
        "view_payment_reference": "Verwendungszweck",
        "view_terms": "Zahlungsbedingungen",
        "view_legal_id": "Registernummer",
        "view_electronic_address": "Elektronische Adresse",
        "view_tax_number": "Steuernummer",
        "view_project_reference": "Projektreferenz",
        "view_corrects": "Korrigiert die Rechnung {number}",
        "view_currency": "Währung",
        "view_lines": "Positionen",
        "view_net": "Gesamtbetrag ohne USt.",
        "view_means": "Zahlungsart",
        "view_allowances_charges": "Nachlässe und Zuschläge",
        "view_contact": "Kontakt",
        "view_third_party": "Zahlungen an Dritte",
    ]

    private static let labels8: [String: String] = [
        "tax_id": "UID-Nr.",
    ]

    private static let labels9: [String: String] = [
        "tax": "MWST",
        "tax_id": "MWST-Nr.",
    ]

    private static let labels10: [String: String] = [
        "invoice": "Facture",
        "estimate": "Devis",
        "bill_to": "Facturé à",
        "from": "De",
        "issue_date": "Date d’émission",
        "due_date": "Échéance",
        "valid_until": "Valable jusqu’au",
        "delivery_date": "Date de livraison",
        "description": "Description",
        "quantity": "Qté",
        "rate": "Prix unitaire",
        "amount": "Montant",
        "subtotal": "Sous-total",
        "discount": "Remise",
        "tax": "TVA",
        "total": "Total",
        "paid": "Payé",
        "amount_due": "Reste à payer",
        "payment_details": "Coordonnées bancaires",
        "beneficiary": "Bénéficiaire",
        "bank": "Banque",
        "account": "Compte",
        "bic": "SWIFT/BIC",
        "tax_id": "N° TVA",
        "project": "Projet",
        "notes": "Remarques",
        "page": "Page {page} sur {pages}",
        "converted_from": "Issue du devis {number}",
        "void_reason": "Annulée : {reason}",
        "stamp_paid": "Payée",
        "stamp_void": "Annulée",
        "stamp_accepted": "Accepté",
        "stamp_declined": "Refusé",
        "estimate_for": "Devis établi pour",
        "estimate_date": "Date du devis",
        "tax_zero": "taux zéro",
        "tax_exempt": "exonéré",
        "tax_reverse_charge": "autoliquidation",
        "tax_intra_eu": "livraison intracommunautaire",
        "tax_export": "exportation",
        "tax_outside_scope": "hors champ de la TVA",
        "tax_total": "Total TVA",
        "legal_reverse_charge": "Autoliquidation : TVA due par le preneur (art. 196 de la directive 2006/112/CE)",
        "legal_intra_eu": "Livraison intracommunautaire exonérée (art. 138 de la directive 2006/112/CE)",
        "legal_export": "Exportation hors UE exonérée (art. 146 de la directive 2006/112/CE)",
        "legal_outside_scope": "Opération hors champ d’application de la TVA",
        "pay_with_app": "Payer avec votre application bancaire",
        "deliver_to": "Livré à",
        "payment_direct_debit": "Prélèvement sur {iban}, mandat {mandate}",
        "payment_card": "Payé par carte se terminant par {card}",
        "prepayment_invoice": "Facture d’acompte",
        "self_billed_invoice": "Autofacturation",
        "item_id": "Réf.",
        "credit_note": "Avoir",
        "corrects_invoice": "Rectifie la facture {number} du {date}",
        "credit_reason": "Motif : {reason}",
        "refunded": "Remboursé",
        "credit_remaining": "Crédit restant",
        "prepaid": "Acompte versé",
        "rounding": "Arrondi",
        "allowance": "Remise",
        "charge": "Frais",
        "buyer_reference": "Votre référence",
        "order": "Commande",
        "contract": "Contrat",
        "period": "Période",
        "list_price": "Prix catalogue",
        "reminder": "Rappel de paiement",
        "reminder_n": "Relance n° {n}",
        "reminder_invoice": "Facture {number} du {date}, échue le {due}",
        "reminder_fees_earlier": "Frais de relance précédents",
        "reminder_fee": "Frais de relance",
        "reminder_interest": "Intérêts de retard au taux annuel de {rate} sur {amount} pendant {days} jours",
        "reminder_note": "Sauf erreur de notre part, la facture {number} du {date}, échue le {due}, n’a pas encore été réglée. Merci de régler {amount} avant le {pay_by}. Si vous avez payé entre-temps, veuillez ne pas tenir compte de ce rappel.",
        "reminder_note_firm": "Malgré notre précédent rappel, la facture {number} du {date}, échue le {due}, reste impayée. Merci de régler {amount} au plus tard le {pay_by}, ou de nous contacter sans délai en cas de problème.",
        "mail_subject": "{title} {number} de {business}",
        "mail_body": "Bonjour,\n\nvous trouverez ci-joint {document} du {date} d’un montant de {total}.{payment}\n\nCordialement,\n{business}\n",
        "mail_payment": " Merci de régler avant le {due}.",
        "reminder_date": "Date",
        "pay_by": "À régler avant le",
        "reminder_paid": "{total}, dont {paid} payés",
        "reminder_payment": "Paiement du {date}",
        "reminder_credit": "Avoir {number} du {date}",
        "reminder_refund": "Remboursement du {date}",
        "reminder_interest_earlier": "Intérêts des relances précédentes",
        "mail_balance": " Il reste {amount} à régler ; merci de payer avant le {due}.",
        "statement": "Relevé de compte",
        "statement_note": "Votre compte au {date}. Merci de régler {amount} avant le {pay_by}. Les paiements après le {date} ne figurent pas.",
        "statement_note_owed": "Votre compte au {date} : nous vous devons {amount} et vous le rembourserons.",
        "statement_note_settled": "Votre compte au {date} : rien n'est en attente. Merci.",
        "stamp_copy": "Copie",
        "stamp_credited": "Créditée",
        "copy_note": "Copie du {date}, pas le document original",
        "copy_note_due": "Copie du {date}, pas le document original : {amount} restant dû",
        "view_legal_note": "Vue de la facture électronique {file}, produite par invoic : la facture est la facture électronique elle-même.",
        "view_findings_count": "Règles de l'EN 16931 enfreintes : {count} (voir les constats à la fin).",
        "view_due_stated": "Le fournisseur demande {stated} ; les montants du document donnent {computed}.",
        "view_no_lines": "Cette facture électronique ne comporte aucune ligne (profil {profile}).",
        "view_about": "À propos de cette facture électronique",
        "view_format": "Format",
        "view_references": "Références",
        "view_tax_breakdown": "Ventilation de la TVA",
        "view_category": "Catégorie",
        "view_taxable": "Base d'imposition",
        "view_exemption": "Motif d'exonération",
        "view_attachments": "Pièces jointes",
        "view_findings": "Constats (règles de l'EN 16931)",
        "view_no_findings": "Aucun : la facture électronique respecte toutes les règles vérifiées.",
        "view_payment_reference": "Référence de paiement",
        "view_terms": "Conditions de paiement",
        "view_legal_id": "Immatriculation",
        "view_electronic_address": "Adresse électronique",
        "view_tax_number": "Numéro fiscal",
        "view_project_reference": "Référence du projet",
        "view_corrects": "Corrige la facture {number}",
        "view_currency": "Devise",
        "view_lines": "Lignes",
        "view_net": "Total hors TVA",
        "view_means": "Moyen de paiement",
        "view_allowances_charges": "Remises et frais",
        "view_contact": "Contact",
        "view_third_party": "Paiements pour des tiers",
    ]

    private static let labels11: [String: String] = [
        "invoice": "Factura",
        "estimate": "Presupuesto",
        "bill_to": "Facturar a",
        "from": "De",
        "issue_date": "Fecha de emisión",
        "due_date": "Vencimiento",
        "valid_until": "Válido hasta",
        "delivery_date": "Fecha de entrega",
        "description": "Descripción",
        "quantity": "Cant.",
        "rate": "Precio",
        "amount": "Importe",
        "subtotal": "Subtotal",
        "discount": "Descuento",
        "tax": "IVA",
        "total": "Total",
        "paid": "Pagado",
        "amount_due": "Importe pendiente",
        "payment_details": "Datos de pago",
        "beneficiary": "Beneficiario",
        "bank": "Banco",
        "account": "Cuenta",
        "bic": "SWIFT/BIC",
        "tax_id": "NIF",
        "project": "Proyecto",
        "notes": "Notas",
        "page": "Página {page} de {pages}",
        "converted_from": "Del presupuesto {number}",
        "void_reason": "Anulada: {reason}",
        "stamp_paid": "Pagada",
        "stamp_void": "Anulada",
        "stamp_accepted": "Aceptado",
        "stamp_declined": "Rechazado",
        "estimate_for": "Presupuesto para",
        "estimate_date": "Fecha del presupuesto",
        "tax_zero": "tipo cero",
        "tax_exempt": "exento",
        "tax_reverse_charge": "inversión del sujeto pasivo",
        "tax_intra_eu": "entrega intracomunitaria",
        "tax_export": "exportación",
        "tax_outside_scope": "no sujeto a IVA",
        "tax_total": "Total IVA",
        "legal_reverse_charge": "Inversión del sujeto pasivo: el IVA lo declara el destinatario (art. 196 Directiva 2006/112/CE)",
        "legal_intra_eu": "Entrega intracomunitaria exenta (art. 138 Directiva 2006/112/CE)",
        "legal_export": "Exportación fuera de la UE, exenta (art. 146 Directiva 2006/112/CE)",
        "legal_outside_scope": "Operación no sujeta a IVA",
        "pay_with_app": "Pague con su app bancaria",
        "deliver_to": "Entregado en",
        "payment_direct_debit": "Domiciliación en {iban}, mandato {mandate}",
        "payment_card": "Pagado con tarjeta terminada en {card}",
        "prepayment_invoice": "Factura de anticipo",
        "self_billed_invoice": "Autofactura",
        "item_id": "Ref.",
        "credit_note": "Factura rectificativa",
        "corrects_invoice": "Rectifica la factura {number} del {date}",
        "credit_reason": "Motivo: {reason}",
        "refunded": "Reembolsado",
        "credit_remaining": "Crédito pendiente",
        "prepaid": "Anticipo",
        "rounding": "Redondeo",
        "allowance": "Descuento",
        "charge": "Recargo",
        "buyer_reference": "Su referencia",
        "order": "Pedido",
        "contract": "Contrato",
        "period": "Periodo",
        "list_price": "Precio de lista",
        "reminder": "Recordatorio de pago",
        "reminder_n": "Reclamación de pago n.º {n}",
        "reminder_invoice": "Factura {number} del {date}, vencida el {due}",
        "reminder_fees_earlier": "Gastos de reclamación anteriores",
        "reminder_fee": "Gastos de reclamación",
        "reminder_interest": "Intereses de demora al {rate} anual sobre {amount} durante {days} días",
        "reminder_note": "Según nuestros registros, la factura {number} del {date}, vencida el {due}, aún no ha sido pagada. Le rogamos abone {amount} antes del {pay_by}. Si ya ha realizado el pago, por favor ignore este recordatorio.",
        "reminder_note_firm": "A pesar de nuestro recordatorio anterior, la factura {number} del {date}, vencida el {due}, sigue pendiente. Le rogamos pague {amount} a más tardar el {pay_by} o se ponga en contacto con nosotros de inmediato.",
        "mail_subject": "{title} {number} de {business}",
        "mail_body": "Hola:\n\nadjuntamos {document} del {date} por {total}.{payment}\n\nUn saludo,\n{business}\n",
        "mail_payment": " Le rogamos el pago antes del {due}.",
        "reminder_date": "Fecha",
        "pay_by": "Pagar antes del",
        "reminder_paid": "{total}, de los que se han pagado {paid}",
        "reminder_payment": "Pago del {date}",
        "reminder_credit": "Factura rectificativa {number} del {date}",
        "reminder_refund": "Reembolso del {date}",
        "reminder_interest_earlier": "Intereses de recordatorios anteriores",
        "mail_balance": " De este importe quedan {amount} pendientes; le rogamos que los pague antes del {due}.",
        "statement": "Extracto de cuenta",
        "statement_note": "Su cuenta a {date}. Le rogamos que pague {amount} antes del {pay_by}. No se muestran los pagos posteriores al {date}.",
        "statement_note_owed": "Su cuenta a {date}: le debemos {amount} y se los reembolsaremos.",
        "statement_note_settled": "Su cuenta a {date}: no hay nada pendiente. Gracias.",
        "stamp_copy": "Copia",
        "stamp_credited": "Abonada",
        "copy_note": "Copia del {date}, no el documento original",
        "copy_note_due": "Copia del {date}, no el documento original: {amount} pendiente",
        "view_legal_note": "Vista de la factura electrónica {file}, creada por invoic: la factura es la propia factura electrónica.",
        "view_findings_count": "Reglas de la EN 16931 incumplidas: {count} (véanse las observaciones al final).",
        "view_due_stated": "El proveedor pide {stated}; las cifras del propio documento dan {computed}.",
        "view_no_lines": "Esta factura electrónica no tiene líneas (perfil {profile}).",
        "view_about": "Sobre esta factura electrónica",
        "view_format": "Formato",
        "view_references": "Referencias",
        "view_tax_breakdown": "Desglose del IVA",
        "view_category": "Categoría",
        "view_taxable": "Base imponible",
        "view_exemption": "Motivo de exención",
        "view_attachments": "Anexos",
        "view_findings": "Observaciones (reglas de la EN 16931)",
        "view_no_findings": "Ninguna: la factura electrónica cumple todas las reglas comprobadas.",
        "view_payment_reference": "Referencia de pago",
        "view_terms": "Condiciones de pago",
        "view_legal_id": "Registro",
        "view_electronic_address": "Dirección electrónica",
        "view_tax_number": "Número fiscal",
        "view_project_reference": "Referencia del proyecto",
        "view_corrects": "Rectifica la factura {number}",
        "view_currency": "Moneda",
        "view_lines": "Líneas",
        "view_net": "Total sin IVA",
        "view_means": "Medio de pago",
        "view_allowances_charges": "Descuentos y cargos",
        "view_contact": "Contacto",
        "view_third_party": "Pagos a terceros",
    ]

    private static let labels12: [String: String] = [
        "invoice": "Fattura",
        "estimate": "Preventivo",
        "bill_to": "Intestata a",
        "from": "Da",
        "issue_date": "Data di emissione",
        "due_date": "Scadenza",
        "valid_until": "Valido fino al",
        "delivery_date": "Data di consegna",
        "description": "Descrizione",
        "quantity": "Qtà",
        "rate": "Prezzo",
        "amount": "Importo",
        "subtotal": "Imponibile",
        "discount": "Sconto",
        "tax": "IVA",
        "total": "Totale",
        "paid": "Pagato",
        "amount_due": "Da pagare",
        "payment_details": "Coordinate bancarie",
        "beneficiary": "Beneficiario",
        "bank": "Banca",
        "account": "Conto",
        "bic": "SWIFT/BIC",
        "tax_id": "P. IVA",
        "project": "Progetto",
        "notes": "Note",
        "page": "Pagina {page} di {pages}",
        "converted_from": "Dal preventivo {number}",
        "void_reason": "Annullata: {reason}",
        "stamp_paid": "Pagata",
        "stamp_void": "Annullata",
        "stamp_accepted": "Accettato",
        "stamp_declined": "Rifiutato",
        "estimate_for": "Preventivo per",
        "estimate_date": "Data del preventivo",
        "tax_zero": "aliquota zero",
        "tax_exempt": "esente",
        "tax_reverse_charge": "inversione contabile",
        "tax_intra_eu": "cessione intracomunitaria",
        "tax_export": "esportazione",
        "tax_outside_scope": "fuori campo IVA",
        "tax_total": "Totale IVA",
        "legal_reverse_charge": "Inversione contabile: IVA dovuta dal destinatario (art. 196 direttiva 2006/112/CE)",
        "legal_intra_eu": "Cessione intracomunitaria non imponibile (art. 138 direttiva 2006/112/CE)",
        "legal_export": "Esportazione fuori dall’UE, non imponibile (art. 146 direttiva 2006/112/CE)",
        "legal_outside_scope": "Operazione fuori campo IVA",
        "pay_with_app": "Paga con l’app della tua banca",
        "deliver_to": "Consegnato a",
        "payment_direct_debit": "Addebito diretto su {iban}, mandato {mandate}",
        "payment_card": "Pagato con carta che termina con {card}",
        "prepayment_invoice": "Fattura di acconto",
        "self_billed_invoice": "Autofattura",
        "item_id": "Cod. art.",
        "credit_note": "Nota di credito",
        "corrects_invoice": "Rettifica la fattura {number} del {date}",
        "credit_reason": "Motivo: {reason}",
        "refunded": "Rimborsato",
        "credit_remaining": "Credito residuo",
        "prepaid": "Acconto versato",
        "rounding": "Arrotondamento",
        "allowance": "Abbuono",
        "charge": "Maggiorazione",
        "buyer_reference": "Vostro riferimento",
        "order": "Ordine",
        "contract": "Contratto",
        "period": "Periodo",
        "list_price": "Prezzo di listino",
        "reminder": "Sollecito di pagamento",
        "reminder_n": "Sollecito n. {n}",
        "reminder_invoice": "Fattura {number} del {date}, scaduta il {due}",
        "reminder_fees_earlier": "Spese di sollecito precedenti",
        "reminder_fee": "Spese di sollecito",
        "reminder_interest": "Interessi di mora al {rate} annuo su {amount} per {days} giorni",
        "reminder_note": "Dai nostri registri risulta che la fattura {number} del {date}, scaduta il {due}, non è ancora stata pagata. La preghiamo di versare {amount} entro il {pay_by}. Se ha già provveduto al pagamento, consideri nullo questo sollecito.",
        "reminder_note_firm": "Nonostante il nostro precedente sollecito, la fattura {number} del {date}, scaduta il {due}, risulta ancora insoluta. La preghiamo di versare {amount} entro il {pay_by} o di contattarci subito in caso di problemi.",
        "mail_subject": "{title} {number} da {business}",
        "mail_body": "Buongiorno,\n\nin allegato trova {document} del {date} di {total}.{payment}\n\nCordiali saluti,\n{business}\n",
        "mail_payment": " La preghiamo di pagare entro il {due}.",
        "reminder_date": "Data",
        "pay_by": "Da pagare entro",
        "reminder_paid": "{total}, di cui {paid} pagati",
        "reminder_payment": "Pagamento del {date}",
        "reminder_credit": "Nota di credito {number} del {date}",
        "reminder_refund": "Rimborso del {date}",
        "reminder_interest_earlier": "Interessi di solleciti precedenti",
        "mail_balance": " Di questo importo restano da pagare {amount}; la preghiamo di saldarli entro il {due}.",
        "statement": "Estratto conto",
        "statement_note": "Il suo conto al {date}. La preghiamo di pagare {amount} entro il {pay_by}. I pagamenti successivi al {date} non sono indicati.",
        "statement_note_owed": "Il suo conto al {date}: le dobbiamo {amount} e glieli rimborseremo.",
        "statement_note_settled": "Il suo conto al {date}: non c'è nulla in sospeso. Grazie.",
        "stamp_copy": "Copia",
        "stamp_credited": "Stornata",
        "copy_note": "Copia del {date}, non il documento originale",
        "copy_note_due": "Copia del {date}, non il documento originale: {amount} ancora dovuti",
        "view_legal_note": "Visualizzazione della fattura elettronica {file}, creata da invoic: la fattura è la fattura elettronica stessa.",
        "view_findings_count": "Regole della EN 16931 violate: {count} (vedere i rilievi alla fine).",
        "view_due_stated": "Il fornitore chiede {stated}; gli importi del documento danno {computed}.",
        "view_no_lines": "Questa fattura elettronica non ha righe (profilo {profile}).",
        "view_about": "Informazioni su questa fattura elettronica",
        "view_format": "Formato",
        "view_references": "Riferimenti",
        "view_tax_breakdown": "Riepilogo IVA",
        "view_category": "Categoria",
        "view_taxable": "Imponibile",
        "view_exemption": "Motivo dell'esenzione",
        "view_attachments": "Allegati",
        "view_findings": "Rilievi (regole della EN 16931)",
        "view_no_findings": "Nessuno: la fattura elettronica rispetta tutte le regole verificate.",
        "view_payment_reference": "Causale del pagamento",
        "view_terms": "Condizioni di pagamento",
        "view_legal_id": "Registrazione",
        "view_electronic_address": "Indirizzo elettronico",
        "view_tax_number": "Codice fiscale",
        "view_project_reference": "Riferimento del progetto",
        "view_corrects": "Rettifica la fattura {number}",
        "view_currency": "Valuta",
        "view_lines": "Righe",
        "view_net": "Totale senza IVA",
        "view_means": "Modalità di pagamento",
        "view_allowances_charges": "Sconti e maggiorazioni",
        "view_contact": "Contatto",
        "view_third_party": "Pagamenti a terzi",
    ]

    private static let labels13: [String: String] = [
        "invoice": "Factuur",
        "estimate": "Offerte",
        "bill_to": "Factuur aan",
        "from": "Van",
        "issue_date": "Factuurdatum",
        "due_date": "Vervaldatum",
        "valid_until": "Geldig tot",
        "delivery_date": "Leverdatum",
        "description": "Omschrijving",
        "quantity": "Aantal",
        "rate": "Tarief",
        "amount": "Bedrag",
        "subtotal": "Subtotaal",
        "discount": "Korting",
        "tax": "Btw",
        "total": "Totaal",
        "paid": "Betaald",
        "amount_due": "Te betalen",
        "payment_details": "Betaalgegevens",
        "beneficiary": "Begunstigde",
        "bank": "Bank",
        "account": "Rekening",
        "bic": "BIC",
        "tax_id": "Btw-nummer",
        "project": "Project",
        "notes": "Opmerkingen",
        "page": "Pagina {page} van {pages}",
        "converted_from": "Uit offerte {number}",
        "void_reason": "Geannuleerd: {reason}",
        "stamp_paid": "Betaald",
        "stamp_void": "Geannuleerd",
        "stamp_accepted": "Geaccepteerd",
        "stamp_declined": "Afgewezen",
        "estimate_for": "Offerte voor",
        "estimate_date": "Offertedatum",
        "tax_zero": "nultarief",
        "tax_exempt": "vrijgesteld",
        "tax_reverse_charge": "btw verlegd",
        "tax_intra_eu": "intracommunautaire levering",
        "tax_export": "uitvoer",
        "tax_outside_scope": "buiten de btw",
        "tax_total": "Totaal btw",
        "legal_reverse_charge": "Btw verlegd: de btw wordt voldaan door de afnemer (art. 196 Richtlijn 2006/112/EG)",
        "legal_intra_eu": "Vrijgestelde intracommunautaire levering (art. 138 Richtlijn 2006/112/EG)",
        "legal_export": "Uitvoer buiten de EU, vrijgesteld (art. 146 Richtlijn 2006/112/EG)",
        "legal_outside_scope": "Niet onderworpen aan btw",
        "pay_with_app": "Betaal met je bankapp",
        "deliver_to": "Geleverd aan",
        "payment_direct_debit": "Incasso van {iban}, machtiging {mandate}",
        "payment_card": "Betaald met kaart eindigend op {card}",
        "prepayment_invoice": "Voorschotfactuur",
        "self_billed_invoice": "Self-billingfactuur",
        "item_id": "Art.nr.",
        "credit_note": "Creditnota",
        "corrects_invoice": "Corrigeert factuur {number} van {date}",
        "credit_reason": "Reden: {reason}",
        "refunded": "Terugbetaald",
        "credit_remaining": "Resterend tegoed",
        "prepaid": "Vooruitbetaald",
        "rounding": "Afronding",
        "allowance": "Korting",
        "charge": "Toeslag",
        "buyer_reference": "Uw referentie",
        "order": "Bestelling",
        "contract": "Contract",
        "period": "Periode",
        "list_price": "Catalogusprijs",
        "reminder": "Betalingsherinnering",
        "reminder_n": "Aanmaning {n}",
        "reminder_invoice": "Factuur {number} van {date}, vervallen op {due}",
        "reminder_fees_earlier": "Eerdere aanmaningskosten",
        "reminder_fee": "Aanmaningskosten",
        "reminder_interest": "Rente van {rate} per jaar over {amount} gedurende {days} dagen",
        "reminder_note": "Volgens onze administratie is factuur {number} van {date}, vervallen op {due}, nog niet betaald. Wilt u {amount} uiterlijk {pay_by} overmaken? Heeft u inmiddels betaald, dan kunt u deze herinnering als niet verzonden beschouwen.",
        "reminder_note_firm": "Ondanks onze eerdere herinnering is factuur {number} van {date}, vervallen op {due}, nog steeds niet betaald. Wij verzoeken u {amount} uiterlijk {pay_by} te betalen, of direct contact met ons op te nemen.",
        "mail_subject": "{title} {number} van {business}",
        "mail_body": "Goedendag,\n\nhierbij ontvangt u {document} van {date} voor {total}.{payment}\n\nMet vriendelijke groet,\n{business}\n",
        "mail_payment": " Graag betaling vóór {due}.",
        "reminder_date": "Datum",
        "pay_by": "Te betalen vóór",
        "reminder_paid": "{total}, waarvan {paid} betaald",
        "reminder_payment": "Betaling van {date}",
        "reminder_credit": "Creditnota {number} van {date}",
        "reminder_refund": "Terugbetaling van {date}",
        "reminder_interest_earlier": "Rente van eerdere herinneringen",
        "mail_balance": " Daarvan staat nog {amount} open; gelieve dit te betalen vóór {due}.",
        "statement": "Rekeningoverzicht",
        "statement_note": "Uw rekening op {date}. Gelieve {amount} te betalen vóór {pay_by}. Betalingen na {date} zijn niet opgenomen.",
        "statement_note_owed": "Uw rekening op {date}: wij zijn u {amount} verschuldigd en betalen dit terug.",
        "statement_note_settled": "Uw rekening op {date}: er staat niets open. Dank u.",
        "stamp_copy": "Kopie",
        "stamp_credited": "Gecrediteerd",
        "copy_note": "Kopie van {date}, niet het originele document",
        "copy_note_due": "Kopie van {date}, niet het originele document: nog {amount} open",
        "view_legal_note": "Weergave van de e-factuur {file}, gemaakt door invoic: de factuur is de e-factuur zelf.",
        "view_findings_count": "Overtreden regels van EN 16931: {count} (zie de bevindingen aan het eind).",
        "view_due_stated": "De leverancier vraagt {stated}; de bedragen van het document geven {computed}.",
        "view_no_lines": "Deze e-factuur heeft geen regels (profiel {profile}).",
        "view_about": "Over deze e-factuur",
        "view_format": "Formaat",
        "view_references": "Referenties",
        "view_tax_breakdown": "Btw-specificatie",
        "view_category": "Categorie",
        "view_taxable": "Belastbaar bedrag",
        "view_exemption": "Reden van vrijstelling",
        "view_attachments": "Bijlagen",
        "view_findings": "Bevindingen (regels van EN 16931)",
        "view_no_findings": "Geen: de e-factuur houdt zich aan elke gecontroleerde regel.",
        "view_payment_reference": "Betalingskenmerk",
        "view_terms": "Betalingsvoorwaarden",
        "view_legal_id": "Inschrijving",
        "view_electronic_address": "Elektronisch adres",
        "view_tax_number": "Fiscaal nummer",
        "view_project_reference": "Projectreferentie",
        "view_corrects": "Corrigeert factuur {number}",
        "view_currency": "Valuta",
        "view_lines": "Regels",
        "view_net": "Totaal exclusief btw",
        "view_means": "Betaalwijze",
        "view_allowances_charges": "Kortingen en toeslagen",
        "view_contact": "Contactpersoon",
        "view_third_party": "Betalingen aan derden",
    ]

    private static let labels14: [String: String] = [
        "invoice": "Fatura",
        "estimate": "Orçamento",
        "bill_to": "Faturar a",
        "from": "De",
        "issue_date": "Data de emissão",
        "due_date": "Vencimento",
        "valid_until": "Válido até",
        "delivery_date": "Data de entrega",
        "description": "Descrição",
        "quantity": "Qtd.",
        "rate": "Preço",
        "amount": "Valor",
        "subtotal": "Subtotal",
        "discount": "Desconto",
        "tax": "IVA",
        "total": "Total",
        "paid": "Pago",
        "amount_due": "Valor em dívida",
        "payment_details": "Dados de pagamento",
        "beneficiary": "Beneficiário",
        "bank": "Banco",
        "account": "Conta",
        "bic": "SWIFT/BIC",
        "tax_id": "NIF",
        "project": "Projeto",
        "notes": "Notas",
        "page": "Página {page} de {pages}",
        "converted_from": "Do orçamento {number}",
        "void_reason": "Anulada: {reason}",
        "stamp_paid": "Paga",
        "stamp_void": "Anulada",
        "stamp_accepted": "Aceite",
        "stamp_declined": "Recusado",
        "estimate_for": "Orçamento para",
        "estimate_date": "Data do orçamento",
        "tax_zero": "taxa zero",
        "tax_exempt": "isento",
        "tax_reverse_charge": "autoliquidação",
        "tax_intra_eu": "transmissão intracomunitária",
        "tax_export": "exportação",
        "tax_outside_scope": "não sujeito a IVA",
        "tax_total": "Total IVA",
        "legal_reverse_charge": "Autoliquidação: IVA devido pelo adquirente (art. 196.º da Diretiva 2006/112/CE)",
        "legal_intra_eu": "Transmissão intracomunitária isenta (art. 138.º da Diretiva 2006/112/CE)",
        "legal_export": "Exportação para fora da UE, isenta (art. 146.º da Diretiva 2006/112/CE)",
        "legal_outside_scope": "Operação não sujeita a IVA",
        "pay_with_app": "Pague com a app do seu banco",
        "deliver_to": "Entregue em",
        "payment_direct_debit": "Débito direto de {iban}, mandato {mandate}",
        "payment_card": "Pago com cartão terminado em {card}",
        "prepayment_invoice": "Fatura de adiantamento",
        "self_billed_invoice": "Autofaturação",
        "item_id": "Ref.",
        "credit_note": "Nota de crédito",
        "corrects_invoice": "Corrige a fatura {number} de {date}",
        "credit_reason": "Motivo: {reason}",
        "refunded": "Reembolsado",
        "credit_remaining": "Crédito restante",
        "prepaid": "Pago antecipadamente",
        "rounding": "Arredondamento",
        "allowance": "Desconto",
        "charge": "Encargo",
        "buyer_reference": "A sua referência",
        "order": "Encomenda",
        "contract": "Contrato",
        "period": "Período",
        "list_price": "Preço de tabela",
        "reminder": "Lembrete de pagamento",
        "reminder_n": "Aviso de cobrança n.º {n}",
        "reminder_invoice": "Fatura {number} de {date}, vencida em {due}",
        "reminder_fees_earlier": "Encargos de cobrança anteriores",
        "reminder_fee": "Encargos de cobrança",
        "reminder_interest": "Juros de mora de {rate} ao ano sobre {amount} durante {days} dias",
        "reminder_note": "Segundo os nossos registos, a fatura {number} de {date}, vencida em {due}, ainda não foi paga. Agradecemos o pagamento de {amount} até {pay_by}. Se já efetuou o pagamento, por favor ignore este lembrete.",
        "reminder_note_firm": "Apesar do nosso lembrete anterior, a fatura {number} de {date}, vencida em {due}, continua por pagar. Pedimos o pagamento de {amount} até {pay_by}, ou que nos contacte de imediato.",
        "mail_subject": "{title} {number} de {business}",
        "mail_body": "Olá,\n\nsegue em anexo {document} de {date}, no valor de {total}.{payment}\n\nCom os melhores cumprimentos,\n{business}\n",
        "mail_payment": " Agradecemos o pagamento até {due}.",
        "reminder_date": "Data",
        "pay_by": "Pagar até",
        "reminder_paid": "{total}, dos quais {paid} pagos",
        "reminder_payment": "Pagamento de {date}",
        "reminder_credit": "Nota de crédito {number} de {date}",
        "reminder_refund": "Reembolso de {date}",
        "reminder_interest_earlier": "Juros de lembretes anteriores",
        "mail_balance": " Deste valor, {amount} ainda está em dívida; por favor pague até {due}.",
        "statement": "Extrato de conta",
        "statement_note": "A sua conta em {date}. Por favor pague {amount} até {pay_by}. Pagamentos após {date} não são mostrados.",
        "statement_note_owed": "A sua conta em {date}: devemos-lhe {amount} e vamos reembolsá-lo.",
        "statement_note_settled": "A sua conta em {date}: nada em aberto. Obrigado.",
        "stamp_copy": "Cópia",
        "stamp_credited": "Creditada",
        "copy_note": "Cópia de {date}, não o documento original",
        "copy_note_due": "Cópia de {date}, não o documento original: {amount} em dívida",
        "view_legal_note": "Visualização da fatura eletrónica {file}, criada pelo invoic: a fatura é a própria fatura eletrónica.",
        "view_findings_count": "Regras da EN 16931 violadas: {count} (ver as constatações no fim).",
        "view_due_stated": "O fornecedor pede {stated}; os valores do próprio documento dão {computed}.",
        "view_no_lines": "Esta fatura eletrónica não tem linhas (perfil {profile}).",
        "view_about": "Sobre esta fatura eletrónica",
        "view_format": "Formato",
        "view_references": "Referências",
        "view_tax_breakdown": "Discriminação do IVA",
        "view_category": "Categoria",
        "view_taxable": "Valor tributável",
        "view_exemption": "Motivo da isenção",
        "view_attachments": "Anexos",
        "view_findings": "Constatações (regras da EN 16931)",
        "view_no_findings": "Nenhuma: a fatura eletrónica cumpre todas as regras verificadas.",
        "view_payment_reference": "Referência de pagamento",
        "view_terms": "Condições de pagamento",
        "view_legal_id": "Registo",
        "view_electronic_address": "Endereço eletrónico",
        "view_tax_number": "Número fiscal",
        "view_project_reference": "Referência do projeto",
        "view_corrects": "Corrige a fatura {number}",
        "view_currency": "Moeda",
        "view_lines": "Linhas",
        "view_net": "Total sem IVA",
        "view_means": "Meio de pagamento",
        "view_allowances_charges": "Descontos e encargos",
        "view_contact": "Contacto",
        "view_third_party": "Pagamentos a terceiros",
    ]

    private static let labels15: [String: String] = [
        "tax": "Impostos",
        "tax_id": "CNPJ",
        "amount_due": "Valor a pagar",
        "stamp_accepted": "Aceito",
    ]

    private static let labels16: [String: String] = [
        "invoice": "Faktura",
        "estimate": "Oferta",
        "bill_to": "Nabywca",
        "from": "Sprzedawca",
        "issue_date": "Data wystawienia",
        "due_date": "Termin płatności",
        "valid_until": "Ważna do",
        "delivery_date": "Data dostawy",
        "description": "Opis",
        "quantity": "Ilość",
        "rate": "Cena",
        "amount": "Wartość",
        "subtotal": "Razem netto",
        "discount": "Rabat",
        "tax": "VAT",
        "total": "Razem",
        "paid": "Zapłacono",
        "amount_due": "Pozostało do zapłaty",
        "payment_details": "Dane do przelewu",
        "beneficiary": "Odbiorca",
        "bank": "Bank",
        "account": "Numer konta",
        "bic": "SWIFT/BIC",
        "tax_id": "NIP",
        "project": "Projekt",
        "notes": "Uwagi",
        "page": "Strona {page} z {pages}",
        "converted_from": "Na podstawie oferty {number}",
        "void_reason": "Anulowana: {reason}",
        "stamp_paid": "Zapłacona",
        "stamp_void": "Anulowana",
        "stamp_accepted": "Przyjęta",
        "stamp_declined": "Odrzucona",
        "estimate_for": "Oferta dla",
        "estimate_date": "Data oferty",
        "tax_zero": "stawka zero",
        "tax_exempt": "zwolnione",
        "tax_reverse_charge": "odwrotne obciążenie",
        "tax_intra_eu": "dostawa wewnątrzwspólnotowa",
        "tax_export": "eksport",
        "tax_outside_scope": "niepodlegające VAT",
        "tax_total": "Razem VAT",
        "legal_reverse_charge": "Odwrotne obciążenie: VAT rozlicza nabywca (art. 196 dyrektywy 2006/112/WE)",
        "legal_intra_eu": "Zwolniona wewnątrzwspólnotowa dostawa towarów (art. 138 dyrektywy 2006/112/WE)",
        "legal_export": "Eksport poza UE, zwolniony (art. 146 dyrektywy 2006/112/WE)",
        "legal_outside_scope": "Niepodlegające opodatkowaniu VAT",
        "pay_with_app": "Zapłać w aplikacji bankowej",
        "deliver_to": "Miejsce dostawy",
        "payment_direct_debit": "Polecenie zapłaty z {iban}, mandat {mandate}",
        "payment_card": "Zapłacono kartą o końcówce {card}",
        "prepayment_invoice": "Faktura zaliczkowa",
        "self_billed_invoice": "Samofakturowanie",
        "item_id": "Nr kat.",
        "credit_note": "Faktura korygująca",
        "corrects_invoice": "Koryguje fakturę {number} z dnia {date}",
        "credit_reason": "Przyczyna korekty: {reason}",
        "refunded": "Zwrócono",
        "credit_remaining": "Pozostało do zwrotu",
        "prepaid": "Zaliczka",
        "rounding": "Zaokrąglenie",
        "allowance": "Rabat",
        "charge": "Opłata dodatkowa",
        "buyer_reference": "Wasz numer",
        "order": "Zamówienie",
        "contract": "Umowa",
        "period": "Okres",
        "list_price": "Cena katalogowa",
        "reminder": "Przypomnienie o płatności",
        "reminder_n": "Wezwanie do zapłaty nr {n}",
        "reminder_invoice": "Faktura {number} z {date}, termin płatności {due}",
        "reminder_fees_earlier": "Wcześniejsze opłaty za upomnienia",
        "reminder_fee": "Opłata za upomnienie",
        "reminder_interest": "Odsetki za opóźnienie {rate} rocznie od {amount} za {days} dni",
        "reminder_note": "Według naszych danych faktura {number} z {date}, z terminem płatności {due}, nie została jeszcze opłacona. Prosimy o zapłatę {amount} do {pay_by}. Jeśli płatność została już dokonana, prosimy zignorować to przypomnienie.",
        "reminder_note_firm": "Mimo wcześniejszego przypomnienia faktura {number} z {date}, z terminem płatności {due}, pozostaje nieopłacona. Prosimy o zapłatę {amount} najpóźniej do {pay_by} lub o niezwłoczny kontakt.",
        "mail_subject": "{title} {number} od {business}",
        "mail_body": "Dzień dobry,\n\nw załączniku przesyłamy {document} z {date} na kwotę {total}.{payment}\n\nZ poważaniem\n{business}\n",
        "mail_payment": " Prosimy o zapłatę do {due}.",
        "reminder_date": "Data",
        "pay_by": "Zapłata do",
        "reminder_paid": "{total}, z czego zapłacono {paid}",
        "reminder_payment": "Płatność z {date}",
        "reminder_credit": "Faktura korygująca {number} z {date}",
        "reminder_refund": "Zwrot z {date}",
        "reminder_interest_earlier": "Odsetki z wcześniejszych upomnień",
        "mail_balance": " Z tej kwoty pozostaje do zapłaty {amount}; prosimy o zapłatę do {due}.",
        "statement": "Wyciąg z konta",
        "statement_note": "Stan Państwa konta na {date}. Prosimy o zapłatę {amount} do {pay_by}. Płatności po {date} nie są uwzględnione.",
        "statement_note_owed": "Stan Państwa konta na {date}: jesteśmy Państwu winni {amount} i zwrócimy tę kwotę.",
        "statement_note_settled": "Stan Państwa konta na {date}: nic nie jest otwarte. Dziękujemy.",
        "stamp_copy": "Kopia",
        "stamp_credited": "Skorygowana",
        "copy_note": "Kopia z {date}, nie oryginał dokumentu",
        "copy_note_due": "Kopia z {date}, nie oryginał dokumentu: pozostaje {amount}",
        "view_legal_note": "Podgląd e-faktury {file} utworzony przez invoic: fakturą jest sama e-faktura.",
        "view_findings_count": "Naruszone reguły EN 16931: {count} (zob. ustalenia na końcu).",
        "view_due_stated": "Dostawca żąda {stated}; kwoty samego dokumentu dają {computed}.",
        "view_no_lines": "Ta e-faktura nie ma pozycji (profil {profile}).",
        "view_about": "O tej e-fakturze",
        "view_format": "Format",
        "view_references": "Odniesienia",
        "view_tax_breakdown": "Zestawienie VAT",
        "view_category": "Kategoria",
        "view_taxable": "Podstawa opodatkowania",
        "view_exemption": "Przyczyna zwolnienia",
        "view_attachments": "Załączniki",
        "view_findings": "Ustalenia (reguły EN 16931)",
        "view_no_findings": "Brak: e-faktura spełnia każdą sprawdzoną regułę.",
        "view_payment_reference": "Tytuł płatności",
        "view_terms": "Warunki płatności",
        "view_legal_id": "Numer rejestrowy",
        "view_electronic_address": "Adres elektroniczny",
        "view_tax_number": "Numer podatkowy",
        "view_project_reference": "Odniesienie do projektu",
        "view_corrects": "Koryguje fakturę {number}",
        "view_currency": "Waluta",
        "view_lines": "Pozycje",
        "view_net": "Razem bez VAT",
        "view_means": "Forma płatności",
        "view_allowances_charges": "Rabaty i opłaty",
        "view_contact": "Kontakt",
        "view_third_party": "Płatności na rzecz osób trzecich",
    ]

    private static let labels17: [String: String] = [
        "invoice": "Faktura",
        "estimate": "Offert",
        "bill_to": "Faktureras till",
        "from": "Från",
        "issue_date": "Fakturadatum",
        "due_date": "Förfallodatum",
        "valid_until": "Giltig till",
        "delivery_date": "Leveransdatum",
        "description": "Beskrivning",
        "quantity": "Antal",
        "rate": "À-pris",
        "amount": "Belopp",
        "subtotal": "Delsumma",
        "discount": "Rabatt",
        "tax": "Moms",
        "total": "Totalt",
        "paid": "Betalt",
        "amount_due": "Att betala",
        "payment_details": "Betalningsuppgifter",
        "beneficiary": "Mottagare",
        "bank": "Bank",
        "account": "Konto",
        "bic": "BIC",
        "tax_id": "Momsreg.nr",
        "project": "Projekt",
        "notes": "Anteckningar",
        "page": "Sida {page} av {pages}",
        "converted_from": "Från offert {number}",
        "void_reason": "Makulerad: {reason}",
        "stamp_paid": "Betald",
        "stamp_void": "Makulerad",
        "stamp_accepted": "Accepterad",
        "stamp_declined": "Avböjd",
        "estimate_for": "Offert till",
        "estimate_date": "Offertdatum",
        "tax_zero": "nollskattesats",
        "tax_exempt": "undantaget",
        "tax_reverse_charge": "omvänd betalningsskyldighet",
        "tax_intra_eu": "gemenskapsintern leverans",
        "tax_export": "export",
        "tax_outside_scope": "utanför momsen",
        "tax_total": "Total moms",
        "legal_reverse_charge": "Omvänd betalningsskyldighet: köparen redovisar momsen (art. 196 direktiv 2006/112/EG)",
        "legal_intra_eu": "Undantagen gemenskapsintern leverans (art. 138 direktiv 2006/112/EG)",
        "legal_export": "Export utanför EU, undantagen (art. 146 direktiv 2006/112/EG)",
        "legal_outside_scope": "Ej momspliktig",
        "pay_with_app": "Betala med din bankapp",
        "deliver_to": "Levererat till",
        "payment_direct_debit": "Autogiro från {iban}, medgivande {mandate}",
        "payment_card": "Betalt med kort som slutar på {card}",
        "prepayment_invoice": "Förskottsfaktura",
        "self_billed_invoice": "Självfakturering",
        "item_id": "Art.nr",
        "credit_note": "Kreditfaktura",
        "corrects_invoice": "Krediterar faktura {number} av den {date}",
        "credit_reason": "Orsak: {reason}",
        "refunded": "Återbetalt",
        "credit_remaining": "Återstående kredit",
        "prepaid": "Förskott",
        "rounding": "Öresavrundning",
        "allowance": "Avdrag",
        "charge": "Tillägg",
        "buyer_reference": "Er referens",
        "order": "Order",
        "contract": "Avtal",
        "period": "Period",
        "list_price": "Listpris",
        "reminder": "Betalningspåminnelse",
        "reminder_n": "Påminnelse {n}",
        "reminder_invoice": "Faktura {number} av {date}, förföll {due}",
        "reminder_fees_earlier": "Tidigare påminnelseavgifter",
        "reminder_fee": "Påminnelseavgift",
        "reminder_interest": "Dröjsmålsränta {rate} per år på {amount} i {days} dagar",
        "reminder_note": "Enligt våra noteringar har faktura {number} av {date}, som förföll {due}, ännu inte betalats. Vänligen betala {amount} senast {pay_by}. Om du redan har betalat kan du bortse från denna påminnelse.",
        "reminder_note_firm": "Trots vår tidigare påminnelse är faktura {number} av {date}, som förföll {due}, fortfarande obetald. Betala {amount} senast {pay_by} eller kontakta oss omgående.",
        "mail_subject": "{title} {number} från {business}",
        "mail_body": "Hej,\n\nhär kommer {document} daterad {date} på {total}.{payment}\n\nMed vänliga hälsningar\n{business}\n",
        "mail_payment": " Vänligen betala senast {due}.",
        "reminder_date": "Datum",
        "pay_by": "Betala senast",
        "reminder_paid": "{total}, varav {paid} betalt",
        "reminder_payment": "Betalning {date}",
        "reminder_credit": "Kreditfaktura {number} av {date}",
        "reminder_refund": "Återbetalning {date}",
        "reminder_interest_earlier": "Ränta från tidigare påminnelser",
        "mail_balance": " Av detta återstår {amount}; vänligen betala senast {due}.",
        "statement": "Kontoutdrag",
        "statement_note": "Ert konto per {date}. Vänligen betala {amount} senast {pay_by}. Betalningar efter {date} visas inte.",
        "statement_note_owed": "Ert konto per {date}: vi är skyldiga er {amount} och betalar tillbaka beloppet.",
        "statement_note_settled": "Ert konto per {date}: inget är öppet. Tack.",
        "stamp_copy": "Kopia",
        "stamp_credited": "Krediterad",
        "copy_note": "Kopia per {date}, inte originaldokumentet",
        "copy_note_due": "Kopia per {date}, inte originaldokumentet: {amount} återstår",
        "view_legal_note": "Visning av e-fakturan {file}, gjord av invoic: fakturan är e-fakturan själv.",
        "view_findings_count": "Brutna regler i EN 16931: {count} (se iakttagelserna i slutet).",
        "view_due_stated": "Leverantören begär {stated}; dokumentets egna belopp ger {computed}.",
        "view_no_lines": "Den här e-fakturan har inga rader (profil {profile}).",
        "view_about": "Om den här e-fakturan",
        "view_format": "Format",
        "view_references": "Referenser",
        "view_tax_breakdown": "Momsspecifikation",
        "view_category": "Kategori",
        "view_taxable": "Beskattningsunderlag",
        "view_exemption": "Skäl till undantag",
        "view_attachments": "Bilagor",
        "view_findings": "Iakttagelser (regler i EN 16931)",
        "view_no_findings": "Inga: e-fakturan följer varje kontrollerad regel.",
        "view_payment_reference": "Betalningsreferens",
        "view_terms": "Betalningsvillkor",
        "view_legal_id": "Registreringsnummer",
        "view_electronic_address": "Elektronisk adress",
        "view_tax_number": "Skattenummer",
        "view_project_reference": "Projektreferens",
        "view_corrects": "Korrigerar faktura {number}",
        "view_currency": "Valuta",
        "view_lines": "Rader",
        "view_net": "Summa exkl. moms",
        "view_means": "Betalningssätt",
        "view_allowances_charges": "Rabatter och avgifter",
        "view_contact": "Kontakt",
        "view_third_party": "Betalningar till tredje part",
    ]

    private static let labels18: [String: String] = [
        "invoice": "Faktura",
        "estimate": "Tilbud",
        "bill_to": "Faktureres til",
        "from": "Fra",
        "issue_date": "Fakturadato",
        "due_date": "Forfaldsdato",
        "valid_until": "Gyldigt til",
        "delivery_date": "Leveringsdato",
        "description": "Beskrivelse",
        "quantity": "Antal",
        "rate": "Pris",
        "amount": "Beløb",
        "subtotal": "Subtotal",
        "discount": "Rabat",
        "tax": "Moms",
        "total": "I alt",
        "paid": "Betalt",
        "amount_due": "Til betaling",
        "payment_details": "Betalingsoplysninger",
        "beneficiary": "Modtager",
        "bank": "Bank",
        "account": "Konto",
        "bic": "BIC",
        "tax_id": "CVR-nr.",
        "project": "Projekt",
        "notes": "Bemærkninger",
        "page": "Side {page} af {pages}",
        "converted_from": "Fra tilbud {number}",
        "void_reason": "Annulleret: {reason}",
        "stamp_paid": "Betalt",
        "stamp_void": "Annulleret",
        "stamp_accepted": "Accepteret",
        "stamp_declined": "Afvist",
        "estimate_for": "Tilbud til",
        "estimate_date": "Tilbudsdato",
        "tax_zero": "nulsats",
        "tax_exempt": "momsfritaget",
        "tax_reverse_charge": "omvendt betalingspligt",
        "tax_intra_eu": "levering inden for EU",
        "tax_export": "eksport",
        "tax_outside_scope": "uden for momsen",
        "tax_total": "Moms i alt",
        "legal_reverse_charge": "Omvendt betalingspligt: køber afregner momsen (art. 196 i direktiv 2006/112/EF)",
        "legal_intra_eu": "Momsfri levering inden for EU (art. 138 i direktiv 2006/112/EF)",
        "legal_export": "Eksport uden for EU, momsfri (art. 146 i direktiv 2006/112/EF)",
        "legal_outside_scope": "Ikke momspligtig",
        "pay_with_app": "Betal med din bankapp",
        "deliver_to": "Leveret til",
        "payment_direct_debit": "Betalingsservice fra {iban}, mandat {mandate}",
        "payment_card": "Betalt med kort, der ender på {card}",
        "prepayment_invoice": "Acontofaktura",
        "self_billed_invoice": "Selvfakturering",
        "item_id": "Varenr.",
        "credit_note": "Kreditnota",
        "corrects_invoice": "Krediterer faktura {number} af {date}",
        "credit_reason": "Årsag: {reason}",
        "refunded": "Tilbagebetalt",
        "credit_remaining": "Resterende kredit",
        "prepaid": "Forudbetalt",
        "rounding": "Afrunding",
        "allowance": "Fradrag",
        "charge": "Tillæg",
        "buyer_reference": "Jeres reference",
        "order": "Ordre",
        "contract": "Kontrakt",
        "period": "Periode",
        "list_price": "Listepris",
        "reminder": "Betalingspåmindelse",
        "reminder_n": "Rykker {n}",
        "reminder_invoice": "Faktura {number} af {date}, forfaldt {due}",
        "reminder_fees_earlier": "Tidligere rykkergebyrer",
        "reminder_fee": "Rykkergebyr",
        "reminder_interest": "Morarenter {rate} p.a. af {amount} i {days} dage",
        "reminder_note": "Ifølge vores optegnelser er faktura {number} af {date}, som forfaldt {due}, endnu ikke betalt. Venligst betal {amount} senest {pay_by}. Har du allerede betalt, bedes du se bort fra denne påmindelse.",
        "reminder_note_firm": "Trods vores tidligere påmindelse er faktura {number} af {date}, som forfaldt {due}, stadig ubetalt. Betal venligst {amount} senest {pay_by}, eller kontakt os straks.",
        "mail_subject": "{title} {number} fra {business}",
        "mail_body": "Hej,\n\nvedhæftet finder du {document} af {date} på {total}.{payment}\n\nMed venlig hilsen\n{business}\n",
        "mail_payment": " Betal venligst senest {due}.",
        "reminder_date": "Dato",
        "pay_by": "Betal senest",
        "reminder_paid": "{total}, heraf {paid} betalt",
        "reminder_payment": "Betaling {date}",
        "reminder_credit": "Kreditnota {number} af {date}",
        "reminder_refund": "Tilbagebetaling {date}",
        "reminder_interest_earlier": "Renter fra tidligere rykkere",
        "mail_balance": " Heraf mangler stadig {amount}; betal venligst senest {due}.",
        "statement": "Kontoudtog",
        "statement_note": "Jeres konto pr. {date}. Betal venligst {amount} senest {pay_by}. Betalinger efter {date} er ikke medtaget.",
        "statement_note_owed": "Jeres konto pr. {date}: vi skylder jer {amount} og betaler beløbet tilbage.",
        "statement_note_settled": "Jeres konto pr. {date}: intet er åbent. Tak.",
        "stamp_copy": "Kopi",
        "stamp_credited": "Krediteret",
        "copy_note": "Kopi pr. {date}, ikke det originale dokument",
        "copy_note_due": "Kopi pr. {date}, ikke det originale dokument: {amount} mangler",
        "view_legal_note": "Visning af e-fakturaen {file}, lavet af invoic: fakturaen er selve e-fakturaen.",
        "view_findings_count": "Brudte regler i EN 16931: {count} (se fundene til sidst).",
        "view_due_stated": "Leverandøren beder om {stated}; dokumentets egne beløb giver {computed}.",
        "view_no_lines": "Denne e-faktura har ingen linjer (profil {profile}).",
        "view_about": "Om denne e-faktura",
        "view_format": "Format",
        "view_references": "Referencer",
        "view_tax_breakdown": "Momsspecifikation",
        "view_category": "Kategori",
        "view_taxable": "Momsgrundlag",
        "view_exemption": "Fritagelsesgrund",
        "view_attachments": "Bilag",
        "view_findings": "Fund (regler i EN 16931)",
        "view_no_findings": "Ingen: e-fakturaen overholder alle kontrollerede regler.",
        "view_payment_reference": "Betalingsreference",
        "view_terms": "Betalingsbetingelser",
        "view_legal_id": "Registreringsnummer",
        "view_electronic_address": "Elektronisk adresse",
        "view_tax_number": "Skattenummer",
        "view_project_reference": "Projektreference",
        "view_corrects": "Korrigerer faktura {number}",
        "view_currency": "Valuta",
        "view_lines": "Linjer",
        "view_net": "I alt ekskl. moms",
        "view_means": "Betalingsmåde",
        "view_allowances_charges": "Rabatter og gebyrer",
        "view_contact": "Kontakt",
        "view_third_party": "Betalinger til tredjepart",
    ]

    private static let labels19: [String: String] = [
        "invoice": "Faktura",
        "estimate": "Tilbud",
        "bill_to": "Faktureres til",
        "from": "Fra",
        "issue_date": "Fakturadato",
        "due_date": "Forfallsdato",
        "valid_until": "Gyldig til",
        "delivery_date": "Leveringsdato",
        "description": "Beskrivelse",
        "quantity": "Antall",
        "rate": "Pris",
        "amount": "Beløp",
        "subtotal": "Delsum",
        "discount": "Rabatt",
        "tax": "MVA",
        "total": "Totalt",
        "paid": "Betalt",
        "amount_due": "Å betale",
        "payment_details": "Betalingsinformasjon",
        "beneficiary": "Mottaker",
        "bank": "Bank",
        "account": "Kontonummer",
        "bic": "BIC",
        "tax_id": "Org.nr.",
        "project": "Prosjekt",
        "notes": "Merknader",
        "page": "Side {page} av {pages}",
        "converted_from": "Fra tilbud {number}",
        "void_reason": "Annullert: {reason}",
        "stamp_paid": "Betalt",
        "stamp_void": "Annullert",
        "stamp_accepted": "Akseptert",
        "stamp_declined": "Avslått",
        "estimate_for": "Tilbud til",
        "estimate_date": "Tilbudsdato",
        "tax_zero": "nullsats",
        "tax_exempt": "fritatt",
        "tax_reverse_charge": "omvendt avgiftsplikt",
        "tax_intra_eu": "levering innen EU",
        "tax_export": "eksport",
        "tax_outside_scope": "utenfor MVA",
        "tax_total": "Sum MVA",
        "legal_reverse_charge": "Omvendt avgiftsplikt: kjøper beregner merverdiavgiften (art. 196 direktiv 2006/112/EF)",
        "legal_intra_eu": "Avgiftsfri levering innen EU (art. 138 direktiv 2006/112/EF)",
        "legal_export": "Eksport ut av EU, fritatt (art. 146 direktiv 2006/112/EF)",
        "legal_outside_scope": "Ikke avgiftspliktig",
        "pay_with_app": "Betal med bankappen din",
        "deliver_to": "Levert til",
        "payment_direct_debit": "AvtaleGiro fra {iban}, fullmakt {mandate}",
        "payment_card": "Betalt med kort som slutter på {card}",
        "prepayment_invoice": "Forskuddsfaktura",
        "self_billed_invoice": "Selvfakturering",
        "item_id": "Varenr.",
        "credit_note": "Kreditnota",
        "corrects_invoice": "Krediterer faktura {number} av {date}",
        "credit_reason": "Årsak: {reason}",
        "refunded": "Tilbakebetalt",
        "credit_remaining": "Gjenstående kreditt",
        "prepaid": "Forskudd",
        "rounding": "Øreavrunding",
        "allowance": "Fradrag",
        "charge": "Tillegg",
        "buyer_reference": "Deres referanse",
        "order": "Ordre",
        "contract": "Kontrakt",
        "period": "Periode",
        "list_price": "Listepris",
        "reminder": "Betalingspåminnelse",
        "reminder_n": "Purring {n}",
        "reminder_invoice": "Faktura {number} av {date}, forfalt {due}",
        "reminder_fees_earlier": "Tidligere purregebyr",
        "reminder_fee": "Purregebyr",
        "reminder_interest": "Forsinkelsesrente {rate} p.a. av {amount} i {days} dager",
        "reminder_note": "Ifølge våre opplysninger er faktura {number} av {date}, som forfalt {due}, ennå ikke betalt. Vennligst betal {amount} innen {pay_by}. Har du allerede betalt, kan du se bort fra denne påminnelsen.",
        "reminder_note_firm": "Til tross for vår tidligere påminnelse er faktura {number} av {date}, som forfalt {due}, fortsatt ubetalt. Vennligst betal {amount} innen {pay_by}, eller kontakt oss umiddelbart.",
        "mail_subject": "{title} {number} fra {business}",
        "mail_body": "Hei,\n\nvedlagt følger {document} av {date} på {total}.{payment}\n\nMed vennlig hilsen\n{business}\n",
        "mail_payment": " Vennligst betal innen {due}.",
        "reminder_date": "Dato",
        "pay_by": "Betal innen",
        "reminder_paid": "{total}, hvorav {paid} betalt",
        "reminder_payment": "Betaling {date}",
        "reminder_credit": "Kreditnota {number} av {date}",
        "reminder_refund": "Tilbakebetaling {date}",
        "reminder_interest_earlier": "Renter fra tidligere purringer",
        "mail_balance": " Av dette gjenstår {amount}; vennligst betal innen {due}.",
        "statement": "Kontoutskrift",
        "statement_note": "Deres konto per {date}. Vennligst betal {amount} innen {pay_by}. Betalinger etter {date} vises ikke.",
        "statement_note_owed": "Deres konto per {date}: vi skylder dere {amount} og betaler beløpet tilbake.",
        "statement_note_settled": "Deres konto per {date}: ingenting er åpent. Takk.",
        "stamp_copy": "Kopi",
        "stamp_credited": "Kreditert",
        "copy_note": "Kopi per {date}, ikke originaldokumentet",
        "copy_note_due": "Kopi per {date}, ikke originaldokumentet: {amount} gjenstår",
        "view_legal_note": "Visning av e-fakturaen {file}, laget av invoic: fakturaen er selve e-fakturaen.",
        "view_findings_count": "Brutte regler i EN 16931: {count} (se funnene til slutt).",
        "view_due_stated": "Leverandøren ber om {stated}; dokumentets egne beløp gir {computed}.",
        "view_no_lines": "Denne e-fakturaen har ingen linjer (profil {profile}).",
        "view_about": "Om denne e-fakturaen",
        "view_format": "Format",
        "view_references": "Referanser",
        "view_tax_breakdown": "Mva-spesifikasjon",
        "view_category": "Kategori",
        "view_taxable": "Grunnlag",
        "view_exemption": "Fritaksgrunn",
        "view_attachments": "Vedlegg",
        "view_findings": "Funn (regler i EN 16931)",
        "view_no_findings": "Ingen: e-fakturaen følger hver kontrollerte regel.",
        "view_payment_reference": "Betalingsreferanse",
        "view_terms": "Betalingsbetingelser",
        "view_legal_id": "Organisasjonsnummer",
        "view_electronic_address": "Elektronisk adresse",
        "view_tax_number": "Skattenummer",
        "view_project_reference": "Prosjektreferanse",
        "view_corrects": "Korrigerer faktura {number}",
        "view_currency": "Valuta",
        "view_lines": "Linjer",
        "view_net": "Sum ekskl. mva.",
        "view_means": "Betalingsmåte",
        "view_allowances_charges": "Rabatter og gebyrer",
        "view_contact": "Kontakt",
        "view_third_party": "Betalinger til tredjepart",
    ]

    private static let labels20: [String: String] = [
        "invoice": "Lasku",
        "estimate": "Tarjous",
        "bill_to": "Laskutetaan",
        "from": "Lähettäjä",
        "issue_date": "Laskun päiväys",
        "due_date": "Eräpäivä",
        "valid_until": "Voimassa",
        "delivery_date": "Toimituspäivä",
        "description": "Kuvaus",
        "quantity": "Määrä",
        "rate": "À-hinta",
        "amount": "Summa",
        "subtotal": "Välisumma",
        "discount": "Alennus",
        "tax": "ALV",
        "total": "Yhteensä",
        "paid": "Maksettu",
        "amount_due": "Maksettavaa",
        "payment_details": "Maksutiedot",
        "beneficiary": "Saaja",
        "bank": "Pankki",
        "account": "Tilinumero",
        "bic": "BIC",
        "tax_id": "Y-tunnus",
        "project": "Projekti",
        "notes": "Lisätiedot",
        "page": "Sivu {page}/{pages}",
        "converted_from": "Tarjouksesta {number}",
        "void_reason": "Mitätöity: {reason}",
        "stamp_paid": "Maksettu",
        "stamp_void": "Mitätöity",
        "stamp_accepted": "Hyväksytty",
        "stamp_declined": "Hylätty",
        "estimate_for": "Tarjouksen saaja",
        "estimate_date": "Tarjouspäivä",
        "tax_zero": "nollaverokanta",
        "tax_exempt": "veroton",
        "tax_reverse_charge": "käännetty verovelvollisuus",
        "tax_intra_eu": "yhteisömyynti",
        "tax_export": "vienti",
        "tax_outside_scope": "arvonlisäveron ulkopuolella",
        "tax_total": "ALV yhteensä",
        "legal_reverse_charge": "Käännetty verovelvollisuus: ostaja suorittaa arvonlisäveron (direktiivin 2006/112/EY 196 artikla)",
        "legal_intra_eu": "Veroton yhteisömyynti (direktiivin 2006/112/EY 138 artikla)",
        "legal_export": "Vienti EU:n ulkopuolelle, veroton (direktiivin 2006/112/EY 146 artikla)",
        "legal_outside_scope": "Ei arvonlisäverollinen",
        "pay_with_app": "Maksa pankkisovelluksella",
        "deliver_to": "Toimitusosoite",
        "payment_direct_debit": "Suoraveloitus tililtä {iban}, valtuutus {mandate}",
        "payment_card": "Maksettu kortilla, joka päättyy {card}",
        "prepayment_invoice": "Ennakkolasku",
        "self_billed_invoice": "Itselaskutus",
        "item_id": "Tuotenro",
        "credit_note": "Hyvityslasku",
        "corrects_invoice": "Hyvittää laskun {number} ({date})",
        "credit_reason": "Syy: {reason}",
        "refunded": "Palautettu",
        "credit_remaining": "Jäljellä oleva hyvitys",
        "prepaid": "Ennakkomaksu",
        "rounding": "Pyöristys",
        "allowance": "Hyvitys",
        "charge": "Lisämaksu",
        "buyer_reference": "Viitteenne",
        "order": "Tilaus",
        "contract": "Sopimus",
        "period": "Jakso",
        "list_price": "Listahinta",
        "reminder": "Maksumuistutus",
        "reminder_n": "Maksukehotus {n}",
        "reminder_invoice": "Lasku {number} ({date}), eräpäivä {due}",
        "reminder_fees_earlier": "Aiemmat muistutusmaksut",
        "reminder_fee": "Muistutusmaksu",
        "reminder_interest": "Viivästyskorko {rate} vuodessa summalle {amount}, {days} päivää",
        "reminder_note": "Kirjanpitomme mukaan lasku {number} ({date}), eräpäivä {due}, on vielä maksamatta. Pyydämme maksamaan {amount} viimeistään {pay_by}. Jos olet jo maksanut, tämä muistutus on aiheeton.",
        "reminder_note_firm": "Aiemmasta muistutuksestamme huolimatta lasku {number} ({date}), eräpäivä {due}, on edelleen maksamatta. Maksakaa {amount} viimeistään {pay_by} tai ottakaa meihin heti yhteyttä.",
        "mail_subject": "{title} {number} – {business}",
        "mail_body": "Hei,\n\nliitteenä {document}, päiväys {date}, summa {total}.{payment}\n\nYstävällisin terveisin\n{business}\n",
        "mail_payment": " Pyydämme maksamaan viimeistään {due}.",
        "reminder_date": "Päiväys",
        "pay_by": "Maksettava viimeistään",
        "reminder_paid": "{total}, josta maksettu {paid}",
        "reminder_payment": "Maksu {date}",
        "reminder_credit": "Hyvityslasku {number}, {date}",
        "reminder_refund": "Palautus {date}",
        "reminder_interest_earlier": "Aiempien muistutusten korot",
        "mail_balance": " Tästä on vielä maksamatta {amount}; maksathan sen viimeistään {due}.",
        "statement": "Tiliote",
        "statement_note": "Tilinne {date}. Maksathan {amount} viimeistään {pay_by}. Päivän {date} jälkeisiä maksuja ei näytetä.",
        "statement_note_owed": "Tilinne {date}: olemme teille velkaa {amount} ja palautamme sen.",
        "statement_note_settled": "Tilinne {date}: mitään ei ole avoinna. Kiitos.",
        "stamp_copy": "Kopio",
        "stamp_credited": "Hyvitetty",
        "copy_note": "Kopio {date}, ei alkuperäinen asiakirja",
        "copy_note_due": "Kopio {date}, ei alkuperäinen asiakirja: {amount} maksamatta",
        "view_legal_note": "Näkymä verkkolaskusta {file}, tehnyt invoic: lasku on itse verkkolasku.",
        "view_findings_count": "Rikotut EN 16931 -säännöt: {count} (katso havainnot lopussa).",
        "view_due_stated": "Toimittaja pyytää {stated}; asiakirjan omat luvut antavat {computed}.",
        "view_no_lines": "Tässä verkkolaskussa ei ole rivejä (profiili {profile}).",
        "view_about": "Tietoja tästä verkkolaskusta",
        "view_format": "Muoto",
        "view_references": "Viitteet",
        "view_tax_breakdown": "Arvonlisäverierittely",
        "view_category": "Luokka",
        "view_taxable": "Veron peruste",
        "view_exemption": "Verottomuuden syy",
        "view_attachments": "Liitteet",
        "view_findings": "Havainnot (EN 16931 -säännöt)",
        "view_no_findings": "Ei yhtään: verkkolasku noudattaa jokaista tarkistettua sääntöä.",
        "view_payment_reference": "Maksuviite",
        "view_terms": "Maksuehdot",
        "view_legal_id": "Rekisterinumero",
        "view_electronic_address": "Sähköinen osoite",
        "view_tax_number": "Verotunniste",
        "view_project_reference": "Projektiviite",
        "view_corrects": "Korjaa laskun {number}",
        "view_currency": "Valuutta",
        "view_lines": "Rivit",
        "view_net": "Yhteensä ilman ALV:tä",
        "view_means": "Maksutapa",
        "view_allowances_charges": "Alennukset ja lisät",
        "view_contact": "Yhteyshenkilö",
        "view_third_party": "Maksut kolmansille osapuolille",
    ]

    private static let labels21: [String: String] = [
        "invoice": "Faktura",
        "estimate": "Nabídka",
        "bill_to": "Odběratel",
        "from": "Dodavatel",
        "issue_date": "Datum vystavení",
        "due_date": "Datum splatnosti",
        "valid_until": "Platnost do",
        "delivery_date": "Datum plnění",
        "description": "Popis",
        "quantity": "Množství",
        "rate": "Jedn. cena",
        "amount": "Částka",
        "subtotal": "Mezisoučet",
        "discount": "Sleva",
        "tax": "DPH",
        "total": "Celkem",
        "paid": "Zaplaceno",
        "amount_due": "K úhradě",
        "payment_details": "Platební údaje",
        "beneficiary": "Příjemce",
        "bank": "Banka",
        "account": "Číslo účtu",
        "bic": "BIC",
        "tax_id": "DIČ",
        "project": "Projekt",
        "notes": "Poznámky",
        "page": "Strana {page} z {pages}",
        "converted_from": "Na základě nabídky {number}",
        "void_reason": "Stornováno: {reason}",
        "stamp_paid": "Zaplaceno",
        "stamp_void": "Stornováno",
        "stamp_accepted": "Přijato",
        "stamp_declined": "Odmítnuto",
        "estimate_for": "Nabídka pro",
        "estimate_date": "Datum nabídky",
        "tax_zero": "nulová sazba",
        "tax_exempt": "osvobozeno",
        "tax_reverse_charge": "přenesená daňová povinnost",
        "tax_intra_eu": "dodání do jiného členského státu",
        "tax_export": "vývoz",
        "tax_outside_scope": "nepodléhá DPH",
        "tax_total": "DPH celkem",
        "legal_reverse_charge": "Přenesená daňová povinnost: daň odvede zákazník (čl. 196 směrnice 2006/112/ES)",
        "legal_intra_eu": "Osvobozené dodání zboží do jiného členského státu (čl. 138 směrnice 2006/112/ES)",
        "legal_export": "Vývoz mimo EU, osvobozeno (čl. 146 směrnice 2006/112/ES)",
        "legal_outside_scope": "Plnění nepodléhá DPH",
        "pay_with_app": "Zaplaťte v bankovní aplikaci",
        "deliver_to": "Dodáno na",
        "payment_direct_debit": "Inkaso z účtu {iban}, mandát {mandate}",
        "payment_card": "Zaplaceno kartou končící na {card}",
        "prepayment_invoice": "Zálohová faktura",
        "self_billed_invoice": "Samofakturace",
        "item_id": "Kód zboží",
        "credit_note": "Opravný daňový doklad",
        "corrects_invoice": "Opravuje fakturu {number} ze dne {date}",
        "credit_reason": "Důvod opravy: {reason}",
        "refunded": "Vráceno",
        "credit_remaining": "Zbývá vrátit",
        "prepaid": "Zaplacená záloha",
        "rounding": "Zaokrouhlení",
        "allowance": "Sleva",
        "charge": "Příplatek",
        "buyer_reference": "Vaše značka",
        "order": "Objednávka",
        "contract": "Smlouva",
        "period": "Období",
        "list_price": "Ceníková cena",
        "reminder": "Upomínka",
        "reminder_n": "{n}. upomínka",
        "reminder_invoice": "Faktura {number} ze dne {date}, splatná {due}",
        "reminder_fees_earlier": "Dřívější poplatky za upomínky",
        "reminder_fee": "Poplatek za upomínku",
        "reminder_interest": "Úrok z prodlení {rate} ročně z {amount} za {days} dní",
        "reminder_note": "Podle našich záznamů nebyla faktura {number} ze dne {date}, splatná {due}, dosud uhrazena. Prosíme o úhradu {amount} do {pay_by}. Pokud jste mezitím zaplatili, považujte prosím tuto upomínku za bezpředmětnou.",
        "reminder_note_firm": "Přes naši předchozí upomínku zůstává faktura {number} ze dne {date}, splatná {due}, neuhrazena. Uhraďte prosím {amount} nejpozději do {pay_by}, nebo nás neprodleně kontaktujte.",
        "mail_subject": "{title} {number} od {business}",
        "mail_body": "Dobrý den,\n\nv příloze zasíláme {document} ze dne {date} na částku {total}.{payment}\n\nS pozdravem\n{business}\n",
        "mail_payment": " Prosíme o úhradu do {due}.",
        "reminder_date": "Datum",
        "pay_by": "Uhradit do",
        "reminder_paid": "{total}, z toho zaplaceno {paid}",
        "reminder_payment": "Platba ze dne {date}",
        "reminder_credit": "Dobropis {number} ze dne {date}",
        "reminder_refund": "Vrácení ze dne {date}",
        "reminder_interest_earlier": "Úroky z dřívějších upomínek",
        "mail_balance": " Z toho zbývá uhradit {amount}; prosíme o úhradu do {due}.",
        "statement": "Výpis z účtu",
        "statement_note": "Váš účet ke dni {date}. Prosíme o úhradu {amount} do {pay_by}. Platby po {date} nejsou uvedeny.",
        "statement_note_owed": "Váš účet ke dni {date}: dlužíme vám {amount} a částku vám vrátíme.",
        "statement_note_settled": "Váš účet ke dni {date}: nic není otevřené. Děkujeme.",
        "stamp_copy": "Kopie",
        "stamp_credited": "Dobropisováno",
        "copy_note": "Kopie ke dni {date}, nikoli originál dokladu",
        "copy_note_due": "Kopie ke dni {date}, nikoli originál dokladu: zbývá {amount}",
        "view_legal_note": "Zobrazení e-faktury {file} vytvořené programem invoic: fakturou je samotná e-faktura.",
        "view_findings_count": "Porušená pravidla EN 16931: {count} (viz zjištění na konci).",
        "view_due_stated": "Dodavatel žádá {stated}; částky samotného dokladu dávají {computed}.",
        "view_no_lines": "Tato e-faktura nemá žádné položky (profil {profile}).",
        "view_about": "O této e-faktuře",
        "view_format": "Formát",
        "view_references": "Odkazy",
        "view_tax_breakdown": "Rozpis DPH",
        "view_category": "Kategorie",
        "view_taxable": "Základ daně",
        "view_exemption": "Důvod osvobození",
        "view_attachments": "Přílohy",
        "view_findings": "Zjištění (pravidla EN 16931)",
        "view_no_findings": "Žádná: e-faktura dodržuje každé kontrolované pravidlo.",
        "view_payment_reference": "Platební reference",
        "view_terms": "Platební podmínky",
        "view_legal_id": "Registrační číslo",
        "view_electronic_address": "Elektronická adresa",
        "view_tax_number": "Daňové číslo",
        "view_project_reference": "Odkaz na projekt",
        "view_corrects": "Opravuje fakturu {number}",
        "view_currency": "Měna",
        "view_lines": "Položky",
        "view_net": "Celkem bez DPH",
        "view_means": "Způsob platby",
        "view_allowances_charges": "Slevy a přirážky",
        "view_contact": "Kontakt",
        "view_third_party": "Platby třetím stranám",
    ]

    private static let labels22: [String: String] = [
        "invoice": "請求書",
        "estimate": "見積書",
        "bill_to": "請求先",
        "from": "発行元",
        "issue_date": "請求日",
        "due_date": "お支払期限",
        "valid_until": "有効期限",
        "delivery_date": "納品日",
        "description": "品目",
        "quantity": "数量",
        "rate": "単価",
        "amount": "金額",
        "subtotal": "小計",
        "discount": "値引き",
        "tax": "消費税",
        "total": "合計",
        "paid": "お支払済",
        "amount_due": "ご請求残高",
        "payment_details": "お振込先",
        "beneficiary": "口座名義",
        "bank": "銀行",
        "account": "口座番号",
        "bic": "SWIFT/BIC",
        "tax_id": "登録番号",
        "project": "件名",
        "notes": "備考",
        "page": "{page} / {pages} ページ",
        "converted_from": "見積書 {number} より",
        "void_reason": "取消: {reason}",
        "stamp_paid": "支払済",
        "stamp_void": "取消",
        "stamp_accepted": "承認済",
        "stamp_declined": "辞退",
        "estimate_for": "見積先",
        "estimate_date": "見積日",
        "tax_zero": "ゼロ税率",
        "tax_exempt": "非課税",
        "tax_reverse_charge": "リバースチャージ",
        "tax_intra_eu": "EU域内供給",
        "tax_export": "輸出免税",
        "tax_outside_scope": "不課税",
        "tax_total": "税額合計",
        "legal_reverse_charge": "リバースチャージ：付加価値税は受領者が納付（指令2006/112/EC第196条）",
        "legal_intra_eu": "EU域内供給のため免税（指令2006/112/EC第138条）",
        "legal_export": "EU域外への輸出のため免税（指令2006/112/EC第146条）",
        "legal_outside_scope": "付加価値税の課税対象外",
        "pay_with_app": "銀行アプリでお支払いください",
        "deliver_to": "納品先",
        "payment_direct_debit": "口座振替 {iban}（委任 {mandate}）",
        "payment_card": "末尾 {card} のカードで支払済み",
        "prepayment_invoice": "前払請求書",
        "self_billed_invoice": "自己請求書",
        "item_id": "品番",
        "credit_note": "クレジットノート",
        "corrects_invoice": "請求書 {number}（{date}）の訂正",
        "credit_reason": "理由：{reason}",
        "refunded": "返金済み",
        "credit_remaining": "残りのクレジット",
        "prepaid": "前受金",
        "rounding": "端数調整",
        "allowance": "値引",
        "charge": "追加料金",
        "buyer_reference": "御社参照番号",
        "order": "注文番号",
        "contract": "契約番号",
        "period": "対象期間",
        "list_price": "定価",
        "reminder": "お支払いのお願い",
        "reminder_n": "督促状（第{n}回）",
        "reminder_invoice": "請求書 {number}（{date}発行、支払期限 {due}）",
        "reminder_fees_earlier": "過去の督促手数料",
        "reminder_fee": "督促手数料",
        "reminder_interest": "遅延損害金 年{rate}（{amount}、{days}日分）",
        "reminder_note": "{date}発行の請求書 {number}（支払期限 {due}）のお支払いを確認できておりません。{pay_by}までに{amount}をお支払いください。既にお支払いいただいている場合は、本状は破棄してください。",
        "reminder_note_firm": "先日のご案内にもかかわらず、{date}発行の請求書 {number}（支払期限 {due}）は未払いのままです。{pay_by}までに{amount}をお支払いいただくか、至急ご連絡ください。",
        "mail_subject": "{title} {number}（{business}）",
        "mail_body": "いつもお世話になっております。\n\n{date}付けの{document}（{total}）を添付にてお送りします。{payment}\n\nよろしくお願いいたします。\n{business}\n",
        "mail_payment": "{due}までにお支払いください。",
        "reminder_date": "日付",
        "pay_by": "お支払期限",
        "reminder_paid": "{total}（うち{paid}入金済み）",
        "reminder_payment": "{date}の入金",
        "reminder_credit": "{date}付け貸方票{number}",
        "reminder_refund": "{date}の返金",
        "reminder_interest_earlier": "過去の督促の利息",
        "mail_balance": "うち{amount}が未払いです。{due}までにお支払いください。",
        "statement": "取引残高明細書",
        "statement_note": "{date}現在のお取引残高です。{pay_by}までに{amount}をお支払いください。{date}以降のお支払いは反映されていません。",
        "statement_note_owed": "{date}現在のお取引残高：当社は{amount}をお返しいたします。",
        "statement_note_settled": "{date}現在のお取引残高：未決済のものはありません。ありがとうございます。",
        "stamp_copy": "控え",
        "stamp_credited": "貸方処理済み",
        "copy_note": "{date}時点の控え（原本ではありません）",
        "copy_note_due": "{date}時点の控え（原本ではありません）：未払い{amount}",
        "view_legal_note": "invoicが作成した電子請求書{file}の表示です。請求書は電子請求書そのものです。",
        "view_findings_count": "この電子請求書はEN 16931の規則に{count}件違反しています。末尾の指摘事項をご覧ください。",
        "view_due_stated": "供給者の請求額は{stated}ですが、文書自身の金額からは{computed}になります。",
        "view_no_lines": "この電子請求書には明細行がありません（{profile}プロファイル）。",
        "view_about": "この電子請求書について",
        "view_format": "形式",
        "view_references": "参照",
        "view_tax_breakdown": "消費税の内訳",
        "view_category": "区分",
        "view_taxable": "課税標準額",
        "view_exemption": "免税理由",
        "view_attachments": "添付ファイル",
        "view_findings": "指摘事項（EN 16931の規則）",
        "view_no_findings": "なし：電子請求書は確認したすべての規則を満たしています。",
        "view_payment_reference": "支払参照",
        "view_terms": "支払条件",
        "view_legal_id": "登記番号",
        "view_electronic_address": "電子アドレス",
        "view_tax_number": "税務番号",
        "view_project_reference": "プロジェクト参照",
        "view_corrects": "請求書{number}を訂正",
        "view_currency": "通貨",
        "view_lines": "明細",
        "view_net": "税抜合計",
        "view_means": "支払方法",
        "view_allowances_charges": "値引きと追加料金",
        "view_contact": "担当者",
        "view_third_party": "第三者への支払",
    ]

    private static let labels23: [String: String] = [
        "invoice": "发票",
        "estimate": "报价单",
        "bill_to": "客户",
        "from": "开票方",
        "issue_date": "开票日期",
        "due_date": "付款截止日",
        "valid_until": "有效期至",
        "delivery_date": "交付日期",
        "description": "描述",
        "quantity": "数量",
        "rate": "单价",
        "amount": "金额",
        "subtotal": "小计",
        "discount": "折扣",
        "tax": "税",
        "total": "合计",
        "paid": "已付",
        "amount_due": "应付余额",
        "payment_details": "付款信息",
        "beneficiary": "收款人",
        "bank": "开户银行",
        "account": "账号",
        "bic": "SWIFT/BIC",
        "tax_id": "税号",
        "project": "项目",
        "notes": "备注",
        "page": "第 {page} 页，共 {pages} 页",
        "converted_from": "源自报价单 {number}",
        "void_reason": "已作废：{reason}",
        "stamp_paid": "已付款",
        "stamp_void": "已作废",
        "stamp_accepted": "已接受",
        "stamp_declined": "已拒绝",
        "estimate_for": "报价对象",
        "estimate_date": "报价日期",
        "tax_zero": "零税率",
        "tax_exempt": "免税",
        "tax_reverse_charge": "反向征税",
        "tax_intra_eu": "欧盟内部供应",
        "tax_export": "出口",
        "tax_outside_scope": "不征增值税",
        "tax_total": "税额合计",
        "legal_reverse_charge": "反向征税：增值税由购买方申报缴纳（第2006/112/EC号指令第196条）",
        "legal_intra_eu": "免税的欧盟内部供应（第2006/112/EC号指令第138条）",
        "legal_export": "出口至欧盟以外，免税（第2006/112/EC号指令第146条）",
        "legal_outside_scope": "不属于增值税征税范围",
        "pay_with_app": "使用银行应用付款",
        "deliver_to": "交货地址",
        "payment_direct_debit": "直接借记 {iban}，授权 {mandate}",
        "payment_card": "已用尾号 {card} 的卡支付",
        "prepayment_invoice": "预付款发票",
        "self_billed_invoice": "自开发票",
        "item_id": "货号",
        "credit_note": "贷项通知单",
        "corrects_invoice": "更正发票 {number}（{date}）",
        "credit_reason": "原因：{reason}",
        "refunded": "已退款",
        "credit_remaining": "剩余贷记金额",
        "prepaid": "预付款",
        "rounding": "舍入",
        "allowance": "折让",
        "charge": "附加费",
        "buyer_reference": "贵方参考号",
        "order": "订单号",
        "contract": "合同号",
        "period": "服务期间",
        "list_price": "标价",
        "reminder": "付款提醒",
        "reminder_n": "第{n}次催款通知",
        "reminder_invoice": "发票 {number}（{date}开具，{due}到期）",
        "reminder_fees_earlier": "此前的催款费",
        "reminder_fee": "催款费",
        "reminder_interest": "逾期利息 年利率{rate}，本金{amount}，{days}天",
        "reminder_note": "我们的记录显示，{date}开具的发票 {number}（{due}到期）尚未付款。请于{pay_by}前支付{amount}。如您已付款，请忽略本提醒。",
        "reminder_note_firm": "尽管我们此前已发出提醒，{date}开具的发票 {number}（{due}到期）仍未支付。请于{pay_by}前支付{amount}，或立即与我们联系。",
        "mail_subject": "{title} {number}（{business}）",
        "mail_body": "您好：\n\n随附{date}的{document}，金额为{total}。{payment}\n\n此致\n{business}\n",
        "mail_payment": "请于{due}前付款。",
        "reminder_date": "日期",
        "pay_by": "付款期限",
        "reminder_paid": "{total}（其中已付{paid}）",
        "reminder_payment": "{date}付款",
        "reminder_credit": "{date}贷项通知单{number}",
        "reminder_refund": "{date}退款",
        "reminder_interest_earlier": "以往催款的利息",
        "mail_balance": "其中仍有{amount}未付，请于{due}前付款。",
        "statement": "对账单",
        "statement_note": "截至{date}的账户。请于{pay_by}前支付{amount}。{date}之后的付款未列出。",
        "statement_note_owed": "截至{date}的账户：我们欠您{amount}，将退还给您。",
        "statement_note_settled": "截至{date}的账户：没有未结款项。谢谢。",
        "stamp_copy": "副本",
        "stamp_credited": "已冲销",
        "copy_note": "{date}的副本，非原始单据",
        "copy_note_due": "{date}的副本，非原始单据：仍欠{amount}",
        "view_legal_note": "invoic 生成的电子发票 {file} 视图：发票是电子发票本身。",
        "view_findings_count": "此电子发票违反 EN 16931 的 {count} 条规则：见末尾的检查结果。",
        "view_due_stated": "供应商要求支付 {stated}；文件自身的金额得出 {computed}。",
        "view_no_lines": "此电子发票没有明细行（{profile} 规范）。",
        "view_about": "关于此电子发票",
        "view_format": "格式",
        "view_references": "参考",
        "view_tax_breakdown": "增值税明细",
        "view_category": "类别",
        "view_taxable": "计税金额",
        "view_exemption": "免税原因",
        "view_attachments": "附件",
        "view_findings": "检查结果（EN 16931 规则）",
        "view_no_findings": "无：电子发票符合所检查的每条规则。",
        "view_payment_reference": "付款参考",
        "view_terms": "付款条件",
        "view_legal_id": "注册号",
        "view_electronic_address": "电子地址",
        "view_tax_number": "税号",
        "view_project_reference": "项目参考",
        "view_corrects": "更正发票 {number}",
        "view_currency": "币种",
        "view_lines": "明细",
        "view_net": "不含增值税合计",
        "view_means": "付款方式",
        "view_allowances_charges": "折扣与附加费",
        "view_contact": "联系人",
        "view_third_party": "代第三方收款",
    ]

    private static let labels24: [String: String] = [
        "invoice": "發票",
        "estimate": "報價單",
        "from": "開票方",
        "issue_date": "開立日期",
        "due_date": "付款期限",
        "valid_until": "有效期至",
        "delivery_date": "交貨日期",
        "quantity": "數量",
        "rate": "單價",
        "amount": "金額",
        "subtotal": "小計",
        "tax": "稅",
        "paid": "已付",
        "amount_due": "應付餘額",
        "payment_details": "付款資訊",
        "beneficiary": "收款人",
        "bank": "銀行",
        "account": "帳號",
        "tax_id": "統一編號",
        "project": "專案",
        "notes": "備註",
        "page": "第 {page} 頁，共 {pages} 頁",
        "converted_from": "源自報價單 {number}",
        "void_reason": "已作廢：{reason}",
        "stamp_void": "已作廢",
        "stamp_declined": "已拒絕",
        "estimate_for": "報價對象",
        "estimate_date": "報價日期",
        "credit_note": "貸項通知單",
        "corrects_invoice": "更正發票 {number}（{date}）",
        "refunded": "已退款",
        "credit_remaining": "剩餘貸記金額",
    ]

    /// How diagnostics name a built-in template's file.
    static func displayPath(_ name: String) -> String { "(built in) templates/\(name).yaml" }
}
