import AssessExam
import Foundation
import Testing

@testable import AssessInterchange

/// Moodle XML question types, text formats and refusals.
@Suite struct MoodleXMLReaderTests {
    private func read(_ questions: String) throws -> ParsedBank {
        try MoodleXMLReader.read(
            data: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n\(questions)\n</quiz>\n".utf8),
            file: "bank.xml")
    }

    @Test func multichoiceSingleAndMultipleWithCategory() throws {
        let bank = try read(
            """
            <question type="category"><category><text>$course$/top/Chemistry</text></category></question>
            <question type="multichoice">
              <name><text>Noble gas</text></name>
              <questiontext format="html"><text><![CDATA[<p>Which is a <b>noble</b> gas?</p>]]></text></questiontext>
              <defaultgrade>2</defaultgrade>
              <single>true</single>
              <answer fraction="100"><text>Neon</text><feedback><text>Yes</text></feedback></answer>
              <answer fraction="0"><text>Nitrogen</text></answer>
            </question>
            <question type="multichoice">
              <name><text>Metals</text></name>
              <questiontext format="plain_text"><text>Which are metals?</text></questiontext>
              <single>false</single>
              <answer fraction="50"><text>Iron</text></answer>
              <answer fraction="50"><text>Copper</text></answer>
              <answer fraction="-100"><text>Sulfur</text></answer>
            </question>
            """)
        let questions = Banks.questions(bank)
        #expect(questions.count == 2)
        #expect(questions[0].prompt == "Which is a noble gas?")
        #expect(questions[0].points == 2)
        #expect(questions[0].section == "Chemistry")
        #expect(questions[0].kind == .singleChoice(choices: ["Neon", "Nitrogen"], correct: 0))
        #expect(questions[0].losses.contains("feedback on answers is not kept"))
        #expect(
            questions[1].kind
                == .multipleResponse(
                    choices: ["Iron", "Copper", "Sulfur"], correct: [0, 1], partialCredit: .proportional))
        #expect(questions[1].losses.contains { $0.contains("negative fractions") })
    }

    @Test func trueFalseShortAnswerNumericalMatchingEssayDescription() throws {
        let bank = try read(
            """
            <question type="truefalse"><name><text>tf</text></name><questiontext><text>Fire is cold.</text></questiontext>
              <answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer></question>
            <question type="shortanswer"><name><text>sa</text></name><questiontext><text>Red planet?</text></questiontext>
              <usecase>1</usecase><answer fraction="100"><text>Mars</text></answer><answer fraction="50"><text>mars</text></answer></question>
            <question type="numerical"><name><text>num</text></name><questiontext><text>Length?</text></questiontext>
              <answer fraction="100"><text>12</text><tolerance>0.5</tolerance></answer>
              <units><unit><multiplier>1</multiplier><unit_name>cm</unit_name></unit></units></question>
            <question type="matching"><name><text>m</text></name><questiontext><text>Match.</text></questiontext>
              <subquestion><text>one</text><answer><text>1</text></answer></subquestion>
              <subquestion><text>two</text><answer><text>2</text></answer></subquestion></question>
            <question type="description"><name><text>d</text></name><questiontext><text>Part two follows.</text></questiontext></question>
            <question type="essay"><name><text>e</text></name><questiontext><text>Discuss.</text></questiontext>
              <attachments>1</attachments><minwordlimit>50</minwordlimit><maxwordlimit>300</maxwordlimit></question>
            """)
        let questions = Banks.questions(bank)
        #expect(
            questions.map(\.kind) == [
                .trueFalse(answer: false),
                .shortText(accepted: ["Mars"], caseSensitive: true),
                .numeric(answer: .value(12, tolerance: 0.5), unit: nil),
                .matching(
                    pairs: [MatchingPair(left: "one", right: "1"), MatchingPair(left: "two", right: "2")],
                    partialCredit: .proportional),
                .essay(wordLimit: 300),
            ])
        #expect(questions[2].losses.contains { $0.contains("units (cm) are ignored") })
        #expect(questions[4].losses.contains { $0.contains("minimum of 50 words") })
        #expect(questions[4].losses.contains { $0.contains("attachments") })
        #expect(
            bank.entries.contains {
                if case .description("Part two follows.", _, _) = $0 { return true } else { return false }
            })
    }

    @Test func filesAndImagesAreReportedAndOtherTypesRejectedByName() throws {
        let bank = try read(
            """
            <question type="essay"><name><text>pic</text></name>
              <questiontext format="html"><text>&lt;p&gt;Describe &lt;img src="@@PLUGINFILE@@/a.gif" alt="a cell"&gt;&lt;/p&gt;</text>
              <file name="a.gif" encoding="base64">AAAA</file></questiontext></question>
            <question type="calculated"><name><text>calc</text></name><questiontext><text>x?</text></questiontext></question>
            """)
        let question = try #require(Banks.questions(bank).first)
        #expect(question.prompt == "Describe [image: a cell]")
        #expect(question.losses.contains { $0.contains("file(s) in the question text (a.gif)") })
        #expect(bank.rejections.count == 1)
        #expect(bank.rejections.first?.reason.contains("\"calculated\"") == true)
        #expect(bank.rejections.first?.location.line == 6)
    }

    @Test func entityExpansionIsRefusedQuickly() throws {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE quiz [
              <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
              <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
              <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
              <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            ]>
            <quiz><question type="description"><questiontext><text>&d;&d;&d;&d;</text></questiontext></question></quiz>
            """
        let start = ContinuousClock.now
        #expect(throws: InterchangeError.self) { try MoodleXMLReader.read(data: Data(bomb.utf8), file: "bomb.xml") }
        do {
            _ = try MoodleXMLReader.read(data: Data(bomb.utf8), file: "bomb.xml")
        } catch {
            #expect(error.location.line == 2)
            #expect(error.message.contains("document type declaration"))
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func malformedXMLNamesTheLine() throws {
        do {
            _ = try read("<question type=\"essay\">\n<questiontext><text>Hi</questiontext>\n</question>")
            Issue.record("malformed XML was accepted")
        } catch let error as InterchangeError {
            #expect(error.message.contains("not well-formed XML"))
            #expect(error.location.line >= 3)
        }
    }
}

/// CodeRunner questions: by standard input and output in python3 or C, or named and skipped.
@Suite struct CodeRunnerImportTests {
    private func read(_ questions: String) throws -> ParsedBank {
        try MoodleXMLReader.read(
            data: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n\(questions)\n</quiz>\n".utf8),
            file: "bank.xml")
    }

    @Test func aPython3QuestionByInputAndOutputImportsWithItsExamplesAsSamples() throws {
        let bank = try read(
            """
            <question type="coderunner">
              <name><text>Double</text></name>
              <questiontext format="html"><text><![CDATA[<p>Print twice the number read.</p>]]></text></questiontext>
              <defaultgrade>4</defaultgrade>
              <coderunnertype>python3</coderunnertype>
              <answerpreload>n = int(input())
            </answerpreload>
              <allornothing>0</allornothing>
              <testcases>
                <testcase testtype="0" useasexample="1" hiderestiffail="0" mark="1.0000000">
                  <testcode><text></text></testcode>
                  <stdin><text>2
            </text></stdin>
                  <expected><text>4
            </text></expected>
                </testcase>
                <testcase testtype="0" useasexample="0" hiderestiffail="0" mark="3.0000000">
                  <testcode><text></text></testcode>
                  <stdin><text>-5
            </text></stdin>
                  <expected><text>-10
            </text></expected>
                </testcase>
              </testcases>
            </question>
            """)
        let question = try #require(Banks.questions(bank).first)
        #expect(question.points == 4)
        #expect(question.losses.isEmpty, "\(question.losses)")
        #expect(
            question.kind
                == .code(
                    CodeQuestion(
                        language: .python3, starter: "n = int(input())\n",
                        samples: [CodeCase(standardInput: "2\n", expectedOutput: "4\n")],
                        tests: [
                            CodeCase(standardInput: "2\n", expectedOutput: "4\n", points: 1),
                            CodeCase(standardInput: "-5\n", expectedOutput: "-10\n", points: 3),
                        ])))
    }

    @Test func otherLanguagesAndTestCodeAreNamedAndSkipped() throws {
        let bank = try read(
            """
            <question type="coderunner"><name><text>j</text></name><questiontext><text>Java.</text></questiontext>
              <coderunnertype>java_program</coderunnertype>
              <testcases><testcase mark="1"><stdin><text></text></stdin><expected><text>1</text></expected></testcase></testcases>
            </question>
            <question type="coderunner"><name><text>f</text></name><questiontext><text>A function.</text></questiontext>
              <coderunnertype>python3</coderunnertype>
              <testcases><testcase mark="1"><testcode><text>print(f(2))</text></testcode><expected><text>4</text></expected></testcase></testcases>
            </question>
            <question type="coderunner"><name><text>c</text></name><questiontext><text>C, all or nothing.</text></questiontext>
              <coderunnertype>c_program</coderunnertype><defaultgrade>1</defaultgrade>
              <testcases><testcase mark="1"><stdin><text></text></stdin><expected><text>hi</text></expected></testcase>
                <testcase mark="1"><stdin><text>x</text></stdin><expected><text>hi</text></expected></testcase></testcases>
            </question>
            """)
        #expect(bank.rejections.count == 2)
        #expect(bank.rejections.first?.reason.contains("\"java_program\"") == true)
        #expect(bank.rejections.last?.reason.contains("test code") == true)
        let c = try #require(Banks.questions(bank).first)
        guard case .code(let code) = c.kind else {
            Issue.record("not a code question")
            return
        }
        #expect(code.language == .c && code.tests.map(\.points) == [0.5, 0.5] && c.points == 1)
        #expect(c.losses.contains { $0.contains("all-or-nothing") })
    }
}
