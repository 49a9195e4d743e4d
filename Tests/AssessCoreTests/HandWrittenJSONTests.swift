import AssessCore
import Foundation
import Testing

@Suite struct HandWrittenJSONTests {
    @Test func anObjectOfStringsComesBackAsItWasWritten() throws {
        var awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        awkward += ["\"", "\\", "/", "\u{7F}", "é", "日本", "𝄞", "\u{FEFF}", "\u{2028}", "{\"a\":1}", ""]
        var members: [String: String] = [:]
        for (index, text) in awkward.enumerated() {
            members["key \(index) \(text)"] = "value \(text) \(awkward[(index + 7) % awkward.count])"
        }
        let written = HandWrittenJSON.object(members)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(written.utf8)) == members)
        #expect(HandWrittenJSON.object([:]) == "{}")
        #expect(HandWrittenJSON.object(["b": "2", "a": "1"]) == #"{"a":"1","b":"2"}"#)
    }

    @Test func hexIsTwoLowerCaseDigitsAByte() {
        let every = (0...255).map(UInt8.init)
        #expect(Hex.lowercase(every) == every.map { String(format: "%02x", $0) }.joined())
        #expect(Hex.lowercase([UInt8]()) == "")
    }
}
