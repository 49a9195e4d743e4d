import AssessExam
import Foundation
import ZIPFoundation

/// Writes a native exam as a QTI 2.1 content package: `imsmanifest.xml`, an assessment
/// test with the exam's sections (the instructions a rubric block of the first), and one
/// item file per question. Scoring uses the
/// standard templates (match_correct, map_response) except numeric questions, whose
/// tolerance or range needs an `equal` with an absolute tolerance.
public enum QTIWriter {
    static let namespace = "http://www.imsglobal.org/xsd/imsqti_v2p1"
    static let templates = "http://www.imsglobal.org/question/qti_v2p1/rptemplates/"

    /// The package's files by path, in the order they are written.
    public static func files(for exam: Exam) -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        var references: [String] = []
        for (index, question) in exam.questions.enumerated() {
            let path = "items/item-\(index + 1).xml"
            files.append((path, item(question, shuffleChoices: exam.shuffle.choices)))
            references.append(path)
        }
        files.insert(("imsmanifest.xml", manifest(exam, items: references)), at: 0)
        files.append(("test.xml", test(exam)))
        return files
    }

    /// The pictures the package holds, by path: each picture of a prompt or a choice beside
    /// the items, at `items/` and its file name in the exam, so that an item's `<img src>` is that name.
    public static func pictures(for exam: Exam) -> [(path: String, data: Data)] {
        var seen: Set<String> = []
        return exam.questions.flatMap(\.images).compactMap { image in
            guard let data = exam.pictures[image.file], seen.insert(image.file).inserted else { return nil }
            return ("items/\(image.file)", data)
        }
    }

    /// The zipped package: the text files, then the pictures.
    public static func package(for exam: Exam) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        let entries = files(for: exam).map { ($0.path, Data($0.text.utf8)) } + pictures(for: exam)
        for file in entries {
            let bytes = file.1
            let path = file.0
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(bytes.count),
                compressionMethod: .deflate
            ) { position, size in
                bytes.subdata(in: Int(position)..<min(bytes.count, Int(position) + size))
            }
        }
        guard let data = archive.data else { throw CocoaError(.fileWriteUnknown) }
        return data
    }

    static func manifest(_ exam: Exam, items: [String]) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="\#(attribute(exam.id))-package">"#,
            "  <organizations/>", "  <resources>",
            #"    <resource identifier="test" type="imsqti_test_xmlv2p1" href="test.xml"><file href="test.xml"/></resource>"#,
        ]
        for (index, path) in items.enumerated() {
            let picture = Set(exam.questions[index].images.map(\.file)).sorted().map {
                #"<file href="items/\#(attribute($0))"/>"#
            }.joined()
            lines.append(
                #"    <resource identifier="item-\#(index + 1)" type="imsqti_item_xmlv2p1" href="\#(attribute(path))"><file href="\#(attribute(path))"/>\#(picture)</resource>"#
            )
        }
        lines += ["  </resources>", "</manifest>", ""]
        return lines.joined(separator: "\n")
    }

    static func test(_ exam: Exam) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<assessmentTest xmlns="\#(namespace)" identifier="\#(attribute(exam.id))" title="\#(attribute(exam.title))">"#,
            #"  <testPart identifier="part" navigationMode="\#(exam.navigation == .free ? "nonlinear" : "linear")" submissionMode="simultaneous">"#,
        ]
        var number = 0
        for (index, section) in exam.sections.enumerated() {
            lines.append(
                #"    <assessmentSection identifier="section-\#(index + 1)" title="\#(attribute(section.title ?? exam.title))" visible="true">"#
            )
            // A pool: QTI's own selection, which comes before a section's rubric and items.
            if let select = section.select { lines.append(#"      <selection select="\#(select)"/>"#) }
            if index == 0, !exam.instructions.isEmpty {
                lines.append(
                    #"      <rubricBlock view="candidate"><div>\#(markup(exam.instructions))</div></rubricBlock>"#)
            }
            for question in section.questions {
                number += 1
                lines.append(
                    #"      <assessmentItemRef identifier="\#(attribute(question.id))" href="items/item-\#(number).xml"/>"#
                )
            }
            lines.append("    </assessmentSection>")
        }
        lines += ["  </testPart>", "</assessmentTest>", ""]
        return lines.joined(separator: "\n")
    }

    /// One question as an `assessmentItem`; its choices marked to be shuffled when the
    /// exam shuffles choices (`shuffleChoices`).
    static func item(_ question: Question, shuffleChoices: Bool = false) -> String {
        var declaration: [String] = []
        var interaction: [String] = []
        var processing = "match_correct"
        var customProcessing: [String]?
        let points = NativeExamWriter.number(question.points)
        func choices(_ texts: [String], element: String = "simpleChoice", extra: String = "", prefix: String = "c")
            -> [String]
        {
            texts.enumerated().map {
                // A choice's picture follows its text, as a prompt's follows the prompt.
                let picture =
                    element == "simpleChoice" ? question.choiceImages[$0.offset].map { " " + Self.image($0) } ?? "" : ""
                return
                    "      <\(element) identifier=\"\(prefix)\($0.offset + 1)\"\(extra)>\(text($0.element))\(picture)</\(element)>"
            }
        }
        func values(_ list: [String]) -> String {
            list.map { "<value>\(text($0))</value>" }.joined()
        }
        switch question.kind {
        case .singleChoice(let options, let correct):
            declaration = [
                #"<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">"#,
                "  <correctResponse>\(values(["c\(correct + 1)"]))</correctResponse>", "</responseDeclaration>",
            ]
            interaction =
                [#"    <choiceInteraction responseIdentifier="RESPONSE" shuffle="\#(shuffleChoices)" maxChoices="1">"#]
                + choices(options) + ["    </choiceInteraction>"]
        case .multipleResponse(let options, let correct, let partial):
            declaration = [
                #"<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="identifier">"#,
                "  <correctResponse>\(values(correct.sorted().map { "c\($0 + 1)" }))</correctResponse>",
            ]
            if partial == .proportional {
                let share = question.points / Double(correct.count)
                declaration.append(#"  <mapping lowerBound="0" upperBound="\#(points)" defaultValue="0">"#)
                for index in options.indices {
                    let value = correct.contains(index) ? share : -share
                    declaration.append(
                        #"    <mapEntry mapKey="c\#(index + 1)" mappedValue="\#(NativeExamWriter.number(value))"/>"#)
                }
                declaration.append("  </mapping>")
                processing = "map_response"
            }
            declaration.append("</responseDeclaration>")
            interaction =
                [#"    <choiceInteraction responseIdentifier="RESPONSE" shuffle="\#(shuffleChoices)" maxChoices="0">"#]
                + choices(options) + ["    </choiceInteraction>"]
        case .trueFalse(let answer):
            declaration = [
                #"<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">"#,
                "  <correctResponse>\(values([answer ? "true" : "false"]))</correctResponse>", "</responseDeclaration>",
            ]
            interaction = [
                #"    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">"#,
                #"      <simpleChoice identifier="true">True</simpleChoice>"#,
                #"      <simpleChoice identifier="false">False</simpleChoice>"#, "    </choiceInteraction>",
            ]
        case .shortText(let accepted, let caseSensitive):
            declaration = [
                #"<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">"#,
                "  <correctResponse>\(values([accepted[0]]))</correctResponse>",
                #"  <mapping defaultValue="0">"#,
            ]
            for answer in accepted {
                declaration.append(
                    #"    <mapEntry mapKey="\#(attribute(answer))" mappedValue="\#(points)" caseSensitive="\#(caseSensitive)"/>"#
                )
            }
            declaration += ["  </mapping>", "</responseDeclaration>"]
            processing = "map_response"
            interaction = [#"    <p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="20"/></p>"#]
        case .numeric(let answer, let unit):
            let (value, below, above): (Double, Double, Double)
            switch answer {
            case .value(let number, let tolerance): (value, below, above) = (number, tolerance, tolerance)
            case .range(let low, let high): (value, below, above) = (low, 0, high - low)
            }
            declaration = [
                #"<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float">"#,
                "  <correctResponse>\(values([NativeExamWriter.number(value)]))</correctResponse>",
                "</responseDeclaration>",
            ]
            let unitSpan = unit.map { #" <span class="assess-unit">\#(text($0))</span>"# } ?? ""
            interaction = [
                #"    <p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="10"/>\#(unitSpan)</p>"#
            ]
            customProcessing = [
                "  <responseCondition>", "    <responseIf>",
                #"      <equal toleranceMode="absolute" tolerance="\#(NativeExamWriter.number(below)) \#(NativeExamWriter.number(above))">"#,
                #"        <variable identifier="RESPONSE"/><correct identifier="RESPONSE"/>"#, "      </equal>",
                #"      <setOutcomeValue identifier="SCORE"><baseValue baseType="float">\#(points)</baseValue></setOutcomeValue>"#,
                "    </responseIf>", "  </responseCondition>",
            ]
        case .essay(let wordLimit):
            declaration = [#"<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>"#]
            let limitClass = wordLimit.map { #" class="assess-word-limit-\#($0)""# } ?? ""
            interaction = [#"    <extendedTextInteraction responseIdentifier="RESPONSE"\#(limitClass)/>"#]
            customProcessing = []
        case .code(let code):
            // QTI has no code interaction: the program is free text; its tests stay behind.
            declaration = [#"<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>"#]
            interaction = [
                #"    <extendedTextInteraction responseIdentifier="RESPONSE" class="assess-code-\#(code.language.rawValue)"/>"#
            ]
            customProcessing = []
        case .matching(let pairs, let partial, _):
            // The targets are the options (each right item once, then the distractors); a
            // target that serves several left items may be matched that many times.
            let options = question.kind.matchingOptions
            let answers = question.kind.matchingAnswers
            let keys = pairs.indices.map { "l\($0 + 1) r\(answers[$0] + 1)" }
            declaration = [
                #"<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair">"#,
                "  <correctResponse>\(values(keys))</correctResponse>",
            ]
            if partial == .proportional {
                let share = NativeExamWriter.number(question.points / Double(pairs.count))
                declaration.append(#"  <mapping defaultValue="0">"#)
                declaration += keys.map { #"    <mapEntry mapKey="\#($0)" mappedValue="\#(share)"/>"# }
                declaration.append("  </mapping>")
                processing = "map_response"
            }
            declaration.append("</responseDeclaration>")
            interaction =
                [
                    #"    <matchInteraction responseIdentifier="RESPONSE" shuffle="true" maxAssociations="\#(pairs.count)">"#,
                    "      <simpleMatchSet>",
                ]
                + choices(pairs.map(\.left), element: "simpleAssociableChoice", extra: #" matchMax="1""#, prefix: "l")
                + ["      </simpleMatchSet>", "      <simpleMatchSet>"]
                + options.indices.map { index in
                    let uses = max(1, answers.filter { $0 == index }.count)
                    return
                        #"      <simpleAssociableChoice identifier="r\#(index + 1)" matchMax="\#(uses)">\#(text(options[index]))</simpleAssociableChoice>"#
                }
                + ["      </simpleMatchSet>", "    </matchInteraction>"]
        case .ordering(let items, let partial):
            declaration = [
                #"<responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier">"#,
                "  <correctResponse>\(values(items.indices.map { "c\($0 + 1)" }))</correctResponse>",
                "</responseDeclaration>",
            ]
            let partialClass = partial == .proportional ? #" class="assess-per-position""# : ""
            interaction =
                [#"    <orderInteraction responseIdentifier="RESPONSE" shuffle="true"\#(partialClass)>"#]
                + choices(items) + ["    </orderInteraction>"]
        }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<assessmentItem xmlns="\#(namespace)" identifier="\#(attribute(question.id))" title="\#(attribute(question.id))" adaptive="false" timeDependent="false">"#,
        ]
        lines += declaration.map { "  " + $0 }
        lines += [
            #"  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"><defaultValue><value>0</value></defaultValue></outcomeDeclaration>"#,
            #"  <outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>\#(points)</value></defaultValue></outcomeDeclaration>"#,
            "  <itemBody>",
            "    <div>\(markup(question.prompt))</div>",
        ]
        if let image = question.image { lines.append("    <p>\(Self.image(image))</p>") }
        lines += interaction
        lines.append("  </itemBody>")
        if let customProcessing {
            lines +=
                customProcessing.isEmpty
                ? ["  <responseProcessing/>"]
                : ["  <responseProcessing>"] + customProcessing.map { "  " + $0 } + ["  </responseProcessing>"]
        } else {
            lines.append(#"  <responseProcessing template="\#(templates)\#(processing)"/>"#)
        }
        lines += ["</assessmentItem>", ""]
        return lines.joined(separator: "\n")
    }

    /// A picture as QTI's `<img>`, its file beside the item; its `width:` as the class
    /// `assess-width-N`, which import reads back.
    static func image(_ image: ExamImage) -> String {
        let width = image.width.map { #" class="assess-width-\#($0)""# } ?? ""
        return #"<img src="\#(attribute(image.file))" alt="\#(attribute(image.alt))"\#(width)/>"#
    }

    /// Text for element content with its line breaks as `<br/>`.
    static func markup(_ value: String) -> String {
        value.split(separator: "\n", omittingEmptySubsequences: false).map { text(String($0)) }.joined(
            separator: "<br/>")
    }

    /// Text for element content.
    static func text(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Text for an attribute value in double quotes.
    static func attribute(_ value: String) -> String {
        text(value).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "\n", with: "&#10;")
    }
}
