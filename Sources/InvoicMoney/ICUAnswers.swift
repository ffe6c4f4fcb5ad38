import Synchronization

/// What ICU answered in this process, and in earlier runs on the same book: the learned number
/// formats by locale, currency and decimals, and the texts ICU spelled (a document's dates and
/// tax rates, keyed by what they depend on: locale, style, value).
///
/// A one-shot `invoic pdf N` used to ask ICU afresh each run: learning a format (about 80
/// formats by ICU, to check it) and the first date and percent (ICU's pattern generator and
/// formatters, each built on first use) were ~7 % of its CPU (issue 41 point 10). The answers
/// are kept in the book's cache (InvoicBuild's `ICUAnswersUnit`), whose frame holds invoic's
/// build, so a rebuilt binary (other ICU data, other code) asks ICU again; every text is still
/// ICU's, only not asked twice.
public final class ICUAnswers: Sendable {
    public static let shared = ICUAnswers()

    /// Bounds the texts kept: a book prints a few dates and rates per document; past this many,
    /// the rest are asked each time.
    static let maxTexts = 4096

    private struct State {
        var texts: [String: String] = [:]
        /// nil: ICU's format for the key cannot be learned (ICU formats each amount).
        var formats: [String: LearnedNumberFormat?] = [:]
        /// Whether an answer was added since the last `restore` or `export`.
        var added = false
    }
    private let state = Mutex(State())

    /// A table of its own (the tests'); the process's is `shared`.
    public init() {}

    /// The text ICU gives for `key`, asked once.
    public func text(_ key: String, icu: () -> String) -> String {
        if let known = state.withLock({ $0.texts[key] }) { return known }
        let text = icu()
        state.withLock {
            if $0.texts.count < Self.maxTexts, $0.texts[key] == nil {
                $0.texts[key] = text
                $0.added = true
            }
        }
        return text
    }

    /// The learned format for `key` (locale, currency, decimals), learned on first use by any thread.
    func format(key: String, fractionDigits: Int, icu: (Int128, Int) -> String) -> LearnedNumberFormat? {
        if let known = state.withLock({ $0.formats[key] }), known?.fractionDigits ?? fractionDigits == fractionDigits { return known }
        let learned = LearnedNumberFormat.learn(fractionDigits: fractionDigits, icu: icu)
        state.withLock {
            $0.formats[key] = .some(learned)
            $0.added = true
        }
        return learned
    }

    // MARK: - Between runs

    /// The answers as they are kept: texts by key, and the formats by key as their fields (empty:
    /// cannot be learned).
    public struct Entries: Sendable, Equatable {
        public var texts: [String: String]
        public var formats: [String: [String]]

        public init(texts: [String: String] = [:], formats: [String: [String]] = [:]) {
            self.texts = texts
            self.formats = formats
        }
    }

    /// The answers, when one was added since they were last restored or exported; nil otherwise
    /// (nothing new to keep).
    public func exportIfAdded() -> Entries? {
        state.withLock { state in
            guard state.added else { return nil }
            state.added = false
            return Entries(texts: state.texts, formats: state.formats.mapValues { $0?.fields ?? [] })
        }
    }

    /// Takes the answers of an earlier run (of this build: the caller's cache checks that), under
    /// those of this process. A format whose fields are not a format's is left out (asked again).
    public func restore(_ entries: Entries) {
        state.withLock { state in
            for (key, text) in entries.texts where state.texts[key] == nil && state.texts.count < Self.maxTexts {
                state.texts[key] = text
            }
            for (key, fields) in entries.formats where state.formats[key] == nil {
                if fields.isEmpty {
                    state.formats[key] = .some(nil)
                } else if let format = LearnedNumberFormat(fields: fields) {
                    state.formats[key] = .some(format)
                }
            }
        }
    }
}
