import Foundation
import InvoicBook
import InvoicDiagnostics

/// Final numbers reserved on a git remote, so that clones of one book never give one number
/// twice (`numbering: { reserve: origin }`, docs/teams.md).
///
/// A reservation is the reference `refs/invoic/numbers/<kind>/<number>` on the remote. It is
/// created by one `git push --atomic` that never forces: git refuses to move a reference that
/// exists to a commit that does not descend from it, and a reservation commit never descends
/// from another clone's (it is made here, from this clone's HEAD, and never enters a branch).
/// So of two clones pushing the same number at the same moment, exactly one wins; the other
/// hears `[rejected]`, fetches the reservations and tries the next number.
///
/// The reference points at a small commit of its own: its parent is the HEAD the number was
/// given on, its message names the number and the file, its author says who took it and when.
public struct NumberReservation: Sendable {
    public let root: String
    public let remote: String
    let git: GitProcess

    /// Where every reservation lives, on the remote and, once fetched, here.
    public static let prefix = "refs/invoic/numbers/"

    /// The refspec that brings the remote's reservations here under the same names.
    public static let refspec = "+refs/invoic/numbers/*:refs/invoic/numbers/*"

    /// Why a number could not be reserved. Nothing was written when one is thrown.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The remote could not be reached (offline, a wrong URL, no permission to read).
        case unreachable(remote: String, message: String)
        /// The remote refused the push for another reason than the number being taken: a
        /// pre-receive hook, a protected namespace, no permission to write.
        case refused(remote: String, number: String, message: String)
        /// A remote name that would reach git as an option.
        case badRemote(String)
        /// Another local git failure (no identity for the reservation commit, say).
        case git(HistoryError)
        /// Every number tried was taken meanwhile: a remote refusing in a way git does not name.
        case exhausted(remote: String, last: String)

        public var description: String {
            switch self {
            case .unreachable(let remote, let message):
                return "the remote `\(remote)` cannot be reached to reserve the number (git said: \(Self.said(message))); nothing was written. "
                    + "This book reserves every final number on `\(remote)` first (numbering.reserve in invoic.yaml), so no other clone can give the same one: "
                    + "try again when the remote is reachable"
            case .refused(let remote, let number, let message):
                return "`\(remote)` refused the reservation of \(number) (git said: \(Self.said(message))); nothing was written. "
                    + "Whoever runs the remote must let this clone push references under \(NumberReservation.prefix)"
            case .badRemote(let remote):
                return "numbering.reserve names the remote `\(remote)`, which git would read as an option; name a remote such as origin"
            case .git(let error):
                return "cannot reserve the number: \(error)"
            case .exhausted(let remote, let last):
                return "`\(remote)` refused every number up to \(last) as taken; nothing was written. Run `invoic sync` and try again"
            }
        }

