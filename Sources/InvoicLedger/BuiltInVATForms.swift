// Generated from templates/vat-forms/*.yaml by the test `embeddedFormsMatchTheFiles`: do not edit.
// After changing a form, run `RECORD=1 swift test --filter VATFormTests` to rewrite this file;
// the test fails whenever it and templates/vat-forms/ differ, so the two never drift.

enum BuiltInVATForms {
    /// Form name -> the YAML text of templates/vat-forms/NAME.yaml.
    static let sources: [String: String] = [
        "at-u30": #"""
# Austria: Umsatzsteuervoranmeldung (form U 30, BMF edition 2026), the Kennzahlen (boxes) invoic
# fills. The keys are those of templates/vat-forms/de-ustva.yaml. Services to businesses in other
# countries are not taxable in Austria (§ 3a Abs. 6 UStG 1994) and have no box here: they go to
# the Zusammenfassende Meldung (`invoic report ec-sales`). Meanings and sources: docs/accounting.md.
# Boxes the book has no facts for (001 Eigenverbrauch, 016 Kleinunternehmer, 090 sonstige
# Berichtigungen) are left to the user.
form: at-u30
title: Umsatzsteuervoranmeldung (U 30)
country: AT
currency: EUR
boxes:
  - { box: "000", label: "Gesamtbetrag der Bemessungsgrundlagen für Lieferungen und sonstige Leistungen", from: sales, amount: taxable, category: [S, E, K, G], also: [{ category: [AE], destination: [domestic] }] }
  - { box: "021", label: "Abzüglich Umsätze, für die die Steuerschuld auf den Leistungsempfänger übergegangen ist (§ 19 Abs. 1 zweiter Satz, Abs. 1a, 1b, 1c, 1d, 1e)", from: sales, amount: taxable, category: [AE], destination: [domestic] }
  - { box: "011", label: "Davon steuerfrei mit Vorsteuerabzug: Ausfuhrlieferungen (§ 6 Abs. 1 Z 1 iVm § 7)", from: sales, amount: taxable, category: [G] }
  - { box: "017", label: "Davon steuerfrei: Innergemeinschaftliche Lieferungen (Art. 6 Abs. 1)", from: sales, amount: taxable, category: [K] }
  - { box: "020", label: "Davon steuerfrei ohne Vorsteuerabzug: übrige steuerfreie Umsätze", from: sales, amount: taxable, category: [E] }
  - { box: "022", label: "Davon steuerpflichtig zum Normalsteuersatz von 20 % (Bemessungsgrundlage)", from: sales, amount: taxable, category: [S], rate: [20%] }
  - { box: "029", label: "Davon steuerpflichtig zum ermäßigten Steuersatz von 10 % (Bemessungsgrundlage)", from: sales, amount: taxable, category: [S], rate: [10%] }
  - { box: "006", label: "Davon steuerpflichtig zum ermäßigten Steuersatz von 13 % (Bemessungsgrundlage)", from: sales, amount: taxable, category: [S], rate: [13%] }
  - { box: "057", label: "Steuerschuld gemäß § 19 Abs. 1 zweiter Satz, Abs. 1c, 1e und Art. 25 Abs. 5 (Leistungen ausländischer Unternehmer)", from: purchases, amount: self_assessed, category: [AE], origin: [eu, non_eu] }
  - { box: "048", label: "Steuerschuld gemäß § 19 Abs. 1a (Bauleistungen)", from: purchases, amount: self_assessed, category: [AE], origin: [domestic] }
  - { box: "070", label: "Innergemeinschaftliche Erwerbe: Gesamtbetrag der Bemessungsgrundlagen", from: purchases, amount: taxable, category: [K] }
  - { box: "071", label: "Davon steuerfrei gemäß Art. 6 Abs. 2", from: purchases, amount: taxable, category: [K], self_assessed_rate: [0%] }
  - { box: "072", label: "Davon zu versteuern mit dem Normalsteuersatz von 20 % (Bemessungsgrundlage)", from: purchases, amount: taxable, category: [K], self_assessed_rate: [20%] }
  - { box: "073", label: "Davon zu versteuern mit dem ermäßigten Steuersatz von 10 % (Bemessungsgrundlage)", from: purchases, amount: taxable, category: [K], self_assessed_rate: [10%] }
  - { box: "008", label: "Davon zu versteuern mit dem ermäßigten Steuersatz von 13 % (Bemessungsgrundlage)", from: purchases, amount: taxable, category: [K], self_assessed_rate: [13%] }
  - { box: "060", label: "Gesamtbetrag der Vorsteuern", from: purchases, amount: tax, category: [S, Z], correction: false }
  - { box: "061", label: "Vorsteuern betreffend die entrichtete Einfuhrumsatzsteuer (§ 12 Abs. 1 Z 2 lit. a)", from: purchases, amount: import_tax }
  - { box: "065", label: "Vorsteuern aus dem innergemeinschaftlichen Erwerb", from: purchases, amount: self_assessed, category: [K] }
  - { box: "066", label: "Vorsteuern betreffend die Steuerschuld gemäß § 19 Abs. 1 zweiter Satz, Abs. 1c, 1e und Art. 25 Abs. 5", from: purchases, amount: self_assessed, category: [AE], origin: [eu, non_eu] }
  - { box: "082", label: "Vorsteuern betreffend die Steuerschuld gemäß § 19 Abs. 1a (Bauleistungen)", from: purchases, amount: self_assessed, category: [AE], origin: [domestic] }
  - { box: "067", label: "Berichtigung gemäß § 16 (Änderung der Bemessungsgrundlage)", from: purchases, amount: tax, category: [S, Z], correction: true }
  - { box: "095", label: "Vorauszahlung (Überschuss: negativ)", from: balance }

"""#,
        "de-ustva": #"""
# Germany: Umsatzsteuer-Voranmeldung (UStVA, form USt 1 A), the Kennzahlen (boxes) invoic fills.
# Each box sums rows of the VAT return: `from: sales` (invoices and credit notes) or `purchases`,
# `amount: taxable | tax | self_assessed | import_tax`, filtered by `category` (UNCL 5305: S, Z,
# E, AE, K, G, O), `rate` (or `except_rates`, for "other rates"), `self_assessed_rate`,
# `destination` / `origin` (where the client or supplier is: domestic, eu, non_eu) and
# `correction` (purchases: true takes only suppliers' credit notes, false only their invoices);
# `also:` lists more filters whose rows the box adds too. `from: balance` is what is left to pay
# (positive) or reclaim. `whole_units: true`: ELSTER takes the box in whole euros, cents dropped.
# Meanings: docs/accounting.md.
form: de-ustva
title: Umsatzsteuer-Voranmeldung
country: DE
currency: EUR
boxes:
  - { box: "81", label: "Steuerpflichtige Umsätze zum Steuersatz von 19 % (Bemessungsgrundlage)", from: sales, amount: taxable, category: [S], rate: [19%], whole_units: true }
  - { box: "86", label: "Steuerpflichtige Umsätze zum Steuersatz von 7 % (Bemessungsgrundlage)", from: sales, amount: taxable, category: [S], rate: [7%], whole_units: true }
  - { box: "35", label: "Umsätze zu anderen Steuersätzen (Bemessungsgrundlage)", from: sales, amount: taxable, category: [S], except_rates: [19%, 7%], whole_units: true }
  - { box: "36", label: "Umsätze zu anderen Steuersätzen (Steuer)", from: sales, amount: tax, category: [S], except_rates: [19%, 7%] }
  - { box: "41", label: "Innergemeinschaftliche Lieferungen an Abnehmer mit USt-IdNr. (§ 4 Nr. 1 Buchst. b UStG)", from: sales, amount: taxable, category: [K], whole_units: true }
  - { box: "43", label: "Weitere steuerfreie Umsätze mit Vorsteuerabzug (z. B. Ausfuhrlieferungen, § 4 Nr. 1 Buchst. a UStG)", from: sales, amount: taxable, category: [G], whole_units: true }
  - { box: "48", label: "Steuerfreie Umsätze ohne Vorsteuerabzug (§ 4 Nr. 8 bis 29 UStG)", from: sales, amount: taxable, category: [E], whole_units: true }
  - { box: "60", label: "Steuerpflichtige Umsätze, für die der Leistungsempfänger die Steuer nach § 13b Abs. 5 UStG schuldet", from: sales, amount: taxable, category: [AE], destination: [domestic], whole_units: true }
  - { box: "21", label: "Nicht steuerbare sonstige Leistungen (Leistungsort nicht im Inland) an Unternehmer im übrigen Gemeinschaftsgebiet (§ 18b Satz 1 Nr. 2 UStG)", from: sales, amount: taxable, category: [AE], destination: [eu], whole_units: true }
  - { box: "45", label: "Übrige nicht steuerbare Umsätze (Leistungsort nicht im Inland)", from: sales, amount: taxable, category: [O, Z, AE], destination: [non_eu], whole_units: true }
  - { box: "89", label: "Steuerpflichtige innergemeinschaftliche Erwerbe zum Steuersatz von 19 % (Bemessungsgrundlage)", from: purchases, amount: taxable, category: [K], self_assessed_rate: [19%], whole_units: true }
  - { box: "93", label: "Steuerpflichtige innergemeinschaftliche Erwerbe zum Steuersatz von 7 % (Bemessungsgrundlage)", from: purchases, amount: taxable, category: [K], self_assessed_rate: [7%], whole_units: true }
  - { box: "46", label: "Sonstige Leistungen eines im übrigen Gemeinschaftsgebiet ansässigen Unternehmers (§ 13b Abs. 1 UStG, Bemessungsgrundlage)", from: purchases, amount: taxable, category: [AE], origin: [eu], whole_units: true }
  - { box: "47", label: "Steuer zu Kennzahl 46", from: purchases, amount: self_assessed, category: [AE], origin: [eu] }
  - { box: "84", label: "Andere Leistungen (§ 13b Abs. 2 UStG, Bemessungsgrundlage)", from: purchases, amount: taxable, category: [AE], origin: [domestic, non_eu], whole_units: true }
  - { box: "85", label: "Steuer zu Kennzahl 84", from: purchases, amount: self_assessed, category: [AE], origin: [domestic, non_eu] }
  - { box: "66", label: "Vorsteuerbeträge aus Rechnungen von anderen Unternehmern (§ 15 Abs. 1 Satz 1 Nr. 1 UStG)", from: purchases, amount: tax, category: [S, Z] }
  - { box: "61", label: "Vorsteuerbeträge aus dem innergemeinschaftlichen Erwerb von Gegenständen (§ 15 Abs. 1 Satz 1 Nr. 3 UStG)", from: purchases, amount: self_assessed, category: [K] }
  - { box: "62", label: "Entstandene Einfuhrumsatzsteuer (§ 15 Abs. 1 Satz 1 Nr. 2 UStG)", from: purchases, amount: import_tax }
  - { box: "67", label: "Vorsteuerbeträge aus Leistungen im Sinne des § 13b UStG (§ 15 Abs. 1 Satz 1 Nr. 4 UStG)", from: purchases, amount: self_assessed, category: [AE] }
  - { box: "83", label: "Verbleibende Umsatzsteuer-Vorauszahlung (Überschuss: negativ)", from: balance }

"""#,
    ]
}
