// swift-tools-version: 6.0
// The target list is the architecture: data flows one way, from files to YAML
// nodes (InvoicYAML) to a checked book (InvoicBook, priced by InvoicMoney), to
// outputs (InvoicPDF, InvoicReport), run as one pipeline by InvoicBuild; the thin
// `invoic` executable drives it through InvoicCLI. Each target declares every
// module it imports (docs/architecture.md).
import PackageDescription

let package = Package(
    name: "invoic",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "invoic", targets: ["invoic"]),
        // `invoic serve` execs it: the web server's libraries stay out of every other command's start.
        .executable(name: "invoic-serve", targets: ["invoic-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Hummingbird's own dependencies, declared because invoic serve imports them by name
        // (HTTPField.Name for its headers; Task.isShuttingDownGracefully for the live reload).
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "InvoicDiagnostics"),
        .target(name: "InvoicYAML", dependencies: ["CLibYAML", "InvoicDiagnostics"]),
        .target(name: "InvoicMoney"),
        .target(name: "InvoicBook", dependencies: ["InvoicYAML", "InvoicMoney", "InvoicDiagnostics"]),
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            // pango lays out and shapes; HarfBuzz's subsetter (harfbuzz-subset, in libharfbuzz-dev)
            // cuts the fonts the PDF writer embeds. cairo only measures for pango: it writes no PDF.
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        // libdeflate: every stream of a PDF is compressed once, 2-3x faster than zlib at its ratio.
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .target(name: "InvoicPDF", dependencies: ["InvoicBook", "InvoicEInvoice", "InvoicYAML", "InvoicMoney", "InvoicDiagnostics", "CPangoCairo", "CQRencode", "CLibDeflate"]),
        // bench/pdf/run.sh: 1,000 invoices through PDFRenderer next to a bare cairo+pango loop (the floor).
        .executableTarget(name: "InvoicPDFBench", dependencies: ["InvoicPDF", "InvoicBook", "InvoicMoney", "CPangoCairo"], path: "bench/pdf/Sources"),
        .target(name: "InvoicReport", dependencies: ["InvoicBook", "InvoicMoney", "InvoicDiagnostics"]),
        // For the accountant and the tax office: the VAT return (and its boxes on a country's form),
        // the EC Sales List, and the book as an hledger or Beancount journal.
        .target(name: "InvoicLedger", dependencies: ["InvoicBook", "InvoicMoney", "InvoicYAML", "InvoicDiagnostics", "InvoicReport", "InvoicAuthoring"]),
        // Factur-X / ZUGFeRD: what makes an invoice's PDF a PDF/A-3b with its CII embedded
        // (InvoicPDF's writer writes it in the same pass as the PDF).
        .target(name: "InvoicFacturX", dependencies: ["InvoicPDF"]),
        // EN 16931 e-invoices: UBL, CII and their national profiles, from the checked book.
        .target(name: "InvoicEInvoice", dependencies: ["InvoicBook", "InvoicMoney", "InvoicReport", "InvoicDiagnostics", "InvoicAuthoring", "COpenSSL"]),
        .target(name: "InvoicBuild", dependencies: ["InvoicBook", "InvoicDiagnostics", "InvoicHistory", "InvoicMoney", "InvoicPDF", "InvoicReport", "InvoicEInvoice", "InvoicFacturX", "InvoicInbox"]),
        // Bank statements (camt.053/054, MT940, CSV) matched with the book's open invoices.
        // camt statements are read with expat, which fontconfig loads anyway (FoundationXML would
        // bring libxml2 and a second ICU into every command's start).
        .systemLibrary(name: "CExpat", pkgConfig: "expat", providers: [.apt(["libexpat1-dev"])]),
        // qpdf's C API, opened when a received PDF is searched for its e-invoice (libqpdf-dev gives
        // the header), and zlib to inflate what it finds within a bound.
        .target(name: "CQPDF"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The one expat setup: XML read into a bounded tree of elements, no DTD (the inbox's
        // e-invoices, the bank's camt statements, the Peppol SMP's answers).
        .target(name: "InvoicXML", dependencies: ["CExpat"]),
        // libxml2's XML Schema validator, for the schemas the authorities publish (UBL, CII, FA(3),
        // FatturaPA, VeriFactu, Flux 10): opened with dlopen by the first schema loaded, not linked
        // (libxml2 brings ICU 72 and libstdc++ into every start); libxml2-dev gives the headers.
        .target(name: "CLibXML2", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        .target(name: "InvoicXMLSchema", dependencies: ["CLibXML2"]),
        // libcrypto (OpenSSL 3): RSA-OAEP, AES-CBC and signatures for the national systems' APIs and
        // codes (KSeF); opened with dlopen when a key is first read, not linked (~1 ms of every
        // command's start); libssl-dev gives the headers.
        .target(name: "COpenSSL"),
        // France: e-reporting Flux 10 (EReporting/) and the life cycle of an invoice (XP Z12-012): CDAR status messages read (expat), kept
        // in the outbox beside the sent document (check validates them against the CDAR D22B XSD),
        // and the seller's own "encaissée" written.
        .target(name: "InvoicFrance", dependencies: ["InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicXML", "InvoicXMLSchema", "InvoicLedger", "InvoicEInvoice"]),
        .target(name: "InvoicBank", dependencies: ["InvoicBook", "InvoicMoney", "InvoicDiagnostics", "CExpat", "InvoicXML"]),
        // Incoming e-invoices: UBL, CII, Factur-X/ZUGFeRD PDFs and mails read into one received
        // document (expat for the XML, qpdf for the PDF's attachments), checked, and kept in the
        // book's purchases/ with a derived record (issue 29).
        .target(name: "InvoicInbox", dependencies: ["InvoicBook", "InvoicEInvoice", "InvoicYAML", "InvoicMoney", "InvoicAuthoring", "InvoicPDF", "InvoicDiagnostics", "InvoicXML", "InvoicXMLSchema", "CQPDF", "CZlib", "InvoicFrance"]),
        // Mail: RFC 5322 messages with their PDF and e-invoice attached, sent by sendmail or by
        // SMTP through libcurl (CSMTP opens it when sending, and wraps curl's variadic setopt).
        .target(name: "CSMTP"),
        .target(name: "InvoicMail", dependencies: ["CSMTP"]),
        // Peppol through an access point provider's HTTP API (libcurl, opened by CSMTP when a request
        // is made), the outbox records, and the SML/SMP lookup (libresolv's res_nquery, in glibc's
        // libc since 2.34; expat for the SMP's XML).
        .target(name: "InvoicPeppol", dependencies: ["InvoicBook", "InvoicYAML", "InvoicDiagnostics", "InvoicAuthoring", "InvoicEInvoice", "InvoicMail", "InvoicInbox", "CSMTP", "InvoicXML"]),
        // Italy's SdI by PEC: FatturaPA files mailed through InvoicMail, recorded in Peppol's outbox
        // folders, and the SdI's receipts read from the PEC mailbox (InvoicInbox's MIME reader).
        .target(name: "InvoicSDI", dependencies: ["InvoicBook", "InvoicYAML", "InvoicDiagnostics", "InvoicAuthoring", "InvoicMail", "InvoicPeppol", "InvoicInbox", "InvoicXML"]),
        // Poland's KSeF 2.0 API (docs/poland.md): the KSeF token and session key encrypted for the
        // Ministry (RSA-OAEP-SHA256, AES-256-CBC through libcrypto), each FA(3) sent once through an
        // outbox record, its UPO validated against upo-v4-3.xsd, and purchase invoices fetched into
        // the inbox. HTTP is InvoicPeppol's client over libcurl.
        .target(name: "InvoicKSeF", dependencies: ["InvoicBook", "InvoicYAML", "InvoicDiagnostics", "InvoicAuthoring", "InvoicEInvoice", "InvoicPeppol", "InvoicInbox", "InvoicXML", "InvoicXMLSchema", "COpenSSL"]),
        // France's approved platforms through the AFNOR XP Z12-013 API (docs/france.md): flows
        // deposited once through a record in outbox/, the directory asked, incoming flows handed to
        // `invoic receive`'s pipeline. HTTP is InvoicPeppol's client over libcurl.
        .target(name: "InvoicPlatform", dependencies: ["InvoicBook", "InvoicYAML", "InvoicAuthoring", "InvoicPeppol", "InvoicInbox", "InvoicDiagnostics"]),
        // `invoic serve`: the book as a local web app (Hummingbird, pages from Mustache templates).
        .target(name: "InvoicServe", dependencies: [
            "InvoicBook", "InvoicReport", "InvoicPDF", "InvoicAuthoring", "InvoicHistory", "InvoicDiagnostics", "InvoicMoney", "InvoicEInvoice", "InvoicPeppol", "InvoicInbox", "InvoicVeriFactu", "InvoicSDI", "InvoicFrance",
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .target(name: "InvoicAuthoring", dependencies: ["InvoicBook", "InvoicYAML", "InvoicMoney", "InvoicDiagnostics", "InvoicHistory"]),
        // Spain's VeriFactu: registration records with their hash chain, the QR code's URL.
        .target(name: "InvoicVeriFactu", dependencies: ["InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicAuthoring", "InvoicEInvoice", "InvoicXML", "InvoicXMLSchema", "InvoicPeppol", "InvoicYAML"]),
        .target(name: "InvoicHistory", dependencies: ["InvoicBook", "InvoicYAML", "InvoicMoney", "InvoicDiagnostics"]),
        // `invoic lsp`: the checker behind the language server protocol, for every editor (issue 41).
        .target(name: "InvoicLSP", dependencies: ["InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicBuild", "InvoicPDF", "InvoicAuthoring"]),
        .target(name: "InvoicCLI", dependencies: [
            "InvoicLSP", "InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicPDF", "InvoicReport", "InvoicBuild", "InvoicAuthoring", "InvoicHistory",
            "InvoicEInvoice", "InvoicBank", "InvoicMail", "InvoicPeppol", "InvoicLedger", "InvoicInbox", "InvoicVeriFactu", "InvoicSDI",
            "InvoicKSeF", "InvoicPlatform", "InvoicFrance",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The release link (the Makefile's and the benches' `swift build -c release --static-swift-stdlib`):
        // the C++ runtime and the unwinder the Swift runtime needs are linked in too (scripts/link),
        // so libstdc++.so and libgcc_s.so are not loaded at every start, and the functions a PDF
        // runs are laid out together (scripts/link/invoic.order; docs/decisions.md, "Speed and memory").
        .executableTarget(name: "invoic", dependencies: ["InvoicCLI"], linkerSettings: [
            .unsafeFlags(["-L", Context.packageDirectory + "/scripts/link", "-Xclang-linker", "-static-libgcc",
                          "-Xlinker", "--section-ordering-file=" + Context.packageDirectory + "/scripts/link/invoic.order"], .when(configuration: .release)),
        ]),
        .executableTarget(name: "invoic-serve", dependencies: ["InvoicServe", "InvoicBook"]),

        // Helpers the test targets share: books written to a temporary folder.
        .target(name: "InvoicTestSupport", dependencies: ["InvoicBook"], path: "Sources/InvoicTestSupport"),

        .testTarget(name: "InvoicDiagnosticsTests", dependencies: ["InvoicDiagnostics"]),
        .testTarget(name: "InvoicYAMLTests", dependencies: ["InvoicYAML", "InvoicDiagnostics"]),
        .testTarget(name: "InvoicMoneyTests", dependencies: ["InvoicMoney", "InvoicTestSupport"]),
        .testTarget(name: "InvoicBookTests", dependencies: ["InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicTestSupport"]),
        .testTarget(name: "InvoicPDFTests", dependencies: ["InvoicPDF", "InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicYAML", "InvoicTestSupport", "invoic"]),
        .testTarget(name: "InvoicReportTests", dependencies: ["InvoicReport", "InvoicBook", "InvoicMoney", "InvoicTestSupport"]),
        .testTarget(name: "InvoicEInvoiceTests", dependencies: ["InvoicEInvoice", "InvoicBook", "InvoicMoney", "InvoicTestSupport", "InvoicXMLSchema", "InvoicDiagnostics"]),
        .testTarget(name: "InvoicAuthoringTests", dependencies: ["InvoicAuthoring", "InvoicBook", "InvoicDiagnostics", "InvoicMoney", "InvoicYAML", "InvoicTestSupport"]),
        .testTarget(name: "InvoicHistoryTests", dependencies: ["InvoicHistory", "InvoicBook", "InvoicDiagnostics", "InvoicTestSupport"]),
        .testTarget(name: "InvoicBuildTests", dependencies: ["InvoicBuild", "InvoicHistory", "InvoicBook", "InvoicDiagnostics", "InvoicMoney", "InvoicPDF", "InvoicTestSupport"]),
        .testTarget(name: "InvoicXMLTests", dependencies: ["InvoicXML"]),
        .testTarget(name: "InvoicXMLSchemaTests", dependencies: ["InvoicXMLSchema", "InvoicTestSupport"]),
        .testTarget(name: "InvoicVeriFactuTests", dependencies: ["InvoicVeriFactu", "InvoicBook", "InvoicXMLSchema", "InvoicPeppol", "InvoicTestSupport"]),
        .testTarget(name: "InvoicBankTests", dependencies: ["InvoicBank", "InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicTestSupport"]),
        .testTarget(name: "InvoicInboxTests", dependencies: ["InvoicInbox", "InvoicEInvoice", "InvoicAuthoring", "InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicYAML", "InvoicTestSupport", "InvoicXMLSchema"]),
        .testTarget(name: "InvoicMailTests", dependencies: ["InvoicMail", "InvoicTestSupport"]),
        .testTarget(name: "InvoicSDITests", dependencies: ["InvoicSDI", "InvoicBook", "InvoicAuthoring", "InvoicTestSupport"]),
        .testTarget(name: "InvoicPeppolTests", dependencies: ["InvoicPeppol", "InvoicAuthoring", "InvoicTestSupport"]),
        .testTarget(name: "InvoicKSeFTests", dependencies: ["InvoicKSeF", "InvoicXMLSchema", "InvoicTestSupport"]),
        .testTarget(name: "InvoicLedgerTests", dependencies: ["InvoicLedger", "InvoicBook", "InvoicMoney", "InvoicTestSupport", "invoic"]),
        .testTarget(name: "InvoicServeTests", dependencies: [
            "InvoicServe", "InvoicAuthoring", "InvoicBook", "InvoicInbox", "InvoicPeppol", "InvoicReport", "InvoicSDI", "InvoicTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        .testTarget(name: "InvoicFranceTests", dependencies: ["InvoicFrance", "InvoicInbox", "InvoicLedger", "InvoicBook", "InvoicMoney", "InvoicDiagnostics", "InvoicXMLSchema", "InvoicXML", "InvoicTestSupport", "invoic"]),
        .testTarget(name: "InvoicLSPTests", dependencies: ["InvoicLSP", "InvoicBook", "InvoicDiagnostics", "InvoicTestSupport", "invoic"]),
        .testTarget(name: "InvoicCLITests", dependencies: ["InvoicCLI", "InvoicBook", "InvoicBank", "InvoicAuthoring", "InvoicPDF", "InvoicReport", "InvoicTestSupport", "InvoicXMLSchema", "invoic", "invoic-serve"]),
    ],
    swiftLanguageModes: [.v6]
)

// Speed (docs/decisions.md, "Speed and memory"), only invoic's own targets (not dependencies, not
// tests):
// - a concrete generic type (a Dictionary keyed by one of invoic's types, say) is otherwise made at
//   run time from its mangled name, which costs a scan of every protocol conformance in the binary
//   to find the key's Hashable; with this flag the code passes the conformance it already knows;
// - release builds give each Swift function a section of its own, so that the link drops those
//   nothing calls and can lay out the ones a PDF runs together (scripts/link/invoic.order).
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
        .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
    ]
}
