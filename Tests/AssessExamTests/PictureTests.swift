import AssessExam
import AssessTestSupport
import Foundation
import Testing

/// Pictures in exam files: `image:` beside a prompt and in a choice, the checks `validate`
/// makes of each file (from its header before any pixel), and pictures in the delivery form.
@Suite struct PictureTests {
    /// Writes `yaml` as exam.yaml in a fresh folder with `pictures` beside it; returns the folder.
    private func folder(_ yaml: String, pictures: [String: Data] = [:]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("assess-pictures")
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: folder.file("exam.yaml")))
        for (name, data) in pictures {
            let path = folder.file(name)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path))
        }
        return folder
    }

    private let pictured =
        header + """
            questions:
              - id: map
                type: single-choice
                prompt: Which country is shaded?
                image: {file: pictures/map.png, alt: "A map with one country shaded", width: 30}
                choices:
                  - Canada
                  - {text: Chile, image: {file: flag.png, alt: "a flag with a white star"}}
                answer: Canada

            """

    @Test func aPromptAndAChoiceCarryTheirPictures() throws {
        let map = TestPictures.disc()
        let flag = TestPictures.disc(width: 12, height: 8)
        let folder = try folder(pictured, pictures: ["pictures/map.png": map, "flag.png": flag])
        defer { folder.remove() }
        let exam = try ExamLoader.load(fileAt: folder.file("exam.yaml"))
        let question = try #require(exam.questions.first)
        #expect(question.image == ExamImage(file: "pictures/map.png", alt: "A map with one country shaded", width: 30))
        #expect(question.choiceImages == [1: ExamImage(file: "flag.png", alt: "a flag with a white star")])
        #expect(question.kind == .singleChoice(choices: ["Canada", "Chile"], correct: 0))
        #expect(exam.pictures == ["pictures/map.png": map, "flag.png": flag])
    }

    @Test func theExamKeyCoversPicturesButAnExamWithoutThemKeepsItsKey() throws {
        let plain = try exam(header + "questions: [{id: a, type: true-false, prompt: P, answer: true}]\n")
        var pictured = plain
        pictured.sections[0].questions[0].image = ExamImage(file: "a.png", alt: "A")
        var otherAlt = pictured
        otherAlt.sections[0].questions[0].image?.alt = "B"
        #expect(plain.examKey != pictured.examKey)
        #expect(pictured.examKey != otherAlt.examKey)
        #expect(ExamKey.canonicalForm(of: plain).contains("image") == false)
    }

    @Test func swappingAPictureFileChangesTheKeyAndTheSameBytesKeepIt() throws {
        let map = TestPictures.disc()
        let flag = TestPictures.disc(width: 12, height: 8)
        let first = try folder(pictured, pictures: ["pictures/map.png": map, "flag.png": flag])
        defer { first.remove() }
        let same = try folder(pictured, pictures: ["pictures/map.png": map, "flag.png": flag])
        defer { same.remove() }
        // Only the choice's flag differs, by one pixel.
        let swapped = try folder(
            pictured,
            pictures: [
                "pictures/map.png": map,
                "flag.png": TestPictures.png(width: 12, height: 8) { x, y in
                    x == 0 && y == 0 ? (0, 0, 0) : (x == 6 && y == 4 ? (20, 40, 160) : (240, 240, 230))
                },
            ])
        defer { swapped.remove() }
        let key = try ExamLoader.load(fileAt: first.file("exam.yaml")).examKey
        #expect(try ExamLoader.load(fileAt: same.file("exam.yaml")).examKey == key)
        #expect(try ExamLoader.load(fileAt: swapped.file("exam.yaml")).examKey != key)
        // Read from its text alone, the exam knows no picture's bytes: another key again.
        #expect(try ExamLoader.load(text: pictured, path: "text").examKey != key)
    }

    @Test func aMissingPictureIsNamedWithItsLine() throws {
        let folder = try folder(pictured, pictures: ["flag.png": TestPictures.disc()])
        defer { folder.remove() }
        let found = problems(inFileAt: folder.file("exam.yaml"))
        #expect(found.count == 1)
        #expect(found.first?.line == 8)
        #expect(found.first?.message.contains("picture \"pictures/map.png\": no such file beside the exam") == true)
    }

    @Test func altTextIsRequiredAndWidthIsChecked() {
        let found = problems(
            in: header + """
                questions:
                  - id: a
                    type: true-false
                    prompt: P
                    image: {file: a.png}
                    answer: true
                  - id: b
                    type: true-false
                    prompt: P
                    image: {file: b.png, alt: B, width: 500}
                    answer: true
                  - id: c
                    type: true-false
                    prompt: P
                    image: {file: ../secret.png, alt: C}
                    answer: true

                """)
        #expect(found.map(\.line) == [8, 13, 18])
        #expect(found[0].message.contains("\"image\" of question \"a\" needs \"alt\"; add a line like `alt: "))
        #expect(
            found[1].message.contains(
                "\"width\" in \"image\" of question \"b\" must be a whole number of columns from 4 to 200"))
        #expect(found[2].message.contains("name a .png file in the exam's own folder"))
    }

    /// Each hostile file is refused at its `file:` line, with what is wrong and what to do.
    @Test(arguments: [
        (
            "huge", TestPictures.hugeHeader(width: 30_000, height: 30_000),
            "30,000 × 30,000 pixels; a picture may be at most 2048 × 2048"
        ),
        (
            "bomb", TestPictures.bomb(width: 16_000, height: 16_000),
            "16,000 × 16,000 pixels; a picture may be at most 2048 × 2048"
        ),
        ("damaged", TestPictures.damaged(TestPictures.disc()), "the PNG file is damaged ("),
        ("truncated", TestPictures.truncated(TestPictures.disc()), "the PNG file is damaged ("),
        (
            "not a PNG", Data("GIF89a and so on, not a PNG at all".utf8),
            "this is not a PNG file; save the picture as PNG"
        ),
        ("too big a file", Data(count: PictureLimits.fileBytes + 1), "a picture may be at most 1,048,576 bytes"),
    ])
    func aHostilePictureIsRefusedBeforeItIsDecoded(name: String, picture: Data, message: String) throws {
        let yaml =
            header + """
                questions:
                  - {id: a, type: true-false, prompt: P, answer: true, image: {file: bad.png, alt: "a picture"}}

                """
        let folder = try folder(yaml, pictures: ["bad.png": picture])
        defer { folder.remove() }
        let found = problems(inFileAt: folder.file("exam.yaml"))
        #expect(found.count == 1, "\(name)")
        #expect(found.first?.line == 5, "\(name)")
        #expect(found.first?.message.hasPrefix("picture \"bad.png\": ") == true, "\(name): \(found)")
        #expect(found.first?.message.contains(message) == true, "\(name): \(found)")
    }

    @Test func theBombReallyInflatesToWhatItsHeaderClaims() {
        // 16,000 rows of 2,001 bytes in a file of a few hundred kilobytes: a real bomb, refused by its header.
        let bomb = TestPictures.bomb(width: 16_000, height: 16_000)
        #expect(bomb.count < 300_000)
        #expect(bomb.count > 100_000)
    }

    @Test func aGoodPictureDecodesToItsPixels() throws {
        let picture = try PictureFile.decode(TestPictures.disc(width: 10, height: 6)).get()
        #expect(picture.size == PictureSize(width: 10, height: 6))
        #expect(picture.rgba.count == 240)
        #expect(Array(picture.rgba[0..<4]) == [240, 240, 230, 255])
        let centre = 4 * (3 * 10 + 5)
        #expect(Array(picture.rgba[centre..<(centre + 4)]) == [20, 40, 160, 255])
    }

    @Test func theDeliveryFormCarriesThePicturesAndTheirReferences() throws {
        let map = TestPictures.disc()
        let flag = TestPictures.disc(width: 12, height: 8)
        let folder = try folder(pictured, pictures: ["pictures/map.png": map, "flag.png": flag])
        defer { folder.remove() }
        let exam = try ExamLoader.load(fileAt: folder.file("exam.yaml"))
        let form = DeliveryForm(exam: exam)
        let delivered = try #require(DeliveryForm(json: form.json)).exam
        #expect(delivered.pictures == exam.pictures)
        #expect(delivered.questions.first?.image == exam.questions.first?.image)
        #expect(delivered.questions.first?.choiceImages == exam.questions.first?.choiceImages)
        // The scoring key (the file's text and its pictures' digests, without their bytes)
        // gives the same delivery key; the text alone does not.
        let scoringText = ScoringKeyText.text(source: pictured, exam: exam)
        let scoringExam = try ScoringKeyText.exam(from: scoringText, path: "scoring key")
        #expect(scoringExam.pictures.isEmpty)
        #expect(SealedScoring(exam: scoringExam).deliveryKey == form.key)
        #expect(SealedScoring(exam: try ExamLoader.load(text: pictured, path: "text")).deliveryKey != form.key)
        let plain = try ExamLoader.load(
            text: header + "questions: [{id: a, type: true-false, prompt: P, answer: true}]\n", path: "plain")
        #expect(ScoringKeyText.text(source: "the source", exam: plain) == "the source")
    }
}
