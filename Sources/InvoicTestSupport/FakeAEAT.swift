import Foundation

/// Tests/Fixtures/verifactu/fake_aeat.py running: the AEAT's VERI*FACTU web service as the WSDL
/// and RespuestaSuministro.xsd describe it, over HTTPS that requires a client certificate. The
/// certificates are made here with the openssl CLI: a CA, the server's (for 127.0.0.1), and the
/// client's as the PKCS#12 file a user is given (password `password`).
public final class FakeAEAT {
    public let folder: URL
    public let port: Int
    private let process = Process()
    public static let password = "s3cret-p12"

    public var url: String { "https://127.0.0.1:\(port)/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP" }
    public var caFile: String { folder.appendingPathComponent("ca.crt").path }
    public var clientP12: String { folder.appendingPathComponent("client.p12").path }
    public var log: URL { folder.appendingPathComponent("log") }

    /// - Parameter options: the fake's options (`--reject F-0002`, `--drop-once`, ...).
    public init(_ options: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-aeat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("log"), withIntermediateDirectories: true)
        let script = """
            set -e
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -days 2 -subj "/CN=Fake AEAT CA"
            openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj "/CN=127.0.0.1"
            printf 'subjectAltName=IP:127.0.0.1\\n' > san.ext
            openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days 2 -extfile san.ext
            openssl req -newkey rsa:2048 -nodes -keyout client.key -out client.csr -subj "/CN=GARCIA ANA - 12345678Z"
            openssl x509 -req -in client.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out client.crt -days 2
            openssl pkcs12 -export -in client.crt -inkey client.key -out client.p12 -passout pass:\(Self.password)
            """
        let made = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder)
        guard made.status == 0 else { throw Failure(description: "openssl failed: \(made.stderr)") }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Standards.repository.appendingPathComponent("Tests/Fixtures/verifactu/fake_aeat.py").path,
                             "--cert", "server.crt", "--key", "server.key", "--ca", "ca.crt", "--log", "log"] + options
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let words = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard words.count == 2, words[0] == "listening", let port = Int(words[1]) else {
            throw Failure(description: "the fake AEAT did not start: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// The request bodies (RegFactuSistemaFacturacion) and the answers (RespuestaRegFactuSistemaFacturacion)
    /// the fake saw and gave, in order, as files.
    public func exchanged(_ prefix: String) -> [URL] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: log.path)) ?? []).filter { $0.hasPrefix(prefix + "-") }
        return names.sorted { Int($0.dropFirst(prefix.count + 1).dropLast(4)) ?? 0 < Int($1.dropFirst(prefix.count + 1).dropLast(4)) ?? 0 }
            .map { log.appendingPathComponent($0) }
    }

    /// One line per request: its number, the client certificate's CN, Content-Type and SOAPAction.
    public var requests: [String] {
        ((try? String(contentsOf: log.appendingPathComponent("requests.txt"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}
