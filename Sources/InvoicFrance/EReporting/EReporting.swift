import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicXMLSchema

/// France's e-reporting (Flux 10): the files a French book's approved platform transmits to the
/// tax office for a period. The one entry `invoic ereport` and the platform's sending use.
public enum EReporting {
    /// The approved platform (plateforme agréée) that transmits the files: the PPF names it by its
    /// 4-character matricule (scheme 0238, G6.22) and its name in every file's Sender (TG-3).
    public struct Platform: Sendable {
        public var matricule: String
        public var name: String
        public init(matricule: String, name: String) {
            self.matricule = matricule
            self.name = name
        }
    }

    /// One file to transmit: its name, its flow type as the AFNOR XP Z12-013 Flow Service names
    /// it (`AggregatedCustomerTransactionReport`, ...), and its bytes.
    public struct File: Sendable {
        public var name: String
        public var flowType: String
        public var bytes: [UInt8]
    }

    /// The files of `period`: `<period>-transactions.xml` always (an empty report declares a
    /// period without such sales), and `<period>-payments.xml` when the business reports
    /// payments (services whose VAT is due on receipt). No file when a diagnostic is an error.
    /// `now` is the transmission's time stamp (TT-3): the same book, period and time give the
    /// same bytes.
    public static func files(book: Book, period: EReportingPeriod, platform: Platform, now: Date) -> (files: [File], diagnostics: [Diagnostic]) {
        var data = EReportingData(book: book, period: period)
        let matricule = platform.matricule
        if matricule.count != 4 || !matricule.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0) }) {
            data.diagnostics.insert(.error(DiagnosticCode("ereport-platform"),
                                           "the platform's matricule `\(matricule)` is not 4 letters or digits (G6.22)",
                                           help: "write the matricule the DGFiP gave your plateforme agréée, e.g. --platform 0042"), at: 0)
        }
        if platform.name.trimmingCharacters(in: .whitespaces).isEmpty {
            data.diagnostics.insert(.error(DiagnosticCode("ereport-platform"), "the platform's name is empty (TT-9)",
                                           help: "write the name of your plateforme agréée, e.g. --platform-name \"Ma PA\""), at: 0)
        }
        guard !data.diagnostics.hasErrors else { return ([], data.diagnostics) }
        let writer = EReportingXML(data: data, platform: platform, seller: book.settings.business, now: now)
        var files: [File] = []
        let transactionsName = "\(period)-transactions.xml"
        let transactionsFlow = data.invoices.isEmpty ? "AggregatedCustomerTransactionReport"
            : data.transactions.isEmpty ? "UnitaryCustomerTransactionReport" : "MultiFlowReport"
        files.append(File(name: transactionsName, flowType: transactionsFlow, bytes: Array(writer.transactions(name: transactionsName).utf8)))
        if data.reportsPayments {
            let paymentsName = "\(period)-payments.xml"
            let paymentsFlow = data.invoicePayments.isEmpty ? "AggregatedCustomerPaymentReport"
                : data.payments.isEmpty ? "UnitaryCustomerPaymentReport" : "MultiFlowReport"
            files.append(File(name: paymentsName, flowType: paymentsFlow, bytes: Array(writer.payments(name: paymentsName).utf8)))
        }
        // What invoic writes must pass the PPF's XSD: a file that does not is invoic's bug, and
        // is better stopped here than refused by the platform.
        if let schema = Self.schema {
            for file in files {
                for violation in schema.validate(file.bytes) {
                    data.diagnostics.append(.error(DiagnosticCode("ereport-invalid"),
                                                   "\(file.name) does not pass the PPF's Flux 10 schema (line \(violation.line)): \(violation.message)"))
                }
            }
            if data.diagnostics.hasErrors { return ([], data.diagnostics) }
        }
        return (files, data.diagnostics)
    }

    /// The PPF's Flux 10 XSD in resources/schemas/fr-flux10 (SchemaFolder), when installed.
    public static let schema: XMLSchema? = SchemaFolder.file("fr-flux10/ereporting.xsd").flatMap { try? XMLSchema(path: $0) }
}
