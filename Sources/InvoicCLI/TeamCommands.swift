import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicHistory

// Several people, several machines, one book (docs/teams.md): the merge driver git runs for
// book files, its registration, and `invoic sync`.

struct MergeFileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-file",
        abstract: "git's merge driver for book files: merges two versions of a YAML file by its meaning (registered by `invoic git setup`).",
        discussion: """
            git runs it as `invoic merge-file %O %A %B %P` and reads the result from %A. Payments, refunds, \
            reminders and outbox attempts recorded on both sides are all kept (the same one recorded twice \
            is kept once); two different edits of one key of a draft, and any edit of an issued document but \
            its recorded facts, are conflicts written between git's markers around that key, and reported. \
            A file that is not a plain YAML mapping is merged by git's own line merge. Exit status: 0 merged, \
            1 conflicts left in the file.
            """)
    @Argument(help: "The common ancestor's version (%O).") var base: String
    @Argument(help: "Our version (%A): the merged file is written here.") var ours: String
    @Argument(help: "Their version (%B).") var theirs: String
    @Argument(help: "The file's path in the repository (%P).") var path: String = ""

    func run() throws {
        let read = { (file: String) -> String? in
            FileManager.default.contents(atPath: file).flatMap { String(data: $0, encoding: .utf8) }
        }
        guard let o = read(base), let a = read(ours), let b = read(theirs),
              let merged = BookMerge.merge(base: o, ours: a, theirs: b, path: path.isEmpty ? ours : path) else {
            return try lineMerge()
        }
        do {
            try Data(merged.text.utf8).write(to: URL(fileURLWithPath: ours))
        } catch {
            Terminal.standardError.write("error: cannot write the merged \(path) to \(ours): \(error.localizedDescription)\n")
            throw ExitCode(2)
        }
        for conflict in merged.conflicts {
            Terminal.standardError.write("\(path.isEmpty ? ours : path):\(conflict.line): conflict: \(conflict.message)\n")
        }
        if !merged.conflicts.isEmpty { throw ExitCode(1) }
    }

    /// git's own three-way line merge, for a file invoic cannot read as a book file.
    private func lineMerge() throws {
        let outcome: Git.Outcome
        do {
            outcome = try Git(directory: ".").attempt(["merge-file", "-L", "ours", "-L", "base", "-L", "theirs", "--", ours, base, theirs])
        } catch {
            Terminal.standardError.write("error: \(error)\n")
            throw ExitCode(2)
        }
        Terminal.standardError.write(outcome.errors)
        if outcome.status != 0 {
            Terminal.standardError.write("\(path.isEmpty ? ours : path): conflict: not a plain YAML mapping, merged line by line by git\n")
            throw ExitCode(outcome.status > 0 ? 1 : 2)
        }
    }
}

struct GitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git", abstract: "Set up the book's git repository for sharing (docs/teams.md).",
        subcommands: [GitSetupCommand.self])
}

struct GitSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Register invoic's merge driver (.gitattributes and the repository's config) and fetch the number reservations with every fetch.")
    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."

    func run() throws {
        let directory = BookLocation.root(containing: givenDirectory)
        do {
            for line in try setUpSharing(in: directory, requireRepository: true) { Terminal.standardError.write(line + "\n") }
        } catch let error as HistoryError {
            Terminal.standardError.write("error: \(error)\n  = help: \(error.help)\n")
            throw ExitCode(1)
        }
    }
}