        private static func said(_ message: String) -> String {
            let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return lines.isEmpty ? "nothing" : lines.joined(separator: "; ")
        }
    }

    public init(root: String, remote: String) throws(Failure) {
        guard !remote.isEmpty, !remote.hasPrefix("-"), !remote.contains(where: { $0.isNewline || $0 == "\0" }) else { throw .badRemote(remote) }
        self.root = root
        self.remote = remote
        git = GitProcess(directory: root)
    }

    /// The reference that reserves `number` of `kind`: the number as its file is named
    /// (`FAC/2026/001` is `FAC_2026_001`), in the folder of its kind.
    public static func reference(kind: DocumentKind, number: String) -> String {
        prefix + kind.rawValue + "/" + DocumentKind.fileStem(forNumber: number)
    }

    /// Brings the remote's reservations here (same names), so ``reservedStems(of:)`` and
    /// `check --history` know them.
    public func fetch() throws(Failure) {
        let outcome = try attempt(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", remote, Self.refspec])
        guard outcome.status == 0 else { throw .unreachable(remote: remote, message: outcome.errors) }
    }

    /// The file stems of the numbers of `kind` reserved as this repository last heard.
    public func reservedStems(of kind: DocumentKind) throws(Failure) -> Set<String> {
        Set(try Self.references(git).compactMap { name in
            let rest = name.dropFirst(Self.prefix.count)
            guard rest.hasPrefix(kind.rawValue + "/") else { return nil }
            return String(rest.dropFirst(kind.rawValue.count + 1))
        })
    }

    /// Every reservation reference of the repository at `root` (none when it is not one).
    public static func references(root: String) -> Set<String> {
        Set((try? references(GitProcess(directory: root))) ?? [])
    }

    private static func references(_ git: GitProcess) throws(Failure) -> [String] {
        do {
            return String(decoding: try git.run(["for-each-ref", "--format=%(refname)", prefix]), as: UTF8.self)
                .split(separator: "\n").map(String.init)
        } catch {
            throw .git(error)
        }
    }

    /// The numbers missing from this copy of the book that are reserved (by other clones, which
    /// wrote them and have not pushed them yet, or by a command that stopped after reserving),
    /// when every gap of the book is such a number; nil when a gap has a number nobody reserved.
    public static func gapsHeldElsewhere(_ book: Book, root: String) -> [String]? {
        let references = references(root: root)
        var held: [String] = []
        for gap in book.gaps() {
            guard gap.sequences.count <= 1000 else { return nil }
            for sequence in gap.sequences {
                let number = gap.number(sequence)
                guard references.contains(reference(kind: gap.kind, number: number)) else { return nil }
                held.append(number)
            }
        }
        return held
    }

    /// Reserves the first free number from sequence `first` on: `format` makes the number of a
    /// sequence, `file` names the file it will be written to (for the reservation's message).
    /// - Returns: the number, and whether numbers before it were skipped because other clones
    ///   hold them (then this copy of the book has a gap until it is synced).
    public func reserve(kind: DocumentKind, from first: Int, format: (Int) -> String, file: (String) -> String) throws(Failure) -> (number: String, skipped: Bool) {
        try fetch()
        var taken = try reservedStems(of: kind)
        var sequence = first
        var last = format(first)
        // Each refusal means another clone took a number meanwhile; a remote that refuses more
        // often than any studio issues in one go is refusing for some other reason.
        for _ in 0..<100 {
            while taken.contains(DocumentKind.fileStem(forNumber: format(sequence))) { sequence += 1 }
            let number = format(sequence)
            last = number
            if try push(number, kind: kind, file: file(number)) { return (number, sequence > first) }
            // `[rejected]`: the reference exists, another clone holds the number.
            try fetch()
            taken = try reservedStems(of: kind)
            taken.insert(DocumentKind.fileStem(forNumber: number))
        }
        throw .exhausted(remote: remote, last: last)
    }

    /// Where this clone notes the reservations it made itself (never pushed, never fetched):
    /// what tells its own reservation from another clone's of the same number.
    static let claimedPrefix = "refs/invoic/claimed/"

    /// Makes sure `number` is reserved for this document before it is sent: reserved by this
    /// clone, or for a document that came from the remote's branch, or free and reserved now.
    /// - Returns: false when another clone holds the number for another document (one numbered by
    ///   hand, or before the book reserved its numbers): this one must be renumbered.
    public func confirm(kind: DocumentKind, number: String, file: String) throws(Failure) -> Bool {
        try fetch()
        let reference = Self.reference(kind: kind, number: number)
        guard try reservedStems(of: kind).contains(DocumentKind.fileStem(forNumber: number)) else {
            return try push(number, kind: kind, file: file)
        }
        let claimed = Self.claimedPrefix + reference.dropFirst(Self.prefix.count)
        let mine = try attempt(["rev-parse", "--verify", "--quiet", claimed]).text, theirs = try attempt(["rev-parse", "--verify", "--quiet", reference]).text
        if !mine.isEmpty, mine == theirs { return true }
        // A document another clone wrote (and reserved) reached this one through the remote's branch.
        let prefix = try attempt(["rev-parse", "--show-prefix"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let branches = try attempt(["for-each-ref", "--format=%(refname)", "refs/remotes/\(remote)/"]).text.split(separator: "\n")
        for branch in branches where try attempt(["cat-file", "-e", "\(branch):\(prefix)\(file)"]).status == 0 { return true }
        return false
    }

    /// One push of one reservation: true when it landed, false when the number is taken (or
    /// being taken by a push at the same moment).
    private func push(_ number: String, kind: DocumentKind, file: String) throws(Failure) -> Bool {
        let reference = Self.reference(kind: kind, number: number)
        let commit = try reservationCommit(number: number, kind: kind, file: file)
        let pushed = try attempt(["push", "--atomic", "--porcelain", "--no-verify", remote, "\(commit):\(reference)"])
        if pushed.status == 0 {
            // Known here at once, without waiting for the next fetch, and known as this clone's.
            _ = try? attempt(["update-ref", reference, commit, ""])
            _ = try? attempt(["update-ref", Self.claimedPrefix + reference.dropFirst(Self.prefix.count), commit, ""])
            return true
        }
        let verdicts = pushed.text.split(separator: "\n").filter { $0.hasPrefix("!") }
        if Self.refusedByServer(verdicts) || (verdicts.isEmpty && pushed.errors.contains("hook declined")) {
            throw .refused(remote: remote, number: number, message: Self.serverSaid(verdicts, pushed.errors))
        }
        guard !verdicts.isEmpty else { throw .unreachable(remote: remote, message: pushed.errors) }
        return false
    }

    /// Whether a push's verdicts (`!` lines of `--porcelain`) say the server refused it for good:
    /// `[remote rejected]` for another reason than a reference locked by a push at the same
    /// moment (which is worth trying again).
    public static func refusedByServer(_ verdicts: [Substring]) -> Bool {
        let busy = ["atomic transaction failed", "failed to lock", "cannot lock", "failed to update ref", "already exists"]
        return verdicts.contains { verdict in verdict.contains("[remote rejected]") && !busy.contains { verdict.contains($0) } }
    }

    /// What the server said about a refused push: its verdicts and the lines its hooks printed.
    public static func serverSaid(_ verdicts: [Substring], _ errors: String) -> String {
        let remote = errors.split(separator: "\n").filter { $0.hasPrefix("remote:") }.map { $0.trimmingCharacters(in: .whitespaces) }
        let lines = verdicts.map(String.init) + remote
        return lines.isEmpty ? errors : lines.joined(separator: "\n")
    }

    /// The commit a reservation points at: the empty tree, HEAD (if any) as parent, a message
    /// that names what was reserved. Made with the user's own git identity.
    ///
    /// Its message ends with a random claim: two clones at the same HEAD reserving the same
    /// number in the same second as the same person would otherwise make the very same commit,
    /// and pushing an object the remote already has at that reference succeeds for both.
    private func reservationCommit(number: String, kind: DocumentKind, file: String) throws(Failure) -> String {
        do {
            let tree = try text(git.run(["hash-object", "-t", "tree", "-w", "--stdin"], input: []))
            let claim = (0..<2).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 16) }.joined(separator: "-")
            var arguments = ["commit-tree", tree, "-m", "invoic: reserve \(kind.name) \(number) (\(file))", "-m", "claim: \(claim)"]
            if let head = try? text(git.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])), !head.isEmpty {
                arguments += ["-p", head]
            }
            return try text(git.run(arguments))
        } catch {
            throw .git(error)
        }
    }

    private func attempt(_ arguments: [String]) throws(Failure) -> GitProcess.Outcome {
        do {
            return try git.attempt(arguments)
        } catch {
            throw .git(error)
        }
    }

    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// `check --history` in a book that reserves its numbers: every issued document's number has its
