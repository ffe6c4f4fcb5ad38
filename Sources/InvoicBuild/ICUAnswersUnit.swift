import InvoicMoney

/// ICU's answers (`ICUAnswers`: learned number formats, the dates and rates it spelled) kept in
/// the book's cache as the unit `icu`, so a one-shot command asks ICU only what no earlier run
/// on the book asked: learning a format costs about 80 ICU formats, and the first date and
/// percent build ICU's pattern generator and formatters (~7 % of `invoic pdf N`, issue 41 point
/// 10). The frame's build (invoic's version, its executable's size and time) makes a rebuilt
/// binary, whose ICU data may differ, ask again; a unit that does not read back whole is
/// ignored, as every unit is.
public enum ICUAnswersUnit {
    static let unit = "icu"
    /// One unit per book: the answers depend on the build (in the frame) and on nothing else.
    static let key = "icu-answers 1"

    /// Takes the answers stored for the book at `root`, if any.
    public static func load(root: String, into answers: ICUAnswers = .shared) {
        guard let payload = ContentCache(root: root).load(unit, key: key), let entries = entries(payload) else { return }
        answers.restore(entries)
    }

    /// Stores the answers when this run added one; a book that cannot be written is only slower.
    public static func store(root: String, from answers: ICUAnswers = .shared) {
        guard let entries = answers.exportIfAdded() else { return }
        ContentCache(root: root).store(unit, key: key, bytes(entries))
    }

    static func bytes(_ entries: ICUAnswers.Entries) -> [UInt8] {
        var out = UnitWriter()
        out.count(entries.texts.count)
        for (key, text) in entries.texts.sorted(by: { $0.key < $1.key }) {
            out.string(key)
            out.string(text)
        }
        out.count(entries.formats.count)
        for (key, fields) in entries.formats.sorted(by: { $0.key < $1.key }) {
            out.string(key)
            out.count(fields.count)
            for field in fields { out.string(field) }
        }
        return out.bytes
    }

    /// The entries of `bytes`; nil unless they are exactly what `bytes(_:)` writes.
    static func entries(_ bytes: [UInt8]) -> ICUAnswers.Entries? {
        var reader = UnitReader(bytes: bytes)
        var entries = ICUAnswers.Entries()
        guard let textCount = reader.count() else { return nil }
        for _ in 0..<textCount {
            guard let key = reader.string(), let text = reader.string() else { return nil }
            entries.texts[key] = text
        }
        guard let formatCount = reader.count() else { return nil }
        for _ in 0..<formatCount {
            guard let key = reader.string(), let fieldCount = reader.count(), fieldCount <= 10 else { return nil }
            var fields: [String] = []
            for _ in 0..<fieldCount {
                guard let field = reader.string() else { return nil }
                fields.append(field)
            }
            entries.formats[key] = fields
        }
        return reader.atEnd ? entries : nil
    }
}
