import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// A DTD is refused wherever it is and in whatever encoding the file is written: the
/// check reads the same characters the parser will, and the parser's own report of a
/// declaration is a second refusal.
@Suite struct DocumentTypeTests {
    /// An internal subset with an entity, as a bomb would start.
    static let declaration = "<!DOCTYPE quiz [ <!ENTITY a \"aaaaaaaa\"> ]>"
    static let question = """
        <quiz><question type="description"><questiontext><text>&a;</text></questiontext></question></quiz>
        """

    private func refusal(_ data: Data) -> InterchangeError? {
        do {
            _ = try MoodleXMLReader.read(data: data, file: "bank.xml")
            return nil
        } catch {
            return error
        }
    }

    private func expectDTDRefused(
        _ data: Data, line: Int? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let error = refusal(data)
        #expect(
            error?.message.contains("document type declaration") == true, "\(String(describing: error))",
            sourceLocation: sourceLocation)
        if let line { #expect(error?.location.line == line, sourceLocation: sourceLocation) }
    }

    @Test func aProcessingInstructionHoldingACommentOpenerHidesNothing() {
        // `<!--` inside the instruction is not a comment; the old check skipped to the `-->` at the end.
        let text = "<?xml version=\"1.0\"?>\n<?note <!-- ?>\n\(Self.declaration)\n\(Self.question)\n<!-- -->\n"
        expectDTDRefused(Data(text.utf8), line: 3)
    }

    @Test func aQuotedAttributeValueHidesNothing() {
        let text = "<?xml version=\"1.0\"?>\n<?note a=\"?>\"?>\n\(Self.declaration)\n\(Self.question)\n"
        expectDTDRefused(Data(text.utf8), line: 3)
    }

    @Test func utf16WithAndWithoutAByteOrderMarkIsReadForTheCheck() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n\(Self.declaration)\n\(Self.question)\n"
        let littleEndian = text.data(using: .utf16LittleEndian)!
        let bigEndian = text.data(using: .utf16BigEndian)!
        expectDTDRefused(Data([0xFF, 0xFE]) + littleEndian, line: 2)
        expectDTDRefused(Data([0xFE, 0xFF]) + bigEndian, line: 2)
        expectDTDRefused(littleEndian, line: 2)
        expectDTDRefused(bigEndian, line: 2)
    }

    @Test func utf32IsReadForTheCheck() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-32\"?>\n\(Self.declaration)\n\(Self.question)\n"
        expectDTDRefused(text.data(using: .utf32LittleEndian)!, line: 2)
        expectDTDRefused(text.data(using: .utf32BigEndian)!, line: 2)
    }

    @Test func anyDeclarationOutsideADoctypeIsRefusedToo() {
        expectDTDRefused(Data("<?xml version=\"1.0\"?>\n<!ENTITY a \"x\">\n\(Self.question)\n".utf8), line: 2)
        expectDTDRefused(Data("<?xml version=\"1.0\"?>\n<!doctype quiz>\n<quiz/>\n".utf8), line: 2)
    }

    @Test func anEncodingThatIsNotReadHereIsRefused() {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n+ADw-!DOCTYPE quiz+AD4-\n<quiz/>\n"
        let error = refusal(Data(text.utf8))
        #expect(error?.message.contains("encoding UTF-7") == true, "\(String(describing: error))")
    }

    @Test func utf16AndLatin1BanksWithoutADTDAreRead() throws {
        let question = """
            <quiz><question type="truefalse"><name><text>Été</text></name>
            <questiontext format="plain_text"><text>L'été est chaud.</text></questiontext>
            <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
            </question></quiz>
            """
        let utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n\(question)\n"
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n\(question)\n"
        for data in [Data([0xFF, 0xFE]) + utf16.data(using: .utf16LittleEndian)!, latin1.data(using: .isoLatin1)!] {
            let bank = try MoodleXMLReader.read(data: data, file: "bank.xml")
            #expect(Banks.questions(bank).first?.prompt == "L'été est chaud.")
        }
    }

    @Test func aDoctypeInsideACommentOrCDATAIsText() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- <!DOCTYPE quiz> -->
            <quiz><question type="description"><questiontext format="plain_text">\
            <text><![CDATA[Write <!DOCTYPE html> first.]]></text></questiontext></question></quiz>
            """
        let bank = try MoodleXMLReader.read(data: Data(text.utf8), file: "bank.xml")
        #expect(bank.entries.count == 1)
    }
}