/// What `git setup` (and `init`) register: `*.yaml merge=invoic` in the book's `.gitattributes`,
/// the driver in the repository's config, and, for the remote the book reserves its numbers on,
/// a fetch refspec that brings the reservations. Each step is skipped when already done.
/// - Parameter requireRepository: false for `init`, which writes `.gitattributes` in a folder that
///   is no repository yet (the config then waits for `invoic git setup`).
/// - Returns: what was done, one line each.
func setUpSharing(in directory: String, requireRepository: Bool) throws -> [String] {
    var done: [String] = []
    let attributes = BookLoader.join(directory, ".gitattributes")
    let rule = "*.yaml merge=invoic"
    let existing = FileManager.default.contents(atPath: attributes).map { String(decoding: $0, as: UTF8.self) } ?? ""
    if !existing.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == rule }) {
        let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n")
            + "# invoic: book files merge by their meaning (`invoic merge-file`, docs/teams.md)\n\(rule)\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: attributes))
        done.append("wrote `\(rule)` to \(attributes)")
    }
    let git = Git(directory: directory)
    let inside = try? git.run(["rev-parse", "--is-inside-work-tree"])
    guard inside?.hasPrefix("true") == true else {
        if requireRepository { throw HistoryError.notARepository(directory) }
        return done
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let driver = "'\(executable.replacingOccurrences(of: "'", with: "'\\''"))' merge-file %O %A %B %P"
    if (try? git.run(["config", "--local", "--get", "merge.invoic.driver"]))?.trimmingCharacters(in: .newlines) != driver {
        try git.run(["config", "--local", "merge.invoic.name", "invoic: book files by their meaning"])
        try git.run(["config", "--local", "merge.invoic.driver", driver])
        done.append("registered the merge driver: \(driver)")
    }
    let remote = reservationRemote(of: directory) ?? "origin"
    if (try? git.run(["remote", "get-url", "--", remote])) != nil {
        let fetches = (try? git.run(["config", "--local", "--get-all", "remote.\(remote).fetch"])) ?? ""
        if !fetches.split(separator: "\n").contains(Substring(NumberReservation.refspec)) {
            try git.run(["config", "--local", "--add", "remote.\(remote).fetch", NumberReservation.refspec])
            done.append("`git fetch \(remote)` now also fetches the number reservations (\(NumberReservation.prefix)*)")
        }
    }
    if done.isEmpty { done.append("the repository is set up for sharing this book already") }
    return done
}

/// The remote the book at `directory` reserves its numbers on, if it says.
private func reservationRemote(of directory: String) -> String? {
    (try? BookLoader.load(at: directory).0)?.settings.numbering.reserve?.value
}

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Share the book: commit its changes, fetch, merge (with invoic's merge driver), check, push.",
        discussion: """
            Commits what changed in the book's folder, fetches the remote (and its number reservations), \
            merges the remote's branch into this one (never a rebase: the commits that issued documents keep \
            their hashes), checks the merged book with its history, and pushes. Stops before pushing when the \
            merge has conflicts or the merged book has errors, and says what to do. Exit status: 0 pushed, \
            1 stopped (conflicts, errors, the remote unreachable or refusing), 2 no book.
            """)
    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."
    @Option(help: "The remote; default: the one numbering.reserve names, else origin.") var remote: String?
    @Option(name: .shortAndLong, help: "The message of the commit of the book's changes, if there are any.") var message: String?
    @Option(help: ArgumentHelp("The day taken as today for the check (YYYY-MM-DD); default: the system date.", valueName: "date")) var today: Day?

    func run() throws {
        let directory = BookLocation.root(containing: givenDirectory)
        let lines = try Sync(directory: directory, remote: remote, message: message, today: today ?? Day.today()).run()
        for line in lines { Terminal.standardError.write(line + "\n") }
    }
}

/// `invoic sync`, also run by `invoic serve --sync` after each write.
struct Sync {
    var directory: String
    var remote: String?
    var message: String?
    var today: Day

    /// Why a sync stopped: what happened and what to do, for the person.
    struct Stopped: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the sync; throws `ExitCode(1)` after saying why it stopped.
    func run() throws -> [String] {
        do {
            return try attempt()
        } catch let stopped as Stopped {
            Terminal.standardError.write("error: \(stopped.description)\n")
            throw ExitCode(1)
        } catch let error as HistoryError {
            Terminal.standardError.write("error: \(error)\n  = help: \(error.help)\n")
            throw ExitCode(1)
        }
    }

