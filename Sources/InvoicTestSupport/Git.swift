import Foundation

/// git as the tests run it: no user or system configuration and none of the caller's `GIT_`
/// variables, with Ann Example as author and committer on 2026-03-`day` at 10:00 (+01:00), so
/// every commit hash is the same on every run and every machine.
/// - Parameter environment: more variables for git and what it runs (a hook, say).
public func runGit(_ arguments: [String], in folder: URL, day: Int, environment: [String: String] = [:]) throws -> ProcessOutput {
    let date = String(format: "2026-03-%02dT10:00:00+01:00", max(day, 1))
    let fixed = [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Ann Example", "GIT_AUTHOR_EMAIL": "ann@example.com", "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_NAME": "Ann Example", "GIT_COMMITTER_EMAIL": "ann@example.com", "GIT_COMMITTER_DATE": date,
    ]
    return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder,
                          environment: fixed.merging(environment) { $1 }, dropping: { $0.hasPrefix("GIT_") })
}
