import Foundation

/// Where the SMTP password comes from: never the book (it is in git), but an environment
/// variable or the user's ~/.netrc, the file curl, git and ftp read.
public enum Credentials {
    /// The variable named `variable` when it is set, else the password of `host` (and `login`,
    /// when given) in the netrc file ($NETRC or ~/.netrc).
    public static func password(host: String, login: String?, variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let value = environment[variable], !value.isEmpty { return value }
        let path = environment["NETRC"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.netrc")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return netrc(text, host: host, login: login)?.password
    }

    /// The login and password of `host` in netrc text (`machine`, `login`, `password` tokens;
    /// `default` matches any host), the first entry that fits.
    public static func netrc(_ text: String, host: String, login: String?) -> (login: String?, password: String?)? {
        let tokens = text.split { $0.isWhitespace }.map(String.init)
        var entries: [(machine: String?, login: String?, password: String?)] = []
        var index = 0
        while index < tokens.count {
            switch tokens[index] {
            case "machine" where index + 1 < tokens.count:
                entries.append((tokens[index + 1], nil, nil)); index += 2
            case "default":
                entries.append((nil, nil, nil)); index += 1
            case "login" where index + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].login = tokens[index + 1]; index += 2
            case "password" where index + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].password = tokens[index + 1]; index += 2
            default:
                index += 1
            }
        }
        let fits = entries.filter { ($0.machine == nil || $0.machine == host) && (login == nil || $0.login == nil || $0.login == login) }
        return (fits.first { $0.machine != nil } ?? fits.first).map { ($0.login, $0.password) }
    }
}
