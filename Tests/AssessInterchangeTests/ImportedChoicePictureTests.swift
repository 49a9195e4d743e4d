import AssessExam
import AssessTestSupport
import Foundation
import Testing

@testable import AssessInterchange

/// A choice's picture carried by a bank (a QTI package's file beside the item, a Moodle XML
/// answer's base64 `<file>`) imported as the choice's own `image:`, and a hostile or damaged
/// one refused with its question, as `validate` refuses it.
@Suite struct ImportedChoicePictureTests {
    /// What a picture shows a student: its alt text, width and bytes (its file name is the
    /// importer's own).
    private struct Shown: Equatable {
        var alt: String
        var width: Int?
        var bytes: Data?
    }

    /// A question as a student meets it, whatever its pictures' files are named.
    private struct Shape: Equatable {
        var id: String
        var prompt: String
        var points: Double
        var kind: QuestionKind
        var image: Shown?
        var choiceImages: [Int: Shown]
    }

    private func shapes(_ exam: Exam, pictures: [String: Data]) -> [Shape] {
        func shown(_ image: ExamImage) -> Shown {
            Shown(alt: image.alt, width: image.width, bytes: pictures[image.file])
        }
        return exam.questions.map {
            Shape(
                id: $0.id, prompt: $0.prompt, points: $0.points, kind: $0.kind, image: $0.image.map(shown),
                choiceImages: $0.choiceImages.mapValues(shown))
        }
    }

    private func sample() throws -> Exam {
        try ExamLoader.load(fileAt: Banks.exams.appendingPathComponent("pictures.yaml").path)
    }