    /// The sync, its progress as lines; throws ``Stopped`` or `HistoryError`.
    func attempt() throws -> [String] {
        guard FileManager.default.fileExists(atPath: BookLoader.join(directory, BookSettings.fileName)) else {
            throw Stopped(description: "no invoic.yaml in \(directory): this is not an invoic book")
        }
        let git = Git(directory: directory)
        let remote = self.remote ?? reservationRemote(of: directory) ?? "origin"
        guard !remote.hasPrefix("-"), (try? git.run(["remote", "get-url", "--", remote])) != nil else {
            throw Stopped(description: "this repository has no remote `\(remote)`; add it (`git remote add \(remote) URL`) or pass --remote")
        }
        let branch = try git.attempt(["symbolic-ref", "--quiet", "--short", "HEAD"])
        guard branch.succeeded else { throw Stopped(description: "HEAD is detached: check out the branch to sync (`git switch main`)") }
        let name = branch.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if try git.attempt(["rev-parse", "--verify", "--quiet", "MERGE_HEAD"]).succeeded {
            throw Stopped(description: "a merge is in progress: resolve its conflicts, `git add` the files and `git commit`, then run `invoic sync` again")
        }
        var done = try setUpSharing(in: directory, requireRepository: true).filter { !$0.hasPrefix("the repository is set up") }

        // 1. The book's changes, committed (only the book's folder).
        try git.run(["add", "--all", "--", "."])
        if try !git.attempt(["diff", "--cached", "--quiet"]).succeeded {
            try git.run(["commit", "--quiet", "-m", message ?? "invoic sync: the book's changes"])
            done.append("committed the book's changes")
        }
        // 2-4. Fetch, merge, check, push; again when another clone pushed in between.
        for _ in 0..<5 {
            let fetched = try git.attempt(["fetch", "--quiet", "--no-tags", remote, "+refs/heads/\(name):refs/remotes/\(remote)/\(name)", NumberReservation.refspec])
            // A remote without the branch yet (the first push) fetches nothing for it.
            if !fetched.succeeded && !fetched.errors.contains("couldn't find remote ref") {
                throw Stopped(description: "cannot fetch from `\(remote)` (git said: \(fetched.errors.trimmingCharacters(in: .whitespacesAndNewlines))); nothing was pushed, your changes are committed here: run `invoic sync` again when the remote is reachable")
            }
            let tracking = "refs/remotes/\(remote)/\(name)"
            if try git.attempt(["rev-parse", "--verify", "--quiet", tracking]).succeeded {
                let merged = try git.attempt(["merge", "--quiet", "--no-edit", tracking])
                if !merged.succeeded {
                    let conflicted = try git.run(["diff", "--name-only", "--diff-filter=U"]).split(separator: "\n").joined(separator: ", ")
                    Terminal.standardError.write(merged.errors)
                    throw Stopped(description: "merging \(remote)/\(name) left conflicts in \(conflicted.isEmpty ? "the book" : conflicted); nothing was pushed. "
                                  + "Each conflict is between git's markers (<<<<<<< ours, >>>>>>> theirs) around the field, with the reason above: "
                                  + "keep the right lines, `git add` the files, `git commit`, then run `invoic sync` again")
                }
            }
            var checked = try runPipeline(BookPipeline(root: directory, history: .required), upTo: .history)
            // A gap of numbers other clones reserved is theirs in flight: it closes when they push.
            if checked.book.settings.numbering.reserve != nil, let held = NumberReservation.gapsHeldElsewhere(checked.book, root: directory), !held.isEmpty {
                checked.diagnostics.removeAll { $0.code == .numberingGap }
                done.append("note: \(held.joined(separator: ", ")) \(held.count == 1 ? "is" : "are") reserved on `\(remote)` but not in the book yet (another clone's, not pushed yet): the gap closes when it is")
            }
            if checked.diagnostics.contains(where: { $0.severity == .error }) {
                Reporter(format: .human, root: directory, sources: checked.sources).report(checked.diagnostics)
                throw Stopped(description: "the merged book has errors; nothing was pushed. Fix them (`invoic check --history`), commit, and run `invoic sync` again")
            }
            let pushed = try git.attempt(["push", "--porcelain", remote, "HEAD:refs/heads/\(name)"])
            if pushed.succeeded {
                done.append("synced with \(remote)/\(name): merged, checked and pushed")
                return done
            }
            let verdicts = pushed.output.split(separator: "\n").filter { $0.hasPrefix("!") }
            if verdicts.isEmpty || NumberReservation.refusedByServer(verdicts) {
                let said = NumberReservation.serverSaid(verdicts, pushed.errors).split(separator: "\n").joined(separator: "; ")
                throw Stopped(description: "`\(remote)` refused the push (git said: \(said)); your changes are merged and committed here, nothing was pushed")
            }
            // `[rejected]`, or the branch locked by a push at the same moment: another clone
            // pushed meanwhile: fetch and merge that too.
        }
        throw Stopped(description: "`\(remote)` moved on five times while syncing; run `invoic sync` again")
    }
}
