import Foundation
import InvoicDiagnostics
@testable import InvoicLSP
import Testing

@Suite struct JSONTests {
    @Test func roundTripsWhatTheProtocolSends() throws {
        let text = #"{"id":7,"params":{"a":[true,false,null,1.5,-3],"s":"é\n\"😀\u0001"}}"#
        let value = try JSON.parse(Array(text.utf8))
        #expect(value["id"] == .int(7))
        #expect(value["params"]?["s"]?.string == "é\n\"😀\u{1}")
        #expect(value["params"]?["a"] == [true, false, nil, .double(1.5), -3])
        #expect(try JSON.parse(Array(value.serialized.utf8)) == value)
    }

    @Test func readsSurrogatePairsAndReplacesLoneOnes() throws {
        #expect(try JSON.parse(Array(#""\ud83d\ude00""#.utf8)).string == "😀")
        #expect(try JSON.parse(Array(#""\ud83d!""#.utf8)).string == "\u{FFFD}!")
    }

    @Test func refusesHostileInputWithAnError() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.self) { try JSON.parse(Array(deep.utf8)) }
        for bad in ["{", "{\"a\" 1}", "[1,]", "\"\u{1}\"", "tru", "1 2", "", "\"\\x\"", "{\"a\":1e999}"] {
            #expect(throws: JSONError.self, "\(bad)") { try JSON.parse(Array(bad.utf8)) }
        }
        #expect(throws: JSONError.self) { try JSON.parse([0x22, 0xFF, 0x22]) }  // invalid UTF-8 in a string
    }
}

@Suite struct PositionTests {
    // "é" is 1 UTF-16 unit and 2 UTF-8 bytes; "😀" is 2 UTF-16 units and 4 UTF-8 bytes; both one scalar.
    let text = "a: x\r\n- { description: é😀, price: oops }\n"

    @Test func mapsScalarColumnsToUTF16AndUTF8() {
        // `oops` follows 28 scalars of line 2: scalar column 29 (1-based); 28 + 1 UTF-16 units
        // (😀 is two), 28 + 1 + 3 UTF-8 bytes (é two, 😀 four).
        let location = SourceLocation(line: 2, column: 29)
        #expect(LineMap(text, encoding: .utf16).position(location) == Position(line: 1, character: 29))
        #expect(LineMap(text, encoding: .utf8).position(location) == Position(line: 1, character: 32))
        #expect(LineMap(text, encoding: .utf16).location(Position(line: 1, character: 29)) == location)
        #expect(LineMap(text, encoding: .utf8).location(Position(line: 1, character: 32)) == location)
        // Inside 😀 (between its two UTF-16 units) is 😀's column.
        #expect(LineMap(text, encoding: .utf16).location(Position(line: 1, character: 19)) == SourceLocation(line: 2, column: 19))
    }

    @Test func clampsPastTheEndAndDropsCarriageReturns() {
        let map = LineMap(text, encoding: .utf16)
        #expect(map.line(0) == "a: x")
        #expect(map.position(SourceLocation(line: 1, column: 99)) == Position(line: 0, character: 4))
        #expect(map.position(SourceLocation(line: 9, column: 1)) == Position(line: 2, character: 0))
        #expect(map.text[map.index(Position(line: 0, character: 99))...].hasPrefix("\r\n"))
    }

    @Test func negotiatesUTF8OnlyWhenOffered() {
        #expect(PositionEncoding.negotiate(nil) == .utf16)
        #expect(PositionEncoding.negotiate(["utf-16"]) == .utf16)
        #expect(PositionEncoding.negotiate(["utf-16", "utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiate(["utf-32"]) == .utf16)
    }
}

@Suite struct TransportTests {
    /// Bytes through a pipe into a reader, the write end closed: what frames come out.
    func frames(_ bytes: [UInt8]) -> [String] {
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                offset += count
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        let reader = MessageReader(descriptor: readEnd)
        var result: [String] = []
        while true {
            switch reader.next() {
            case .end: return result
            case .malformed: result.append("malformed")
            case .message(let body): result.append(String(decoding: body, as: UTF8.self))
            }
        }
    }

    @Test func framesByContentLengthAndSurvivesBadHeaders() {
        let stream = "Content-Length: 2\r\n\r\n{}"
            + "Content-Type: x\r\n\r\n"                     // no length
            + "Content-Length: 999999999999\r\n\r\n"       // above the bound, and no body follows
        #expect(frames(Array(stream.utf8)) == ["{}", "malformed"])
        let good = "content-length: 3\n\n[1]Content-Length: 1\r\nX: y\r\n\r\n5"
        #expect(frames(Array(good.utf8)) == ["[1]", "5"])
    }

    @Test func anEndInsideABodyIsTheEnd() {
        #expect(frames(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8)) == [])
    }
}
