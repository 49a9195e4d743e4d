import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// Every prefix of a bank (a file cut off anywhere) reads without a crash, each in under a second, and
/// whatever it cannot read is an error or rejection with a line inside the file.
@Suite struct TruncatedInputTests {
    static let gift = """
        // cut anywhere
        $CATEGORY: top/Cut
        ::One::[html]<p>Pick \\{one\\}</p> {=a#yes ~%-50%b ~c ####done}

        Two {#3..4} more text.

        ::Three::Match {=x -> 1 =y -> 2 = -> 3}

        Four? {T#no#yes}
        """

    static let moodle = """
        <?xml version="1.0" encoding="UTF-8"?>
        <quiz>
          <question type="category"><category><text>$course$/top/Cut</text></category></question>
          <question type="multichoice"><name><text>m</text></name>
            <questiontext format="html"><text><![CDATA[<p>Pick</p>]]></text></questiontext>
            <single>false</single><answer fraction="50"><text>a</text></answer><answer fraction="50"><text>b</text></answer></question>
          <question type="numerical"><name><text>n</text></name><questiontext><text>N?</text></questiontext>
            <answer fraction="100"><text>3</text><tolerance>1</tolerance></answer></question>
        </quiz>
        """

    private func check(_ text: String, read: (String) throws(InterchangeError) -> ParsedBank) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var slowest = Duration.zero
        for end in text.indices {
            let prefix = String(text[..<end])
            let start = ContinuousClock.now
            defer { slowest = max(slowest, ContinuousClock.now - start) }
            do {
                let bank = try read(prefix)
                for rejection in bank.rejections {
                    #expect((1...lines).contains(rejection.location.line), "\(rejection)")
                }
            } catch {
                #expect((1...lines).contains(error.location.line), "\(error)")
            }
        }
        #expect(slowest < .seconds(1))
    }

    @Test func everyPrefixOfAGIFTBank() {
        check(Self.gift) { text throws(InterchangeError) in try GIFTReader.read(text: text, file: "cut.gift") }
    }

    @Test func everyPrefixOfAMoodleXMLBank() {
        check(Self.moodle) { text throws(InterchangeError) in
            try MoodleXMLReader.read(data: Data(text.utf8), file: "cut.xml")
        }
    }

    @Test func everyPrefixOfAQTIItem() throws {
        let item = QTIWriter.item(try #require(RoundTripTests.everyType.question(withID: "match")))
        check(item) { text throws(InterchangeError) in
            try QTIItemReader.readItem(data: Data(text.utf8), file: "cut.xml", member: nil, section: nil)
        }
    }

    @Test func everyPrefixOfAnAikenBank() {
        check("Q?\nA) x\nB. y\nANSWER: B\n\nR?\nA) p\nB) q\nANSWER: A") { text in
            AikenReader.read(text: text, file: "cut.txt")
        }
    }
}
