import Foundation
@testable import InvoicPeppol
import Testing
import InvoicAuthoring

@Suite struct PeppolTests {
    @Test func sha256MatchesTheStandardsVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func base32IsRFC4648WithoutPadding() {
        #expect(Base32.encode(Array("foobar".utf8)) == "MZXW6YTBOI")
        #expect(Base32.encode(Array("f".utf8)) == "MY")
    }

    /// The SML names published in phax/peppol-commons' tests (PeppolNaptrURLProviderTest).
    @Test func smlHostNamesMatchPublishedExamples() {
        #expect(PeppolLookup.hostName(of: Participant(scheme: "9999", id: "elonia")) == "hsh3fmc5cyerdv5j6ln6mmqcn2pp2ucyvczrwueahosobvikb6kq.iso6523-actorid-upis.edelivery.tech.ec.europa.eu")
        // Lower-cased before hashing: the identifier is case-insensitive.
        #expect(PeppolLookup.hostName(of: Participant(scheme: "9999", id: "ELONIA")) == PeppolLookup.hostName(of: Participant(scheme: "9999", id: "elonia")))
        #expect(PeppolLookup.hostName(of: Participant("0192:991825827")!, zone: PeppolLookup.productionZone) == "7i2243uolq5qzb6jxfvi6yei4iq7sfipkv55htzfnr6s54y6yufa.iso6523-actorid-upis.edelivery.tech.ec.europa.eu")
    }

    @Test func naptrRegexpGivesTheSMP() {
        #expect(DNSAnswer.applyRegexp("!^.*$!https://smp.example.com!") == "https://smp.example.com")
        #expect(DNSAnswer.applyRegexp("!^a.*$!https://x!") == nil)
    }

    @Test func aTruncatedDNSAnswerIsAnErrorNotACrash() {
        #expect(throws: PeppolError.self) { try DNSAnswer.naptrRecords([0, 1, 0x81, 0x80, 0, 1, 0, 1, 0, 0]) }
        // A compression pointer that points at itself.
        let looping: [UInt8] = [0, 1, 0x81, 0x80, 0, 0, 0, 1, 0, 0, 0, 0, 0xC0, 12, 0, 35]
        #expect(throws: PeppolError.self) { try DNSAnswer.naptrRecords(looping) }
    }

    @Test func outboxRecordsRoundTrip() throws {
        let record = OutboxRecord(number: "INV-1", attempts: [OutboxRecord.Attempt(
            key: "k-1", provider: "e-invoice.be", url: "https://api.e-invoice.be", sender: "0208:0123456749", receiver: "0208:0477472701",
            documentType: PeppolBIS.invoice, process: PeppolBIS.process, file: "INV-1.peppol.xml", sha256: "00ff", providerID: "doc-1",
            resendReason: "said: \"again\"", history: [.init(at: "2026-11-20T09:00:00Z", state: .recorded), .init(at: "2026-11-20T09:00:01Z", state: .failed, detail: "no: really\nnot")])])
        let parsed = try OutboxRecord.parse(Array(record.yaml().utf8), path: "peppol.yaml").get()
        #expect(parsed == record)
    }
}
