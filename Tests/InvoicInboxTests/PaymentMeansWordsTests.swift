import Foundation
import InvoicBook
@testable import InvoicInbox
import Testing

/// The view of a received e-invoice names its payment means (UNCL 4461, BT-81) in the reader's
/// language, from the labels (issue 37: "SEPA credit transfer" stayed English in a de_DE book).
@Suite struct PaymentMeansWordsTests {
    @Test func theMeansIsNamedInTheReadersLanguage() throws {
        // XRechnung 01.01a pays by code 58, SEPA credit transfer.
        let sepa = ReceivedInvoice(try EInvoiceReader.read(try fixture("xrechnung-01.01a-INVOICE_ubl.xml")))
        #expect(sepa.model.paymentMeans?.code == "58")
        for (locale, name) in [("de_DE", "SEPA-Überweisung"), ("fr_FR", "virement SEPA"), ("sv_SE", "SEPA-betalning"), ("en_US", "SEPA credit transfer")] {
            let text = ReceivedView.text(sepa, findings: [], locale: locale), html = ReceivedView.html(sepa, findings: [], locale: locale)
            #expect(text.contains(name) && html.contains(name), "\(locale)")
            if locale != "en_US" { #expect(!text.contains("credit transfer") && !html.contains("credit transfer"), "\(locale)") }
        }
        // The CEN example pays by code 30, credit transfer.
        let transfer = ReceivedInvoice(try EInvoiceReader.read(try fixture("ubl-tc434-example1.xml")))
        #expect(transfer.model.paymentMeans?.code == "30")
        #expect(ReceivedView.text(transfer, findings: [], locale: "de_DE").contains("Überweisung"))
        #expect(ReceivedView.text(transfer, findings: [], locale: "it_IT").contains("bonifico"))
        // A code without a label shows the code alone, no name and no key.
        var other = transfer
        other.model.paymentMeans = PaymentMeans(code: "97")
        let unnamed = ReceivedView.text(other, findings: [], locale: "de_DE")
        #expect(unnamed.contains("97") && !unnamed.contains("view_means_"))
    }
}
