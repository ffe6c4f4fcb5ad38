import InvoicBook

/// The versions of one number from the file's creation to its deletion (or to HEAD).
struct Life: Sendable {
    var versions: [Version] = []
    /// The version without a file that ended this life; nil while the file is still there at HEAD.
    var end: Version?
}

/// The lives of one number that are one document: a file deleted after it was issued and later
/// put back with the same kind, client and issue date is the same document restored; anything
/// else that takes the number later is another document.
struct DocumentRecord: Sendable {
    var lives: [Life]
    /// The first version committed as issued (an invoice with `sent`, an estimate with `accepted`).
    var fixing: Version?
    var fixingDocument: Document?

    var isFixed: Bool { fixing != nil }

    /// Every version from the creation on, ends of lives included, oldest first.
    var versions: [Version] { lives.flatMap { $0.versions + ($0.end.map { [$0] } ?? []) } }

    /// The version that ended the record, when its file is gone at HEAD.
    var end: Version? { lives.last?.end }

    static func records(of number: String, _ versions: [Version], decoded: DecodedHistory) -> [DocumentRecord] {
        var lives: [Life] = []
        var life = Life()
        for version in versions {
            if version.exists {
                life.versions.append(version)
            } else if !life.versions.isEmpty {
                life.end = version
                lives.append(life)
                life = Life()
            }
        }
        if !life.versions.isEmpty { lives.append(life) }

        var records: [DocumentRecord] = []
        for life in lives {
            if let last = records.last, let fixed = last.fixingDocument,
               life.versions.lazy.compactMap({ decoded.document(number, $0) }).first?.identity == fixed.identity {
                records[records.count - 1].lives.append(life)
            } else {
                records.append(DocumentRecord(lives: [life]))
            }
            let index = records.count - 1
            guard records[index].fixing == nil else { continue }
            for version in life.versions where decoded.mayBeFixed(version) {
                if let document = decoded.document(number, version), document.isFixed {
                    records[index].fixing = version
                    records[index].fixingDocument = document
                    break
                }
            }
        }
        return records
    }
}

extension Document {
    /// Issued for good: an invoice or a credit note once sent, an estimate once accepted.
    var isFixed: Bool { kind.isBilling ? sent != nil : accepted != nil }

    /// What makes two files with one number the same document.
    var identity: String { "\(kind.rawValue)\u{1F}\(client.value)\u{1F}\(issued.value)" }

    /// "issued invoice", "issued credit note", "accepted estimate".
    var fixedName: String { kind.isBilling ? "issued \(kind.name)" : "accepted estimate" }
}
