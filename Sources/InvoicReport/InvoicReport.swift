// The index report: see the build issue.
