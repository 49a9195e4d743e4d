import AssessCore
import Foundation
import Testing

@Suite struct SafeFileNameTests {
    @Test func lettersDigitsUnderscoreAndHyphenStayEverythingElseIsPercentHex() {
        #expect(SafeFileName.encoded("c-301_Ab9") == "c-301_Ab9")
        #expect(SafeFileName.encoded("a/b é.") == "a%2Fb%20%C3%A9%2E")
        #expect(SafeFileName.encoded("") == "")
        for byte in UInt8(0)..<0x80 {
            let kept =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D
            let name = String(UnicodeScalar(byte))
            #expect(SafeFileName.encoded(name) == (kept ? name : String(format: "%%%02X", byte)), "byte \(byte)")
        }
    }
}
