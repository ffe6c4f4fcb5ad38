import CSMTP
import Foundation
import InvoicAuthoring
import InvoicXML

/// `invoic peppol lookup`: can a participant receive Peppol documents, and which, asked of the
/// network itself rather than of a provider. The SML publishes each participant under a DNS name
/// (Peppol Policy for use of Identifiers 4.x and the SML specification's BDXL profile): the
/// base32 of the SHA-256 of the lower-cased `scheme:id`, without padding, under
/// `iso6523-actorid-upis.<SML zone>`; its NAPTR record of service `Meta:SMP` names the SMP, whose
/// ServiceGroup lists the document types and whose ServiceMetadata of each says the process and
/// the access point's endpoint.
public struct PeppolLookup: Sendable {
    /// The production SML zone, and the test network's.
    public static let productionZone = "edelivery.tech.ec.europa.eu"
    public static let testZone = "acc.edelivery.tech.ec.europa.eu"

    public var zone: String
    /// `host` or `host:port` of the name server to ask instead of the system's (a test's responder).
    public var nameserver: String?
    public var client: HTTPClient

    public init(zone: String = productionZone, nameserver: String? = nil, client: HTTPClient = HTTPClient()) {
        self.zone = zone
        self.nameserver = nameserver
        self.client = client
    }

    /// The participant's DNS name in the SML: base32(SHA-256(lower-cased "scheme:id")), unpadded,
    /// lower-cased (DNS names are case-insensitive; the specification's examples are lower case).
    public static func hostName(of participant: Participant, zone: String = productionZone) -> String {
        let hash = SHA256.digest(Array(participant.description.lowercased().utf8))
        return Base32.encode(hash).lowercased() + "." + PeppolBIS.participantScheme + "." + zone
    }

    public struct Capability: Sendable, Equatable {
        public var documentType: String
        public var processes: [String]
        public var transportProfile: String?
        public var endpoint: String?
    }

    public struct Answer: Sendable, Equatable {
        public var hostName: String
        public var smp: String
        /// Every document type the ServiceGroup lists.
        public var documentTypes: [String]
        public var invoice: Capability?
        public var creditNote: Capability?
    }

    public func lookUp(_ participant: Participant) throws(PeppolError) -> Answer {
        let host = Self.hostName(of: participant, zone: zone)
        let smp = try smpURL(of: host)
        let identifier = PeppolBIS.participantScheme + "::" + participant.description
        let groupURL = smp + "/" + percentEncoded(identifier)
        let group = try client.perform(HTTPRequest("GET", groupURL, headers: [("Accept", "application/xml")]))
        guard group.status != 404 else {
            throw PeppolError("\(participant) is in the SML (\(host)) but its SMP \(smp) does not know it (HTTP 404)")
        }
        guard group.isSuccess else { throw PeppolError("the SMP \(smp) answered HTTP \(group.status) for \(participant)") }
        let references = try XMLElements.parse(group.body, what: "the ServiceGroup").filter { $0.name == "ServiceMetadataReference" }.compactMap { $0.attributes["href"] }
        let documentTypes = references.compactMap { href -> String? in
            guard let range = href.range(of: "/services/") else { return nil }
            let encoded = String(href[range.upperBound...])
            let decoded = encoded.removingPercentEncoding ?? encoded
            return decoded.hasPrefix(PeppolBIS.documentTypeScheme + "::") ? String(decoded.dropFirst(PeppolBIS.documentTypeScheme.count + 2)) : decoded
        }
        func capability(_ documentType: String) throws(PeppolError) -> Capability? {
            guard documentTypes.contains(documentType) else { return nil }
            let url = groupURL + "/services/" + percentEncoded(PeppolBIS.documentTypeScheme + "::" + documentType)
            let response = try client.perform(HTTPRequest("GET", url, headers: [("Accept", "application/xml")]))
            guard response.isSuccess else { throw PeppolError("the SMP \(smp) answered HTTP \(response.status) for the ServiceMetadata of \(documentType)") }
            let elements = try XMLElements.parse(response.body, what: "the ServiceMetadata")
            return Capability(
                documentType: documentType,
                processes: elements.filter { $0.name == "ProcessIdentifier" }.map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) },
                transportProfile: elements.first { $0.name == "Endpoint" }?.attributes["transportProfile"],
                endpoint: elements.first { $0.name == "EndpointURI" || $0.name == "Address" }?.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return Answer(hostName: host, smp: smp, documentTypes: documentTypes,
                      invoice: try capability(PeppolBIS.invoice), creditNote: try capability(PeppolBIS.creditNote))
    }

    /// The SMP's base URL, from the NAPTR record of service `Meta:SMP` (flag U) of `host`.
    func smpURL(of host: String) throws(PeppolError) -> String {
        var answer = [UInt8](repeating: 0, count: 8192)
        var error = [CChar](repeating: 0, count: 256)
        let parts = nameserver?.split(separator: ":").map(String.init) ?? []
        let length = answer.withUnsafeMutableBufferPointer { buffer in
            invoic_dns_query(host, 35, parts.first, Int32(parts.count > 1 ? Int(parts[1]) ?? 53 : 53), buffer.baseAddress, Int32(buffer.count), &error, error.count)
        }
        guard length >= 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if reason == "NXDOMAIN" || reason == "NODATA" {
                throw PeppolError("not registered in the Peppol SML (\(zone)): no NAPTR record for \(host); this participant cannot receive Peppol documents", isRefusal: true)
            }
            throw PeppolError("the DNS lookup of \(host) failed: \(reason)")
        }
        let records = try DNSAnswer.naptrRecords(Array(answer.prefix(Int(length))))
        guard let record = records.first(where: { $0.service.caseInsensitiveCompare("Meta:SMP") == .orderedSame && $0.flags.uppercased() == "U" }) else {
            throw PeppolError("\(host) has no NAPTR record of service Meta:SMP", isRefusal: true)
        }
        guard let url = DNSAnswer.applyRegexp(record.regexp), url.hasPrefix("http://") || url.hasPrefix("https://") else {
            throw PeppolError("the NAPTR record of \(host) gives no SMP URL (regexp \(record.regexp))")
        }
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}

