import CQPDF
import CZlib
import Foundation

/// The e-invoice a Factur-X / ZUGFeRD PDF carries: its embedded files are found through the
/// document's name tree (`/Root /Names /EmbeddedFiles`) and its associated files (`/Root /AF`),
/// read by qpdf's C API (which never throws into Swift: a damaged PDF is an error code). Every walk
/// is bounded and every stream is inflated here with a limit, so a hostile PDF (a loop in the name
/// tree, a compression bomb) is refused, never followed.
enum PDFAttachments {
    /// The names the Factur-X, ZUGFeRD and XRechnung-in-PDF specifications give the invoice.
    static let invoiceNames = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml", "zugferd_invoice.xml", "zugferd-invoice.xml"]
    static let maximumEmbeddedSize = XMLReader.maximumSize
    static let maximumNodes = 10_000
    /// The name qpdf is given for the bytes (it prefixes its messages with it).
    static let pdfName = "received.pdf"

    static func invoiceXML(in pdf: [UInt8]) throws(Refusal) -> (name: String, bytes: [UInt8]) {
        var message = [CChar](repeating: 0, count: 512)
        guard let api = invoic_qpdf_open(&message, message.count)?.pointee else {
            throw Refusal("cannot look inside the PDF: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))",
                          help: "install qpdf's library (Debian: libqpdf29), or receive the XML on its own")
        }
        var handle = api.qpdf_init()
        guard let q = handle else { throw Refusal("qpdf could not start", help: "try again; the machine may be out of memory") }
        defer { api.qpdf_cleanup(&handle) }
        api.qpdf_set_suppress_warnings(q, QPDF_TRUE)
        // Errors inside the object functions (a damaged object, an unreadable object stream) are
        // checked here with qpdf_has_error, never written by qpdf to standard error.
        api.qpdf_silence_errors(q)
        let read = pdf.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { api.qpdf_read_memory(q, pdfName, $0.baseAddress, UInt64($0.count), nil) }
        }
        if read & QPDF_ERRORS != 0 {
            throw Refusal("the PDF cannot be read (\(qpdfError(api, q) ?? "damaged"))", help: "ask the supplier to send it again, or to send the XML")
        }
        let root = api.qpdf_get_root(q)
        if let error = qpdfError(api, q) {
            throw Refusal("the PDF is damaged: \(error)", help: "ask the supplier to send it again, or to send the XML")
        }
        var files: [(name: String, spec: qpdf_oh)] = []
        var visited = 0
        // The name tree: /Names [name spec ...] at its leaves, /Kids below its inner nodes.
        if api.qpdf_oh_has_key(q, root, "/Names") == QPDF_TRUE {
            let names = api.qpdf_oh_get_key(q, root, "/Names")
            if api.qpdf_oh_is_dictionary(q, names) == QPDF_TRUE, api.qpdf_oh_has_key(q, names, "/EmbeddedFiles") == QPDF_TRUE {
                var pending = [(api.qpdf_oh_get_key(q, names, "/EmbeddedFiles"), 0)]
                while let (node, depth) = pending.popLast(), visited < maximumNodes, depth < 32 {
                    visited += 1
                    guard api.qpdf_oh_is_dictionary(q, node) == QPDF_TRUE else { continue }
                    let leaf = api.qpdf_oh_get_key(q, node, "/Names")
                    if api.qpdf_oh_is_array(q, leaf) == QPDF_TRUE {
                        let count = min(Int(api.qpdf_oh_get_array_n_items(q, leaf)), 2 * maximumNodes)
                        var index = 0
                        while index + 1 < count {
                            let spec = api.qpdf_oh_get_array_item(q, leaf, Int32(index + 1))
                            files.append((fileName(api, q, spec) ?? string(api, q, api.qpdf_oh_get_array_item(q, leaf, Int32(index))) ?? "", spec))
                            index += 2
                        }
                    }
                    let kids = api.qpdf_oh_get_key(q, node, "/Kids")
                    if api.qpdf_oh_is_array(q, kids) == QPDF_TRUE {
                        let count = min(Int(api.qpdf_oh_get_array_n_items(q, kids)), maximumNodes)
                        for index in 0..<count { pending.append((api.qpdf_oh_get_array_item(q, kids, Int32(index)), depth + 1)) }
                    }
                }
            }
        }
        // PDF/A-3's associated files, where a writer put the invoice only there.
        let associated = api.qpdf_oh_get_key(q, root, "/AF")
        if api.qpdf_oh_is_array(q, associated) == QPDF_TRUE {
            let count = min(Int(api.qpdf_oh_get_array_n_items(q, associated)), maximumNodes)
            for index in 0..<count {
                let spec = api.qpdf_oh_get_array_item(q, associated, Int32(index))
                if let name = fileName(api, q, spec) { files.append((name, spec)) }
            }
        }
        // A damaged object met on the walk: said as such, not as "no embedded file".
        if let error = qpdfError(api, q) {
            throw Refusal("the PDF is damaged: its embedded files cannot be listed (\(error))", help: "ask the supplier to send it again, or to send the XML")
        }
        let names = files.map { $0.name }
        guard let chosen = invoiceNames.lazy.compactMap({ wanted in files.first { $0.name.lowercased() == wanted } }).first
            ?? files.first(where: { $0.name.lowercased().hasSuffix(".xml") }) else {
            throw Refusal(names.isEmpty ? "no e-invoice: the PDF carries no embedded file (a plain PDF, not Factur-X / ZUGFeRD)"
                                        : "no e-invoice: the PDF's embedded files (\(names.joined(separator: ", "))) include no factur-x.xml, zugferd-invoice.xml or xrechnung.xml",
                          help: "ask the supplier for the e-invoice (XRechnung, ZUGFeRD / Factur-X or Peppol); a PDF alone is no e-invoice")
        }
        let bytes = try embeddedBytes(api, q, chosen.spec, name: chosen.name)
        return (chosen.name, bytes)
    }

    private static func fileName(_ api: invoic_qpdf_api, _ q: qpdf_data, _ spec: qpdf_oh) -> String? {
        guard api.qpdf_oh_is_dictionary(q, spec) == QPDF_TRUE else { return nil }
        for key in ["/UF", "/F"] where api.qpdf_oh_has_key(q, spec, key) == QPDF_TRUE {
            if let name = string(api, q, api.qpdf_oh_get_key(q, spec, key)), !name.isEmpty { return name }
        }
        return nil
    }

    private static func string(_ api: invoic_qpdf_api, _ q: qpdf_data, _ handle: qpdf_oh) -> String? {
        guard api.qpdf_oh_is_string(q, handle) == QPDF_TRUE, let text = api.qpdf_oh_get_utf8_value(q, handle) else { return nil }
        return String(cString: text)
    }

    private static func embeddedBytes(_ api: invoic_qpdf_api, _ q: qpdf_data, _ spec: qpdf_oh, name: String) throws(Refusal) -> [UInt8] {
        var damaged: Refusal {
            Refusal("the PDF's \(name) cannot be read (a damaged embedded file\(qpdfError(api, q).map { ": \($0)" } ?? ""))",
                    help: "ask the supplier to send the invoice again, or the XML on its own")
        }
        let embedded = api.qpdf_oh_get_key(q, spec, "/EF")
        guard api.qpdf_oh_is_dictionary(q, embedded) == QPDF_TRUE else { throw damaged }
        var stream = api.qpdf_oh_get_key(q, embedded, "/F")
        if api.qpdf_oh_is_stream(q, stream) != QPDF_TRUE { stream = api.qpdf_oh_get_key(q, embedded, "/UF") }
        guard api.qpdf_oh_is_stream(q, stream) == QPDF_TRUE else { throw damaged }
        let dictionary = api.qpdf_oh_get_dict(q, stream)
        let filter = api.qpdf_oh_get_key(q, dictionary, "/Filter")
        var filters: [String] = []
        if api.qpdf_oh_is_name(q, filter) == QPDF_TRUE, let name = api.qpdf_oh_get_name(q, filter) { filters = [String(cString: name)] }
        if api.qpdf_oh_is_array(q, filter) == QPDF_TRUE {
            for index in 0..<min(Int(api.qpdf_oh_get_array_n_items(q, filter)), 8) {
                let item = api.qpdf_oh_get_array_item(q, filter, Int32(index))
                if let name = api.qpdf_oh_get_name(q, item) { filters.append(String(cString: name)) }
            }
        }
        // Raw bytes, never qpdf's own decoding: only the flate this reader inflates with a bound.
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard api.qpdf_oh_get_stream_data(q, stream, qpdf_dl_none, nil, &buffer, &length) & QPDF_ERRORS == 0, let buffer else { throw damaged }
        defer { free(buffer) }
        guard length <= maximumEmbeddedSize else {
            throw Refusal("the PDF's \(name) is \(length) bytes, more than an e-invoice may have here", help: "ask the supplier for the XML on its own")
        }
        let raw = [UInt8](UnsafeBufferPointer(start: buffer, count: length))
        switch filters {
        case []: return raw
        case ["/FlateDecode"]:
            guard let inflated = inflate(raw, limit: maximumEmbeddedSize) else {
                throw Refusal("the PDF's \(name) does not inflate within \(maximumEmbeddedSize / 1024 / 1024) MB (damaged, or a compression bomb)",
                              help: "ask the supplier to send the invoice again, or the XML on its own")
            }
            return inflated
        default:
            throw Refusal("the PDF's \(name) is encoded with \(filters.joined(separator: " ")), which this reader does not decode", help: "ask the supplier for the XML on its own")
        }
    }

    /// zlib's inflate, stopped at `limit` bytes of output.
    static func inflate(_ input: [UInt8], limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = input
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                if output.count > limit { return nil }
                if status == Z_STREAM_END { return output }
                guard status == Z_OK else { return nil }
                // All input read and nothing more coming out, but no end of stream: cut off.
                if produced == 0, stream.avail_in == 0 { return nil }
            }
        }
    }

    private static func qpdfError(_ api: invoic_qpdf_api, _ q: qpdf_data) -> String? {
        guard api.qpdf_has_error(q) == QPDF_TRUE, let error = api.qpdf_get_error(q), let text = api.qpdf_get_error_full_text(q, error) else { return nil }
        // qpdf names the file by the name it was read under, which is this reader's, not the user's.
        let full = String(cString: text)
        return full.hasPrefix(pdfName + ": ") ? String(full.dropFirst(pdfName.count + 2)) : full
    }
}
