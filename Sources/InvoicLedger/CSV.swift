/// CSV per RFC 4180: fields with a comma, quote or line break quoted, lines ended by CRLF.
enum CSV {
    static func line(_ fields: [String], separator: Character = ",") -> String {
        fields.map { field in
            field.contains(where: { $0 == separator || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: String(separator)) + "\r\n"
    }
}