/// The NAPTR records (RFC 3403) of a DNS answer (RFC 1035), read from the bytes res_nquery gives.
enum DNSAnswer {
    struct NAPTR: Equatable {
        var order: Int, preference: Int
        var flags: String, service: String, regexp: String, replacement: String
    }

    static func naptrRecords(_ bytes: [UInt8]) throws(PeppolError) -> [NAPTR] {
        var reader = Reader(bytes: bytes)
        guard bytes.count >= 12 else { throw PeppolError("the DNS answer is cut short") }
        let questions = Int(bytes[4]) << 8 | Int(bytes[5]), answers = Int(bytes[6]) << 8 | Int(bytes[7])
        reader.offset = 12
        for _ in 0..<questions {
            try reader.skipName()
            reader.offset += 4
        }
        var records: [NAPTR] = []
        for _ in 0..<answers {
            try reader.skipName()
            let type = try reader.u16()
            reader.offset += 6 // class, TTL
            let length = try reader.u16()
            let end = reader.offset + length
            guard end <= bytes.count else { throw PeppolError("the DNS answer is cut short") }
            if type == 35 {
                let order = try reader.u16(), preference = try reader.u16()
                let flags = try reader.characterString(), service = try reader.characterString(), regexp = try reader.characterString()
                let replacement = try reader.name()
                records.append(NAPTR(order: order, preference: preference, flags: flags, service: service, regexp: regexp, replacement: replacement))
            }
            reader.offset = end
        }
        return records.sorted { ($0.order, $0.preference) < ($1.order, $1.preference) }
    }

    /// `!^.*$!http://smp.example/!`: the replacement of a regexp that matches anything (the only
    /// form the SML writes); any other pattern is not applied.
    static func applyRegexp(_ regexp: String) -> String? {
        guard let delimiter = regexp.first else { return nil }
        let parts = regexp.dropFirst().split(separator: delimiter, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts[0] == "^.*$" || parts[0] == ".*" else { return nil }
        return parts[1]
    }

    struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func u16() throws(PeppolError) -> Int {
            guard offset + 2 <= bytes.count else { throw PeppolError("the DNS answer is cut short") }
            defer { offset += 2 }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }

        mutating func characterString() throws(PeppolError) -> String {
            guard offset < bytes.count else { throw PeppolError("the DNS answer is cut short") }
            let length = Int(bytes[offset])
            guard offset + 1 + length <= bytes.count else { throw PeppolError("the DNS answer is cut short") }
            defer { offset += 1 + length }
            return String(decoding: bytes[(offset + 1)..<(offset + 1 + length)], as: UTF8.self)
        }

        mutating func skipName() throws(PeppolError) { _ = try name() }

        /// A domain name, following compression pointers (at most 32, against loops).
        mutating func name() throws(PeppolError) -> String {
            var labels: [String] = []
            var position = offset, jumped = false, jumps = 0
            while true {
                guard position < bytes.count else { throw PeppolError("the DNS answer is cut short") }
                let length = Int(bytes[position])
                if length & 0xC0 == 0xC0 {
                    guard position + 1 < bytes.count, jumps < 32 else { throw PeppolError("the DNS answer has a broken name") }
                    if !jumped { offset = position + 2 }
                    position = (length & 0x3F) << 8 | Int(bytes[position + 1])
                    jumped = true
                    jumps += 1
                    continue
                }
                if length == 0 {
                    if !jumped { offset = position + 1 }
                    return labels.joined(separator: ".")
                }
                guard position + 1 + length <= bytes.count else { throw PeppolError("the DNS answer is cut short") }
                labels.append(String(decoding: bytes[(position + 1)..<(position + 1 + length)], as: UTF8.self))
                position += 1 + length
            }
        }
    }
}

/// Every element of an XML document by its local name, with its attributes and text, read by
/// the one expat setup of the tree (InvoicXML: no DTD, bounded depth): the SMP's answers are small
/// and flat enough that a list is all the lookup needs.
enum XMLElements {
    /// An SMP's answer nests about ten deep (a signed ServiceMetadata).
    static let maximumDepth = 64

    static func parse(_ bytes: [UInt8], what: String) throws(PeppolError) -> [XElement] {
        do throws(ExpatFailure) {
            return try ExpatReader.parse(bytes, maximumDepth: maximumDepth).all
        } catch {
            let reason = switch error.reason {
            case .malformed: error.expatMessage
            case .tooDeep, .tooMany: "elements nest more than \(maximumDepth) deep"
            case .doctype, .entity: "it declares a DOCTYPE (a DTD), which an SMP's answer never has"
            case .noParser: "expat could not start"
            case .empty: "no element"
            }
            throw PeppolError("\(what) is not XML (line \(error.line): \(reason))")
        }
    }
}