/// reservation (fetched from the remote by `invoic sync` or `git fetch`).
public enum NumbersAreReserved {
    public static let rule = Rule(.numberNotReserved,
        summary: "an issued document's number has no reservation on the book's remote",
        explanation: """
            A book with `numbering: { reserve: origin }` is shared by several clones: every final number is
            first reserved on the remote (the reference refs/invoic/numbers/<kind>/<number>) by the command that
            gives it, so two clones never issue one number twice. A sent document whose number has no
            reservation was numbered by hand or by a clone that did not reserve: another clone may hold the
            same number for another document.

            Fetch the reservations (`invoic sync`, or `git fetch origin 'refs/invoic/numbers/*:refs/invoic/numbers/*'`).
            If the number is still not reserved, nobody else took it yet: `invoic send` of a draft reserves its
            number; for a document sent without one, ask the other clones, then reserve it with
            `git push origin HEAD:refs/invoic/numbers/invoice/INV-0015`.
            """,
        example: """
            # invoic.yaml
            numbering: { invoice: "INV-{seq:4}", reserve: origin }
            # invoices/INV-0015.yaml, written by hand and sent, no refs/invoic/numbers/invoice/INV-0015
            client: acme
            issued: 2026-03-01
            sent: 2026-03-02
            """)

    /// The issued documents of `book` whose number has no reservation in the repository at `root`.
    public static func diagnostics(_ book: Book, root: String) -> [Diagnostic] {
        guard let remote = book.settings.numbering.reserve?.value else { return [] }
        let references = NumberReservation.references(root: root)
        return book.documents.filter { $0.sent != nil || $0.accepted != nil }.compactMap { document in
            guard !references.contains(NumberReservation.reference(kind: document.kind, number: document.number)) else { return nil }
            return .error(rule.code, "\(document.kind.name) \(document.number) was issued without a reservation of its number on `\(remote)`",
                          file: document.file, range: document.numberKey?.range ?? document.sent?.range ?? document.accepted?.range,
                          help: "run `invoic sync` to fetch the reservations; if it is still not reserved, another clone may hold \(document.number): "
                              + "see `invoic explain number-not-reserved`",
                          notes: ["expected the reference \(NumberReservation.reference(kind: document.kind, number: document.number))"])
        }
    }
}

extension DiagnosticCode {
    public static let numberNotReserved = DiagnosticCode("number-not-reserved")
}
