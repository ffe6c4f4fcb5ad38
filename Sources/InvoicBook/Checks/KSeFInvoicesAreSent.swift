import InvoicDiagnostics

// Poland's KSeF (docs/poland.md): an FA(3) invoice's `ksef:` is the number KSeF gave it, and one
// without a number yet was issued offline (offline24: invoic writes the file locally, KSeF takes
// it later), which the law gives until the next working day to send (art. 106nda of the VAT Act,
// the Ministry's tryby-offline.md).

/// `ksef:` is a KSeF number: its shape, its CRC-8, and the seller's NIP at its head.
enum KSeFNumbersAreValid: BookCheck {
    static let rule = Rule(.ksefNumber, summary: "a KSeF number that is not one",
        explanation: """
        `ksef:` on an invoice or credit note is the number KSeF gave it: NIP-YYYYMMDD-XXXXXXXXXXXX-CC,
        the seller's NIP, the day KSeF took it, 12 hex digits and a CRC-8 of the rest (numer-ksef.md).
        Copy it from KSeF's answer or the UPO; a number that fails its CRC-8 has a typo.
        """,
        example: """
        # file: invoices/FV-2026-001.yaml
        ksef: 5265877635-20250826-0100001AF629-AE   <- the CRC-8 is AF
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        let nip = [book.settings.business.taxID, book.settings.business.taxNumber].compactMap { $0 }.lazy.compactMap(Identifiers.polishNIP).first
        for document in book.documents where document.kind.isBilling {
            guard let number = document.ksef else { continue }
            if let problem = Identifiers.ksefNumberProblem(number.value) {
                diagnostics.append(.error(rule.code, "`\(number.value)` is not a KSeF number: \(problem)", file: document.file, range: number.range,
                                          help: "copy the number from KSeF's answer or the UPO"))
            } else if let nip, !number.value.hasPrefix(nip) {
                diagnostics.append(.error(rule.code, "KSeF number `\(number.value)` is not the seller's: it starts with \(number.value.prefix(10)), your NIP is \(nip)",
                                          file: document.file, range: number.range, help: "this number belongs to another business's invoice; copy this invoice's own"))
            }
        }
    }
}

/// An FA(3) invoice without its KSeF number, on `today`: due to be sent (a warning through its
/// deadline) or late (an error after). It depends on the day, so `invoic check` asks with its
/// `--today`, as for recurring invoices.
public enum KSeFInvoicesAreSent {
    static let dueRule = Rule(.ksefSendDue, .warning, summary: "an FA(3) invoice issued offline is to be sent to KSeF by the next working day",
        explanation: """
        An FA(3) invoice without `ksef:` has no KSeF number yet: it was issued offline (offline24) and the
        law gives until the next working day after its issue date to send it (art. 106nda of the VAT Act).
        `invoic ksef send` sends its FA(3) file and writes the number KSeF gives as `ksef:` (or send
        `build/NAME.fa3.xml` another way and write the number yourself).
        """,
        example: """
        # file: invoices/FV-2026-004.yaml   (issued 2026-11-20, a Friday; no ksef:)
        issued: 2026-11-20   <- send it by Monday 2026-11-23
        """)
    static let overdueRule = Rule(.ksefSendOverdue, summary: "an FA(3) invoice was not sent to KSeF in time",
        explanation: """
        An FA(3) invoice without `ksef:` past the next working day after its issue date was not sent to
        KSeF in time (art. 106nda of the VAT Act): send it now, then write the number
        as `ksef:`. Days of a KSeF outage the Ministry announced extend the deadline (tryby-offline.md);
        invoic does not know them.
        """,
        example: """
        # file: invoices/FV-2026-004.yaml   (no ksef:)
        issued: 2026-11-02   <- was due in KSeF by 2026-11-03
        """)

    /// KOD II's certificate (`ksef.offline_certificate:`) does not sign: checked where it is read
    /// (InvoicEInvoice's `KSeF`, which has libcrypto), by `check` and before a PDF is written.
    public static let certificateRule = Rule(.ksefOfflineCertificate, summary: "the KSeF offline certificate cannot sign KOD II",
        explanation: """
        An FA(3) invoice issued offline carries KOD II, a link signed with the private key of the
        business's KSeF offline certificate (kody-qr.md). `offline_certificate:` under `ksef:` names the
        file that holds the certificate and its key: PEM (the CERTIFICATE and the PRIVATE KEY blocks) or
        PKCS#12, kept outside git; its password is read from INVOIC_KSEF_CERTIFICATE_PASSWORD. The key
        is RSA of 2048 bits or more (signed RSASSA-PSS) or EC on P-256 (ECDSA).
        """,
        example: """
        ksef:
          offline_certificate: ../secrets/ksef-offline.p12   <- wrong password, or not the certificate's key
        """)
    static var rules: [Rule] { [dueRule, overdueRule, certificateRule] }

    /// KSeF binds invoices issued from its start, 2026-02-01 (the largest businesses; everyone
    /// from 2026-04-01, the smallest from 2027-01-01): older ones were never due there.
    static let start = Day(year: 2026, month: 2, day: 1)!

    public static func diagnostics(_ book: Book, today: Day) -> [Diagnostic] {
        book.documents.compactMap { document in
            guard document.kind.isBilling, document.ksef == nil, document.void == nil, document.issued.value >= start,
                  document.issued.value <= today, book.einvoiceFormats(for: document).contains(.fa3) else { return nil }
            let deadline = PolishWorkingDays.next(after: document.issued.value)
            if today <= deadline {
                return .warning(dueRule.code, "\(document.number) has no KSeF number: send it to KSeF by \(deadline)",
                                file: document.file, range: document.issued.range,
                                help: "`invoic ksef send` sends it and writes its number as `ksef:`; or send its FA(3) file (\(book.einvoiceFileName(for: document, format: .fa3)), which `invoic build` writes) to KSeF another way, then write the number KSeF gives as `ksef:` in \(document.file)")
            }
            return .error(overdueRule.code, "\(document.number) was due in KSeF by \(deadline) and has no KSeF number",
                          file: document.file, range: document.issued.range,
                          help: "send it to KSeF now (`invoic ksef send` writes its number as `ksef:`); if KSeF announced an outage, its end moves the deadline")
        }
    }
}

/// Poland's working days: Monday to Friday except the public holidays of the Act of 18 January
/// 1951 (as amended: Epiphany since 2011, Christmas Eve since 2025).
enum PolishWorkingDays {
    /// The first working day after `day`.
    static func next(after day: Day) -> Day {
        var candidate = day.adding(days: 1)
        while !isWorkingDay(candidate) { candidate = candidate.adding(days: 1) }
        return candidate
    }

    static func isWorkingDay(_ day: Day) -> Bool {
        // 2024-01-01 was a Monday: 0 is Monday, 5 and 6 the weekend.
        let weekday = ((Day(year: 2024, month: 1, day: 1)!.days(until: day)) % 7 + 7) % 7
        return weekday < 5 && !holidays(day.year).contains(day)
    }

    static func holidays(_ year: Int) -> Set<Day> {
        let easter = easterSunday(year)
        var days: Set<Day> = [easter.adding(days: 1), easter.adding(days: 60)]   // Easter Monday, Corpus Christi
        let fixed = [(1, 1), (1, 6), (5, 1), (5, 3), (8, 15), (11, 1), (11, 11), (12, 25), (12, 26)] + (year >= 2025 ? [(12, 24)] : [])
        for (month, day) in fixed { days.insert(Day(year: year, month: month, day: day)!) }
        return days
    }

    /// Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm, Meeus/Jones/Butcher).
    static func easterSunday(_ year: Int) -> Day {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return Day(year: year, month: month, day: day)!
    }
}

extension DiagnosticCode {
    public static let ksefNumber = DiagnosticCode("ksef-number")
    public static let ksefSendDue = DiagnosticCode("ksef-send-due")
    public static let ksefSendOverdue = DiagnosticCode("ksef-send-overdue")
    public static let ksefOfflineCertificate = DiagnosticCode("ksef-offline-certificate")
}
