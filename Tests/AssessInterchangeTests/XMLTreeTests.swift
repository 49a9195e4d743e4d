import Foundation
import Testing

@testable import AssessInterchange

/// The XML reader under the QTI and Moodle XML importers: what it reads, what it skips, and
/// the line and message of each thing it refuses.
@Suite struct XMLTreeTests {
    static let place = SourceLocation(file: "bank.xml", line: 1)

    private func read(_ text: String, rename: @escaping (String) -> String = { $0 }) throws -> XMLElement {
        try XMLTree.parse(Data(text.utf8), location: Self.place, rename: rename)
    }

    /// The error reading `text` gives; records an issue when it reads.
    private func failure(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> InterchangeError?
    {
        do {
            let root = try XMLTree.parse(Data(text.utf8), location: Self.place)
            Issue.record("read without an error: <\(root.name)>", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// Expects reading `text` to fail on `line` with a message holding each of `phrases`.
    private func expectRefused(
        _ text: String, line: Int, _ phrases: String..., sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard let error = failure(text, sourceLocation: sourceLocation) else { return }
        #expect(error.location.file == "bank.xml", sourceLocation: sourceLocation)
        #expect(error.location.line == line, "\(error)", sourceLocation: sourceLocation)
        for phrase in phrases {
            #expect(error.message.contains(phrase), "\(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - What is read

    @Test func predefinedEntitiesAndCharacterReferencesAreReplaced() throws {
        let root = try read("<a>&lt;b&gt; &amp; &apos;x&quot; &#65;&#x42;&#x62;&#233;&#x1F600;&#0000067;</a>")
        #expect(root.text == "<b> & 'x\" ABbé😀C")
    }

    @Test func referencesToCodePointsXMLDoesNotAllowAreRefused() {
        for reference in ["&#0;", "&#x1;", "&#xD800;", "&#xFFFE;", "&#xFFFF;", "&#1114112;", "&#99999999999999;"] {
            expectRefused("<a>\n<b>\(reference)</b></a>", line: 2, reference, "does not allow")
        }
        expectRefused("<a>\n\n<b c=\"&#x0;\"/></a>", line: 3, "&#x0;", "does not allow")
    }

    @Test func malformedCharacterReferencesAreRefused() {
        for reference in ["&#;", "&#x;", "&#X41;", "&#12a;", "&#xG1;", "&#+65;", "&#-1;"] {
            expectRefused("<a>\n<b>\(reference)</b></a>", line: 2, reference, "not a character reference")
        }
    }

    @Test func anUndefinedEntityIsRefusedWithWhatToWriteInstead() {
        expectRefused("<quiz>\n<q>caf&eacute;</q>\n</quiz>", line: 2, "&eacute;", "five entities", "&#160;")
        expectRefused("<quiz>\n\n<q t=\"&nbsp;\"/>\n</quiz>", line: 3, "&nbsp;", "five entities")
    }

    @Test func anAmpersandThatStartsNoReferenceIsRefused() {
        expectRefused("<quiz>\n<q>Salt & pepper</q></quiz>", line: 2, "starts no reference", "&amp;")
        expectRefused("<quiz>\n<q>AT&T;</q></quiz>\n", line: 2, "&T;", "five entities")
        expectRefused("<quiz><q>&", line: 1, "starts no reference")
    }

    @Test func cdataIsTextAsWritten() throws {
        let root = try read("<a>x<![CDATA[<b>&amp; & ]] ]></b>]]>y</a>")
        #expect(root.text == "x<b>&amp; & ]] ]></b>y")
        #expect(root.elements.isEmpty)
        #expect(root.children.count == 3)
    }

    @Test func commentsAreSkipped() throws {
        let root = try read("<!-- before -->\n<a>x<!-- <b/> & <![CDATA[ - -->y</a>\n<!-- after -->")
        #expect(root.text == "xy")
        #expect(root.elements.isEmpty)
        #expect(root.line == 2)
    }

    @Test func twoHyphensInsideACommentAreRefused() {
        expectRefused("<a>\n<!-- one\n -- two -->\n</a>", line: 3, "-- inside a comment", "opened on line 2")
        expectRefused("<a><!-- three --->\n</a>", line: 1, "-- inside a comment")
    }

    @Test func processingInstructionsAndTheDeclarationAreSkipped() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<?xml-stylesheet href=\"a.css\"?>\n<a><?note <b/> & ?>z</a>"
        let root = try read(text)
        #expect(root.text == "z")
        #expect(root.elements.isEmpty)
        #expect(root.line == 3)
    }

    @Test func aDeclarationAnywhereButTheStartIsRefused() {
        expectRefused("\n<?xml version=\"1.0\"?>\n<a/>", line: 2, "XML declaration", "start of the file")
        expectRefused("<a>\n<?xml version=\"1.0\"?></a>", line: 2, "XML declaration")
    }

    @Test func attributeValuesAreNormalisedAsXMLSays() throws {
        let root = try read("<a b=\"x\ty\nz\r\nw\rv\" c='1 &amp; &#10;2&#9;3' d=\"&quot;'&lt;\" e='\"'/>")
        #expect(root.attributes["b"] == "x y z w v")
        #expect(root.attributes["c"] == "1 & \n2\t3")
        #expect(root.attributes["d"] == "\"'<")
        #expect(root.attributes["e"] == "\"")
    }

    @Test func namespacePrefixesAreDroppedThenNamesRenamed() throws {
        let text = """
            <q:item xmlns:q="urn:q" xmlns="urn:d" q:title="T" xml:lang="en"><q:choice-box q:id="c1"/><plain/></q:item>
            """
        let root = try read(text) { $0 == "choice-box" ? "choice" : $0 == "id" ? "identifier" : $0 }
        #expect(root.name == "item")
        #expect(root.attributes["title"] == "T")
        #expect(root.attributes["lang"] == "en")
        #expect(root.attributes["xmlns"] == "urn:d")
        #expect(root.elements.map(\.name) == ["choice", "plain"])
        #expect(root.child("choice")?.attributes == ["identifier": "c1"])
    }

    @Test func textElementsAndWhiteSpaceKeepTheirOrder() throws {
        let root = try read("  \n<a> x<b>y</b>z <c/>\n</a>\n  ")
        let kinds = root.children.map { node -> String in
            switch node {
            case .text(let text): return "text(\(text))"
            case .element(let element): return "<\(element.name)>"
            }
        }
        #expect(kinds == ["text( x)", "<b>", "text(z )", "<c>", "text(\n)"])
        #expect(root.innerMarkup == " x<b>y</b>z <c/>\n")
    }

    @Test func namesMayBeAnyLetters() throws {
        let root = try read("<café été=\"1\"><данные_1.x-y/></café>")
        #expect(root.name == "café")
        #expect(root.attributes["été"] == "1")
        #expect(root.elements.first?.name == "данные_1.x-y")
    }

    // MARK: - Lines

    @Test func eachElementHasTheLineOfItsStartTag() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- a comment
            over two lines -->
            <quiz>
              <q><![CDATA[one
            two]]></q><r
                a="1"
                b="2"/>
              <s t="x
            y"/>
              <u/>
            </quiz>
            """
        let root = try read(text)
        #expect(root.line == 4)
        #expect(root.elements.map(\.line) == [5, 6, 9, 11])
    }

    @Test func lineEndsInTextBecomeNewlinesAndCountAsLines() throws {
        let root = try read("<a>\r\n<b>one\r\ntwo\rthree\n</b>\r<c><![CDATA[x\r\ny\rz]]></c>\r\n\r\n<d/></a>")
        #expect(root.child("b")?.text == "one\ntwo\nthree\n")
        #expect(root.child("c")?.text == "x\ny\nz")
        #expect(root.elements.map(\.line) == [2, 6, 10])
        expectRefused("<a>\r\n\r<b>\r\n</c></a>", line: 4, "</c> closes <b>")
    }

    // MARK: - What is refused

    @Test func aDocumentTypeDeclarationIsRefusedByTheReaderToo() {
        // XMLTree.parse refuses it before reading; the reader is the second defence.
        for text in ["<?xml version=\"1.0\"?>\n\n<!DOCTYPE a>\n<a/>", "<a>\n\n<!ENTITY b \"c\">\n</a>"] {
            var reader = XMLReader(Data(text.utf8), location: Self.place, rename: { $0 })
            do {
                _ = try reader.read()
                Issue.record("a DTD was read")
            } catch {
                #expect(error.location.line == 3)
                #expect(error.message == XMLTree.dtdRefusal)
            }
        }
        expectRefused("<a>\n<!DOCTYPE a>\n</a>", line: 2, "document type declaration")
    }

    @Test func aMismatchedEndTagNamesBothTags() {
        expectRefused("<quiz>\n  <question>\n    <text>Hi</question>\n</quiz>", line: 3, "</question> closes <text>")
        expectRefused("<q:a xmlns:q=\"u\">\n</p:a>", line: 2, "</p:a> closes <q:a>")
        expectRefused("<a/>\n</a>", line: 2, "</a> closes nothing")
    }

    @Test func anElementLeftOpenAtTheEndIsRefused() {
        expectRefused(
            "<quiz>\n<question>\n<text>x</text>\n", line: 4, "ends before <question> from line 2 is closed",
            "</question>")
    }

    @Test func aFileWithoutARootElementIsRefused() {
        expectRefused("", line: 1, "no root element")
        expectRefused("<?xml version=\"1.0\"?>\n<!-- nothing -->\n", line: 3, "no root element")
    }

    @Test func aSecondRootElementIsRefused() {
        expectRefused("<quiz/>\n\n<quiz>\n</quiz>", line: 3, "second root element <quiz>")
    }

    @Test func textOutsideTheRootElementIsRefused() {
        expectRefused("hello\n<a/>", line: 1, "text before the root element")
        expectRefused("<a/>\n\n x", line: 3, "text after the root element <a>")
        expectRefused("<a/>\n&amp;", line: 2, "text after the root element")
        expectRefused("<a/>\n<![CDATA[x]]>", line: 2, "text after the root element")
        // White space, comments and instructions may stand outside it.
        #expect(throws: Never.self) { try read(" \r\n\t<!-- c -->\n<a/>\n<?pi x?>\n\n") }
    }

    @Test func aLessThanSignInAnAttributeValueIsRefused() {
        expectRefused("<a>\n<b c=\"1 < 2\"/></a>", line: 2, "attribute c of <b> holds a <", "&lt;")
    }

    @Test func aDuplicateAttributeIsRefused() {
        expectRefused("<a>\n<b c=\"1\"\n   c='2'/></a>", line: 3, "<b> has the attribute c twice")
    }

    @Test func malformedTagsAreRefused() {
        expectRefused("<a>\n<b c=\"1\"d=\"2\"/></a>", line: 2, "<b> holds \"d\" where an attribute or > belongs")
        expectRefused("<a>\n<b c/></a>", line: 2, "attribute c of <b> has no value")
        expectRefused("<a>\n<b c=1/></a>", line: 2, "attribute c of <b> is not in quotes")
        expectRefused("<a>\n1 < 2</a>", line: 2, "a < that starts no tag", "&lt;")
        expectRefused("<a>\n<b>x</b </a>", line: 2, "end tag </b is not closed")
        expectRefused("<a>\n]]></a>", line: 2, "]]> outside a CDATA section")
    }

    @Test func somethingLeftUnterminatedIsRefusedAtItsStart() {
        expectRefused("<a>\n<!-- open\n\n", line: 2, "comment <!-- is never closed")
        expectRefused("<a>\n<![CDATA[ open\n\n", line: 2, "CDATA section <![CDATA[ is never closed")
        expectRefused("<a>\n<?pi open\n\n", line: 2, "<?pi is never closed")
        expectRefused("<a>\n<b c=\"1\"\n\n", line: 2, "tag <b> is cut off")
        expectRefused("<a>\n<b c=\"1\n\n", line: 2, "attribute c of <b> has no closing quote")
    }

    @Test func controlCharactersAreRefused() {
        expectRefused("<a>\n\n<b>x\u{1}</b></a>", line: 3, "control character U+0001")
        expectRefused("<a>\n<b c=\"\u{1B}\"/></a>", line: 2, "control character U+001B")
        expectRefused("<a>\n\u{FFFF}</a>", line: 2, "U+FFFF")
    }

    // MARK: - Hostile files

    @Test func nestingDeeperThanTheLimitIsRefusedNotACrash() throws {
        let limit = XMLReader.maximumDepth
        func nested(_ depth: Int) -> String {
            String(repeating: "<d>\n", count: depth) + String(repeating: "</d>", count: depth)
        }
        var element = try read(nested(limit))
        for _ in 1..<limit { element = try #require(element.elements.first) }
        #expect(element.elements.isEmpty)
        expectRefused(nested(limit + 1), line: limit + 1, "nested more than \(limit) deep")
        expectRefused(nested(100_000), line: limit + 1, "nested more than \(limit) deep")
        expectRefused(
            String(repeating: "<d>", count: limit) + "<e/>" + String(repeating: "</d>", count: limit), line: 1)
    }

    @Test func aMebibyteOfMarkupReadsWhole() throws {
        // References, attributes, CDATA and short elements, over and over: every element
        // read, the last one's attributes as the first's.
        let unit = "<p a=\"&amp;&#x41;\" b='\t'>x&lt;y<![CDATA[z]]></p>\n"
        let text = "<a>" + String(repeating: unit, count: 1_048_576 / unit.utf8.count) + "</a>"
        let root = try read(text)
        #expect(root.elements.count == 1_048_576 / unit.utf8.count)
        #expect(root.elements.last?.attributes == ["a": "&A", "b": " "])
        #expect(root.elements.last?.text == "x<yz")
    }
}