    @Test func anExportedPackageImportsAsTheSameExamPicturesIncluded() throws {
        let exam = try sample()
        let bank = try QTIPackageReader().read(data: try QTIWriter.package(for: exam), path: "pictures.zip")
        #expect(bank.rejections.isEmpty)
        let outcome = Banks.importer.assemble([bank])
        let imported = try #require(outcome.exam)
        #expect(shapes(imported, pictures: outcome.pictures) == shapes(exam, pictures: exam.pictures))
        #expect(
            imported.questions[3].choiceImages == [
                0: ExamImage(file: "imported-pictures/round-shape.choice-1.png", alt: "a green square"),
                1: ExamImage(file: "imported-pictures/round-shape.choice-2.png", alt: "a red circle"),
            ])
        #expect(imported.questions[0].image?.width == 24, "a width travels as the class assess-width-24")
        #expect(
            outcome.yaml?.contains(
                #"choices: [{text: "Picture 1", image: {file: "imported-pictures/round-shape.choice-1.png", alt: "a green square"}}, "#
            ) == true)
        #expect(!outcome.notes.contains { !$0.hasPrefix("shuffle:") && $0.contains("picture") }, "\(outcome.notes)")
    }

    /// An unpacked package of one item whose four choices are pictures alone, all with the
    /// alt text "flag", and whose prompt has a picture too.
    private func flagsPackage(choice picture: Data = TestPictures.disc(width: 30, height: 20)) throws
        -> TemporaryDirectory
    {
        let folder = try TemporaryDirectory("flags-package")
        try FileManager.default.createDirectory(atPath: folder.file("items/flags"), withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="flags">
              <resources>
                <resource identifier="i1" type="imsqti_item_xmlv2p1" href="items/which-flag.xml"/>
              </resources>
            </manifest>
            """.utf8
        ).write(to: folder.url.appendingPathComponent("imsmanifest.xml"))
        let choices = ["north", "south", "east", "west"].enumerated().map { index, name in
            #"<simpleChoice identifier="\#(name)"><img src="flags/\#(name).png" alt="flag"/></simpleChoice>"#
        }.joined(separator: "\n")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="which-flag" title="Flags">
              <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
                <correctResponse><value>east</value></correctResponse>
              </responseDeclaration>
              <itemBody>
                <p>Which flag flies over the harbour in the map?</p>
                <p><img src="flags/map.png" alt="a harbour with a flag on its tower"/></p>
                <choiceInteraction responseIdentifier="RESPONSE" shuffle="true" maxChoices="1">
                \(choices)
                </choiceInteraction>
              </itemBody>
              <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
            </assessmentItem>
            """.utf8
        ).write(to: folder.url.appendingPathComponent("items/which-flag.xml"))
        for (index, name) in ["north", "south", "east", "west"].enumerated() {
            let file = folder.url.appendingPathComponent("items/flags/\(name).png")
            if name == "south" {
                try picture.write(to: file)
            } else {
                try TestPictures.png(width: 12 + index, height: 8) { x, _ in x % 2 == 0 ? (200, 0, 0) : (0, 0, 200) }
                    .write(to: file)
            }
        }
        try TestPictures.disc().write(to: folder.url.appendingPathComponent("items/flags/map.png"))
        return folder
    }

    @Test func choicesThatArePicturesAloneKeepTheirPicturesAndReadAsTheirLabels() throws {
        let folder = try flagsPackage()
        defer { folder.remove() }
        let bank = try QTIPackageReader().read(folder: folder.path)
        #expect(bank.rejections.isEmpty)
        let outcome = Banks.importer.assemble([bank])
        let question = try #require(outcome.exam?.questions.first)
        #expect(
            question.kind
                == .singleChoice(
                    choices: ["flag, north.png", "flag, south.png", "flag, east.png", "flag, west.png"], correct: 2))
        #expect(question.prompt == "Which flag flies over the harbour in the map?")
        #expect(question.image?.alt == "a harbour with a flag on its tower")
        #expect(question.choiceImages.count == 4)
        #expect(question.choiceImages[2] == ExamImage(file: "imported-pictures/which-flag.choice-3.png", alt: "flag"))
        let east = try Data(contentsOf: folder.url.appendingPathComponent("items/flags/east.png"))
        #expect(outcome.pictures["imported-pictures/which-flag.choice-3.png"] == east)
        #expect(outcome.pictures.count == 5)
        #expect(!outcome.notes.contains { $0.contains("not carried") }, "\(outcome.notes)")
    }

    @Test(arguments: [
        ("huge", TestPictures.hugeHeader(width: 30_000, height: 30_000), "30,000 × 30,000 pixels"),
        ("bomb", TestPictures.bomb(width: 16_000, height: 16_000), "16,000 × 16,000 pixels"),
        ("damaged", TestPictures.damaged(TestPictures.disc()), "the PNG file is damaged ("),
    ])
    func aHostileChoicePictureInAPackageRefusesItsItem(name: String, picture: Data, message: String) throws {
        let folder = try flagsPackage(choice: picture)
        defer { folder.remove() }
        let bank = try QTIPackageReader().read(folder: folder.path)
        #expect(Banks.questions(bank).isEmpty, "\(name)")
        let rejection = try #require(bank.rejections.first, "\(name)")
        #expect(rejection.location.file == folder.path)
        #expect(rejection.location.member == "items/flags/south.png")
        #expect(
            rejection.reason.hasPrefix("picture \"items/flags/south.png\" of choice 2 of items/which-flag.xml: "),
            "\(name): \(rejection)")
        #expect(rejection.reason.contains(message), "\(name): \(rejection)")
    }

    /// A Moodle XML multichoice question whose answers are a word and a picture each, the
    /// pictures held base64 in the answers' own `<file>`.
    private func moodle(second: Data) -> Data {
        let first = TestPictures.png(width: 16, height: 16) { x, y in (x + y) % 3 == 0 ? (0, 120, 0) : (250, 250, 250) }
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <quiz>
            <question type="multichoice">
              <name><text>Leaf shapes</text></name>
              <questiontext format="html"><text><![CDATA[<p>Which leaf has a toothed edge?</p>]]></text></questiontext>
              <single>true</single>
              <shuffleanswers>1</shuffleanswers>
              <answer fraction="0" format="html">
                <text><![CDATA[<p>Smooth <img src="@@PLUGINFILE@@/smooth%20leaf.png" alt="a leaf with a smooth edge"></p>]]></text>
                <file name="smooth leaf.png" path="/" encoding="base64">\(first.base64EncodedString())</file>
              </answer>
              <answer fraction="100" format="html">
                <text><![CDATA[<p>Toothed <img src="@@PLUGINFILE@@/toothed.png" alt="a leaf with a saw-like edge"></p>]]></text>
                <file name="toothed.png" path="/" encoding="base64">\(second.base64EncodedString())</file>
              </answer>
              <answer fraction="0" format="html"><text>Neither</text></answer>
            </question>
            </quiz>
            """.utf8)
    }

    @Test func aMoodleAnswersPictureBecomesItsChoicesPicture() throws {
        let toothed = TestPictures.disc(width: 20, height: 24)
        let bank = try MoodleXMLReader.read(data: moodle(second: toothed), file: "leaves.xml")
        #expect(bank.rejections.isEmpty)
        let outcome = Banks.importer.assemble([bank])
        let question = try #require(outcome.exam?.questions.first)
        #expect(question.kind == .singleChoice(choices: ["Smooth", "Toothed", "Neither"], correct: 1))
        #expect(
            question.choiceImages == [
                0: ExamImage(file: "imported-pictures/leaf-shapes.choice-1.png", alt: "a leaf with a smooth edge"),
                1: ExamImage(file: "imported-pictures/leaf-shapes.choice-2.png", alt: "a leaf with a saw-like edge"),
            ])
        #expect(outcome.pictures["imported-pictures/leaf-shapes.choice-2.png"] == toothed)
        #expect(!outcome.notes.contains { $0.contains("picture") || $0.contains("file(s)") }, "\(outcome.notes)")
    }

    @Test(arguments: [
        ("huge", TestPictures.hugeHeader(width: 30_000, height: 30_000), "30,000 × 30,000 pixels"),
        ("bomb", TestPictures.bomb(width: 16_000, height: 16_000), "16,000 × 16,000 pixels"),
        ("damaged", TestPictures.truncated(TestPictures.disc()), "the PNG file is damaged ("),
    ])
    func aHostileMoodleAnswerPictureRefusesItsQuestion(name: String, picture: Data, message: String) throws {
        let bank = try MoodleXMLReader.read(data: moodle(second: picture), file: "leaves.xml")
        #expect(Banks.questions(bank).isEmpty, "\(name)")
        let rejection = try #require(bank.rejections.first, "\(name)")
        #expect(rejection.location.file == "leaves.xml")
        #expect(rejection.location.line == 14, "the line of the answer's <file>")
        #expect(rejection.reason.hasPrefix("picture \"toothed.png\" of answer 2: "), "\(name): \(rejection)")
        #expect(rejection.reason.contains(message), "\(name): \(rejection)")
    }

    @Test func anAnswerPictureOfAnotherTypeOrWithoutItsFileStaysItsAltText() throws {
        var xml = String(decoding: moodle(second: TestPictures.disc()), as: UTF8.self)
        xml = xml.replacingOccurrences(of: #"<file name="toothed.png""#, with: #"<file name="other.png""#)
        let bank = try MoodleXMLReader.read(data: Data(xml.utf8), file: "leaves.xml")
        let question = try #require(Banks.questions(bank).first)
        #expect(question.choicePictures.keys.sorted() == [0])
        if case .singleChoice(let choices, _) = question.kind {
            #expect(choices == ["Smooth", "Toothed [image: a leaf with a saw-like edge]", "Neither"])
        } else {
            Issue.record("not single choice: \(question.kind)")
        }
        #expect(question.losses.contains(PlainText.pictureLoss))
    }

    @Test func picturesPastWhatOneExamMayCarryRefuseTheQuestionThatPassesIt() throws {
        // About 770 KB each (stored, not compressed): the eleventh question passes 8 MiB.
        let picture = TestPictures.png(width: 512, height: 500) { x, y in (UInt8(x % 256), UInt8(y % 256), 90) }
        var bank = ParsedBank()
        for number in 1...12 {
            var question = ImportedQuestion(
                title: "chart-\(number)", prompt: "What does chart \(number) show?", kind: .essay(wordLimit: nil),
                section: nil, location: SourceLocation(file: "charts.xml", line: number * 10))
            question.picture = ImportedPicture(data: picture, alt: "chart \(number)")
            bank.add(question)
        }
        let outcome = Banks.importer.assemble([bank])
        let fitting = PictureLimits.examBytes / picture.count
        #expect(outcome.exam?.questions.count == fitting)
        #expect(outcome.pictures.count == fitting)
        #expect(outcome.pictures.values.reduce(0) { $0 + $1.count } <= PictureLimits.examBytes)
        #expect(outcome.rejections.map(\.location.line) == Array((fitting + 1)...12).map { $0 * 10 })
        #expect(
            outcome.rejections.first?.reason
                == "its pictures would bring the exam's to more than 8,388,608 bytes, the most one exam may carry; import the banks as several exams, or make the pictures smaller"
        )
    }

    @Test func aRejectedQuestionLeavesNoPictureBehind() throws {
        var bank = ParsedBank()
        var question = ImportedQuestion(
            title: "same", prompt: "Which is it?", kind: .singleChoice(choices: ["A", "A"], correct: 0), section: nil,
            location: SourceLocation(file: "bank.xml", line: 3))
        question.picture = ImportedPicture(data: TestPictures.disc(), alt: "a disc")
        bank.add(question)
        bank.add(
            ImportedQuestion(
                title: "other", prompt: "Write.", kind: .essay(wordLimit: nil), section: nil,
                location: SourceLocation(file: "bank.xml", line: 9)))
        let outcome = Banks.importer.assemble([bank])
        #expect(outcome.rejections.map(\.location.line) == [3])
        #expect(outcome.pictures.isEmpty)
    }
}
