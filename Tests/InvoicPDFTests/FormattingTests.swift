import Foundation
import InvoicBook
import InvoicMoney
@testable import InvoicPDF
import InvoicTestSupport
import Testing

/// Money, dates and rates as the document's locale writes them, whatever the machine's locale.
@Suite struct FormattingTests {
    static let nbsp = "\u{00A0}"

    @Test func moneyAndDatesFollowTheLocale() throws {
        let eur = try #require(Currency.named("EUR")), usd = try #require(Currency.named("USD"))
        let inr = try #require(Currency.named("INR")), jpy = try #require(Currency.named("JPY")), kwd = try #require(Currency.named("KWD"))
        let day = try #require(Day("2026-03-12"))
        let us = DocumentText(locale: "en_US", currency: usd)
        #expect(us.money(123_456) == "$1,234.56")
        #expect(us.date(day) == "Mar 12, 2026")
        #expect(us.rate(Rate(milliPercent: 8_250)) == "8.25%")
        let de = DocumentText(locale: "de_DE", currency: eur)
        #expect(de.money(123_456) == "1.234,56\(Self.nbsp)€")
        #expect(de.date(day) == "12. März 2026")
        #expect(de.rate(Rate(milliPercent: 20_000)) == "20\(Self.nbsp)%")
        #expect(de.quantity(try DecimalNumber.parse("2.5").get(), unit: "h") == "2,5 h")
        #expect(DocumentText(locale: "hi_IN", currency: inr).money(12_345_678) == "₹1,23,456.78")
        #expect(DocumentText(locale: "ja_JP", currency: jpy).money(1_235) == "¥1,235")
        #expect(DocumentText(locale: "en_KW", currency: kwd).money(1_234_567).hasSuffix("1,234.567"))
        #expect(us.price(try DecimalNumber.parse("0.0125").get()) == "$0.0125")
    }

    @Test func aDayIsTheSameDayInEveryTimeZone() throws {
        let day = try #require(Day("2026-01-01"))
        let text = DocumentText(locale: "en_US", currency: try #require(Currency.named("USD")))
        #expect(text.date(day) == "Jan 1, 2026")
        #expect(text.date(try #require(Day("2026-12-31"))) == "Dec 31, 2026")
    }

    @Test func labelsFallBackFromLocaleToLanguageToEnglish() throws {
        let template = try EmbeddedTemplateTests.builtIn("invoi")
        #expect(Labels(template: template, locale: "en_GB")["tax"] == "VAT")
        #expect(Labels(template: template, locale: "en_US")["tax"] == "Tax")
        #expect(Labels(template: template, locale: "de_AT")["tax_id"] == "UID-Nr.")
        #expect(Labels(template: template, locale: "de_AT")["invoice"] == "Rechnung")
        #expect(Labels(template: template, locale: "ja_JP")["invoice"] == "請求書")
        #expect(Labels(template: template, locale: "ko_KR")["invoice"] == "Invoice", "a language not shipped reads English")
        #expect(Labels(template: template, locale: "fr_CA")["total"] == "Total")
        #expect(Labels(template: template, locale: "nn_NO")["tax"] == "MVA", "Nynorsk reads Bokmål")
        #expect(Labels(template: template, locale: "zh_TW")["invoice"] == "發票")
        #expect(Labels(template: template, locale: "zh_Hant_HK")["invoice"] == "發票")
        #expect(Labels(template: template, locale: "zh_CN")["invoice"] == "发票")
        #expect(Labels(template: template, locale: "zh_TW")["discount"] == "折扣", "what zh_Hant does not set comes from zh")
    }

    /// Every language the built-in templates ship has every label, so no page mixes languages.
    @Test func everyShippedLanguageHasEveryLabel() throws {
        let template = try EmbeddedTemplateTests.builtIn("invoi")
        #expect(Labels.languages.count >= 15)
        for language in Labels.languages {
            let missing = Labels.keys.filter { template.labels(language)[$0] == nil }
            #expect(missing.isEmpty, "\(language) lacks \(missing)")
        }
    }

    /// A book's own words for a label (invoic.yaml `labels:`) win over the template's.
    @Test func aBooksLabelsOverrideTheTemplates() throws {
        let template = try EmbeddedTemplateTests.builtIn("invoi")
        let labels = Labels(template: template, locale: "de_AT", book: ["de": ["bill_to": "Kunde"], "de_AT": ["tax": "MwSt."]])
        #expect(labels["bill_to"] == "Kunde")
        #expect(labels["tax"] == "MwSt.")
        #expect(labels["tax_id"] == "UID-Nr.", "the template's de_AT still applies where the book says nothing")
    }
}
