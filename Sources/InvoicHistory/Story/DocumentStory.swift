import InvoicBook

/// The life of a document from its git history, in words: `invoic log INV-0007`.
public struct DocumentStory: Sendable {
    /// What one commit did to the document (or, with no commit, what is not committed yet).
    public struct Entry: Sendable {
        public var commit: CommitInfo?
        public var events: [String]
    }

    /// One document's life; an invoice converted from an estimate is told after the estimate's.
    public struct Chapter: Sendable {
        public var number: String
        public var heading: String
        public var entries: [Entry]
        /// Where it stands today, e.g. "paid"; nil when the document is gone.
        public var status: String?
    }

    public var chapters: [Chapter]
}

extension BookHistory {
    /// The story of `number`: every commit that changed it, what changed in words, and where it
    /// stands now. For an invoice converted from an estimate, the estimate's story comes first.
    /// - Parameter book: the book as it is now, for uncommitted changes, names and the status.
    public func story(of number: String, in book: Book?, today: Day) -> DocumentStory? {
        guard let chapter = chapter(number, in: book, today: today) else { return nil }
        var chapters = [chapter.chapter]
        if let estimate = chapter.estimate, let first = self.chapter(estimate, in: book, today: today) {
            chapters.insert(first.chapter, at: 0)
        }
        return DocumentStory(chapters: chapters)
    }

    private func chapter(_ number: String, in book: Book?, today: Day) -> (chapter: DocumentStory.Chapter, estimate: String?)? {
        let versions = timeline.documents[number] ?? []
        let current = book?.documents.first { $0.number == number }
        guard !versions.isEmpty || current != nil else { return nil }
        decoded.decode(Dictionary(versions.compactMap { version in
            version.blob.map { (DecodedHistory.key(kind: version.kind, number: number, blob: $0), $0) }
        }) { first, _ in first })

        let teller = StoryTeller()
        var entries: [DocumentStory.Entry] = []
        var previous: Document?
        var previousPath: String?
        var fixed = false
        for version in versions {
            let document = decoded.document(number, version).map { priced($0, at: version.commit, current: book) }
            let moved = previous != nil && version.path != nil && version.path != previousPath ? version.path : nil
            var events = teller.events(from: previous, to: document, version: version, movedTo: moved, wasFixed: fixed)
            if version.exists, document == nil { events = ["the file could not be read here (\(version.path ?? number))"] }
            if !events.isEmpty { entries.append(DocumentStory.Entry(commit: timeline.commits[version.commit], events: events)) }
            if let document { fixed = fixed || document.isFixed }
            if !version.exists { fixed = false }
            previous = version.exists ? (document ?? previous) : nil
            previousPath = version.path
        }
        if book != nil {
            let moved = previous != nil && current != nil && current?.file != previousPath ? current?.file : nil
            let uncommitted = teller.events(from: previous, to: current, version: nil, movedTo: moved, wasFixed: fixed, quietWhenSame: true)
            if !uncommitted.isEmpty { entries.append(DocumentStory.Entry(commit: nil, events: uncommitted)) }
        }

        let latest = current ?? (versions.last?.exists == true ? previous : nil) ?? previous
        let kind = latest?.kind ?? versions.last?.kind ?? .invoice
        var heading = "\(number) · \(kind.name)"
        if let latest {
            let id = latest.client.value
            heading += " to " + (book?.clients[id].map { "\($0.contact.name) (\(id))" } ?? id)
            if let estimate = latest.fromEstimate?.value { heading += ", converted from \(estimate)" }
        }
        var status: String?
        if let current, let book {
            status = book.status(of: current, today: today).rawValue
            if kind == .estimate, let invoice = book.conversions[number] { status = "converted into \(invoice)" }
            status! += " (as of \(today))"
        } else if book != nil, current == nil {
            status = versions.isEmpty ? nil : "gone from the book"
        }
        return (DocumentStory.Chapter(number: number, heading: heading, entries: entries, status: status), latest?.fromEstimate?.value)
    }
}

extension DocumentStory {
    /// The story as text: a heading per document, then per commit its hash, date, author and
    /// subject with what it did indented below.
    public var text: String {
        var out = ""
        for (index, chapter) in chapters.enumerated() {
            if index > 0 { out += "\n" }
            out += chapter.heading + "\n"
            if chapter.entries.isEmpty { out += "  no commit has it yet\n" }
            for entry in chapter.entries {
                if let commit = entry.commit {
                    out += "  \(commit.shortHash)  \(commit.timestamp.prefix(10))  \(commit.author)"
                    out += commit.subject.isEmpty ? "\n" : "  \"\(commit.subject)\"\n"
                } else {
                    out += "  not committed yet\n"
                }
                for event in entry.events { out += "      \(event)\n" }
            }
            if let status = chapter.status { out += "  now: \(status)\n" }
        }
        return out
    }
}
