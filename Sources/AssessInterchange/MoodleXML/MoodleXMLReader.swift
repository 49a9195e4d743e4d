import AssessExam
import Foundation

/// Reads Moodle XML (`<quiz>` of `<question type="...">`): multichoice, truefalse,
/// shortanswer, numerical, matching, essay, description, category, and CodeRunner's
/// coderunner in python3 or C whose tests give standard input and expected output. Text in any format
/// (HTML, Moodle's, Markdown, plain; CDATA or escaped) becomes plain text; images and files
/// are reported as not imported. Any other question type is reported by name.
public enum MoodleXMLReader {
    /// Reads a Moodle XML file's bytes; `file` names it in locations.
    public static func read(data: Data, file: String) throws(InterchangeError) -> ParsedBank {
        let root = try XMLTree.parse(data, location: SourceLocation(file: file, line: 1))
        guard root.name == "quiz" else {
            throw InterchangeError(
                SourceLocation(file: file, line: root.line),
                "the root element is <\(root.name)>, not <quiz>; this is not a Moodle XML question bank")
        }
        var bank = ParsedBank()
        var section: String?
        for element in root.children("question") {
            let location = SourceLocation(file: file, line: element.line)
            let type = element.attributes["type"] ?? ""
            if type == "category" {
                section = element.child("category")?.child("text").flatMap { GIFTReader.categoryTitle($0.text) }
                continue
            }
            var reader = QuestionReader(element: element, location: location)
            do {
                if let entry = try reader.read(type: type, section: section) { bank.entries.append(entry) }
            } catch {
                bank.reject(error.location, error.message)
            }
        }
        return bank
    }

    /// Reads one `<question>`, collecting what the native model cannot keep.
    private struct QuestionReader {
        let element: XMLElement
        let location: SourceLocation
        var losses: [String] = []
        /// The name of the `<file>` carried as a picture, by the element that holds it (the
        /// question text, an answer).
        var carriedPictures: [ObjectIdentifier: String] = [:]
        /// The answers' carried pictures, by answer index.
        var answerPictures: [Int: (picture: ImportedPicture, source: PictureSource)] = [:]
        /// How the question text reads that picture, `[image: alt]`, taken out of the prompt.
        var carriedToken: String?
        /// How many pictures the question's texts hold.
        var pictureCount = 0

        init(element: XMLElement, location: SourceLocation) {
            self.element = element
            self.location = location
        }

        mutating func read(type: String, section: String?) throws(InterchangeError) -> BankEntry? {
            let title = element.child("name")?.child("text").map {
                $0.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let picture = type == "description" ? nil : try promptPicture(element.child("questiontext"))
            var prompt = richText(element.child("questiontext"), what: "the question text")
            // The carried picture is shown as itself: its `[image: …]` leaves the text.
            if let token = carriedToken, let range = prompt.range(of: token) {
                let rest = PlainText.tidy(prompt.replacingCharacters(in: range, with: ""), collapsingNewlines: true)
                if !rest.isEmpty { prompt = rest }
            }
            if type == "description" {
                return .description(prompt, section: section, location: location)
            }
            guard !prompt.isEmpty else { throw failure("the question has no text; write it in <questiontext>") }
            if let feedback = element.child("generalfeedback"),
                !feedback.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            {
                losses.append("general feedback is not kept")
            }
            var kind: QuestionKind
            switch type {
            case "multichoice": kind = try multichoice()
            case "truefalse": kind = try trueFalse()
            case "shortanswer": kind = try shortAnswer()
            case "numerical": kind = try numerical()
            case "matching": kind = try matching()
            case "essay": kind = essay()
            case "coderunner": kind = try codeRunner()
            default:
                throw failure(
                    "question type \"\(type)\" has no counterpart in assess; the types that import are multichoice, truefalse, shortanswer, numerical, matching, essay, coderunner and description"
                )
            }
            var points = 1.0
            if let grade = element.child("defaultgrade").map({ $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
            ) {
                guard let value = Double(grade), value >= 0 else {
                    throw failure("<defaultgrade> \"\(grade)\" is not a number of 0 or more")
                }
                points = value
            }
            if case .code(var code) = kind {
                // CodeRunner gives the question's grade in shares of the tests' marks; a code
                // question is worth its tests' points, so each test gets its share of the grade.
                let marks = code.tests.reduce(0) { $0 + $1.points }
                for index in code.tests.indices {
                    let share = marks > 0 ? code.tests[index].points / marks : 1 / Double(code.tests.count)
                    code.tests[index].points = share * points
                }
                kind = .code(code)
                points = code.tests.reduce(0) { $0 + $1.points }
            }
            // Moodle writes 1 or 0; true and false are read too.
            let shuffle = element.child("shuffleanswers").map {
                !["0", "false"].contains($0.text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
            }
            var question = ImportedQuestion(
                title: title, prompt: prompt, points: points, kind: kind, section: section,
                location: location, losses: losses, shuffleChoices: shuffle)
            question.picture = picture
            question.pictureCount = pictureCount
            question.carryChoicePictures(answerPictures)
            return .question(question)
        }

        /// The first picture of the question text when it is a PNG the text's own `<file>`
        /// holds (`src="@@PLUGINFILE@@/name.png"`), checked as `validate` checks a picture:
        /// a hostile or damaged one refuses the question. Any other picture stays its alt text.
        private mutating func promptPicture(_ holder: XMLElement?) throws(InterchangeError) -> ImportedPicture? {
            guard let holder, let carried = try picture(in: holder, what: "") else { return nil }
            carriedToken = "[image: \(carried.source.alt.isEmpty ? carried.name : carried.source.alt)]"
            return carried.picture
        }

        /// The first picture of `holder`'s text (the question text, an answer) when it is a
        /// PNG that `holder`'s own `<file>` holds (`src="@@PLUGINFILE@@/name.png"`), checked
        /// as `validate` checks a picture: a hostile or damaged one refuses the question,
        /// naming the picture and `what` it belongs to. Any other picture stays its alt text.
        private mutating func picture(in holder: XMLElement, what: String) throws(InterchangeError) -> (
            picture: ImportedPicture, name: String, source: PictureSource
        )? {
            let prefix = "@@PLUGINFILE@@/"
            guard (holder.attributes["format"] ?? "html") == "html",
                let found = PlainText.firstPicture(holder.child("text")?.text ?? ""), found.source.hasPrefix(prefix)
            else { return nil }
            let name = String(found.source.dropFirst(prefix.count)).removingPercentEncoding ?? ""
            guard name.lowercased().hasSuffix(".png"),
                let file = holder.children("file").first(where: { $0.attributes["name"] == name })
            else { return nil }
            guard let data = Data(base64Encoded: file.text, options: .ignoreUnknownCharacters) else {
                throw failure(
                    "the picture \(name)\(what) in <file> is not base64; export the question from Moodle again",
                    line: file.line)
            }
            if case .failure(let problem) = PictureFile.decode(data) {
                throw failure("picture \"\(name)\"\(what): \(problem)", line: file.line)
            }
            var alt = found.alt
            if alt.isEmpty {
                alt = "a picture (\(name))"
                losses.append("the picture \(name) has no alt text; write one in the exam file")
            }
            carriedPictures[ObjectIdentifier(holder)] = name
            return (ImportedPicture(data: data, alt: alt), name, PictureSource(source: found.source, alt: found.alt))
        }

        private func failure(_ message: String, line: Int? = nil) -> InterchangeError {
            var place = location
            if let line { place.line = line }
            return InterchangeError(place, message)
        }

        /// The plain text of an element with a `format` attribute and a `<text>` child;
        /// its `<file>` children are reported.
        private mutating func richText(_ holder: XMLElement?, what: String) -> String {
            guard let holder else { return "" }
            // A carried picture is no loss; any other file is.
            let carried = carriedPictures[ObjectIdentifier(holder)]
            let files = holder.children("file").filter { $0.attributes["name"] != carried }
            if !files.isEmpty {
                losses.append(
                    "\(files.count) file(s) in \(what) (\(files.compactMap { $0.attributes["name"] }.joined(separator: ", "))) are not imported"
                )
            }
            let raw = holder.child("text")?.text ?? ""
            switch holder.attributes["format"] ?? "html" {
            case "plain_text": return PlainText.tidy(raw, collapsingNewlines: false)
            case "markdown": return PlainText.fromMarkdown(raw)
            default:
                let pictures = raw.lowercased().components(separatedBy: "<img").count - 1
                pictureCount += pictures
                if pictures > (carried == nil ? 0 : 1), !losses.contains(PlainText.pictureLoss) {
                    losses.append(PlainText.pictureLoss)
                }
                return PlainText.fromHTML(raw)
            }
        }

        /// Each `<answer>`: its text, fraction in percent and line. `carryingPictures`: an
        /// answer's picture held in its own `<file>` is carried (`answerPictures`).
        private mutating func answers(carryingPictures: Bool = false) throws(InterchangeError) -> [(
            text: String, percent: Double, line: Int
        )] {
            var result: [(text: String, percent: Double, line: Int)] = []
            var hasFeedback = false
            for (index, answer) in element.children("answer").enumerated() {
                if carryingPictures, let carried = try picture(in: answer, what: " of answer \(index + 1)") {
                    answerPictures[index] = (carried.picture, carried.source)
                }
                let fractionText = answer.attributes["fraction"] ?? "0"
                guard let fraction = Double(fractionText) else {
                    throw failure(
                        "the answer's fraction \"\(fractionText)\" is not a number; write a percentage such as 100 or -50",
                        line: answer.line)
                }
                if let feedback = answer.child("feedback"),
                    !feedback.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                {
                    hasFeedback = true
                }
                result.append((richText(answer, what: "an answer"), fraction, answer.line))
            }
            if hasFeedback { losses.append("feedback on answers is not kept") }
            // Picture-only answers that read the same also name their picture files.
            let answers = element.children("answer")
            let htmls = answers.map {
                ($0.attributes["format"] ?? "html") == "html" ? ($0.child("text")?.text ?? "") : ""
            }
            let distinct = PlainText.choices(fromHTML: htmls)
            let texts = result.map(\.text)
            for index in result.indices
            where PlainText.hasPicture(htmls[index]) && texts.filter({ $0 == texts[index] }).count > 1 {
                result[index].text = distinct[index]
            }
            return result
        }

        private mutating func multichoice() throws(InterchangeError) -> QuestionKind {
            let answers = try answers(carryingPictures: true)
            let single = element.child("single")?.text.trimmingCharacters(in: .whitespacesAndNewlines) != "false"
            let choices = answers.map(\.text)
            let positive = answers.indices.filter { answers[$0].percent > 0 }
            guard !positive.isEmpty else {
                throw failure("no answer has a positive fraction; give the right answer fraction=\"100\"")
            }
            if answers.contains(where: { $0.percent < 0 }) {
                losses.append(
                    "negative fractions are not kept: a wrong choice \(single ? "scores 0" : "takes off one right choice's share")"
                )
            }
            if single {
                guard let best = answers.indices.max(by: { answers[$0].percent < answers[$1].percent }) else {
                    throw failure("the question has no answers")
                }
                if positive.count > 1 {
                    losses.append("partial fractions on other answers are not kept: only the best answer scores")
                }
                return .singleChoice(choices: choices, correct: best)
            }
            if Set(positive.map { answers[$0].percent }).count > 1 {
                losses.append("unequal fractions become equal shares of the points")
            }
            return .multipleResponse(choices: choices, correct: Set(positive), partialCredit: .proportional)
        }

        private mutating func trueFalse() throws(InterchangeError) -> QuestionKind {
            let answers = try answers()
            guard let right = answers.first(where: { $0.percent >= 100 }),
                ["true", "false"].contains(right.text.lowercased())
            else {
                throw failure("a truefalse question needs an answer \"true\" or \"false\" with fraction=\"100\"")
            }
            return .trueFalse(answer: right.text.lowercased() == "true")
        }

        private mutating func shortAnswer() throws(InterchangeError) -> QuestionKind {
            let answers = try answers()
            let full = answers.filter { $0.percent >= 100 }
            guard !full.isEmpty else {
                throw failure("no answer has fraction=\"100\"; give one accepted answer full marks")
            }
            let partial = answers.filter { $0.percent < 100 && $0.percent > 0 }
            if !partial.isEmpty {
                losses.append(
                    "answers with partial fractions (\(partial.map(\.text).joined(separator: ", "))) are not kept")
            }
            if full.contains(where: { $0.text.contains("*") }) {
                losses.append("* in an accepted answer is kept as text, not as a wildcard")
            }
            let caseSensitive = element.child("usecase")?.text.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            return .shortText(accepted: full.map(\.text), caseSensitive: caseSensitive)
        }

        private mutating func numerical() throws(InterchangeError) -> QuestionKind {
            let all = element.children("answer")
            guard
                let best = all.max(by: {
                    Double($0.attributes["fraction"] ?? "0") ?? 0 < Double($1.attributes["fraction"] ?? "0") ?? 0
                }),
                (Double(best.attributes["fraction"] ?? "0") ?? 0) >= 100
            else {
                throw failure("no numerical answer has fraction=\"100\"; give one answer full marks")
            }
            let valueText = best.child("text")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let value = Double(valueText) else {
                throw failure("the numerical answer \"\(valueText)\" is not a number", line: best.line)
            }
            let toleranceText = best.child("tolerance")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? "0"
            guard let tolerance = Double(toleranceText), tolerance >= 0 else {
                throw failure("the tolerance \"\(toleranceText)\" is not a number of 0 or more", line: best.line)
            }
            if all.count > 1 { losses.append("\(all.count - 1) other numerical answer(s) are not kept") }
            if all.contains(where: {
                $0.child("feedback").map { !$0.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } ?? false
            }) {
                losses.append("feedback on answers is not kept")
            }
            if let units = element.child("units"), !units.children("unit").isEmpty {
                losses.append(
                    "units (\(units.descendants("unit_name").map { $0.text }.joined(separator: ", "))) are ignored: the student types the number alone"
                )
            }
            return .numeric(answer: .value(value, tolerance: tolerance), unit: nil)
        }

        private mutating func matching() throws(InterchangeError) -> QuestionKind {
            var pairs: [MatchingPair] = []
            var extras: [String] = []
            for sub in element.children("subquestion") {
                let left = richText(sub, what: "a matching item")
                let right =
                    sub.child("answer")?.child("text")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                // A subquestion with no text is a distractor: its answer is offered but matches nothing.
                if left.isEmpty {
                    if !right.isEmpty { extras.append(right) }
                } else {
                    pairs.append(MatchingPair(left: left, right: right))
                }
            }
            if !extras.isEmpty {
                losses.append(
                    "right-hand items with no left (\(extras.joined(separator: ", "))) are kept as distractors: offered, never right"
                )
            }
            losses.append("matching scores each right pair (per-pair), as Moodle does")
            return .matching(pairs: pairs, partialCredit: .proportional, distractors: extras)
        }

        /// The CodeRunner types that import, and the language each is run in.
        static let codeRunnerLanguages: [String: CodeLanguage] = [
            "python3": .python3, "python3_w_input": .python3, "c_program": .c,
        ]

        /// A CodeRunner question: its type's language, the answer preload as the starter,
        /// each test case a hidden test (with its mark), those used as examples also samples.
        private mutating func codeRunner() throws(InterchangeError) -> QuestionKind {
            let type = element.child("coderunnertype")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let language = Self.codeRunnerLanguages[type] else {
                throw failure(
                    "the CodeRunner type \"\(type)\" is not a language assess runs; the types that import are \(Self.codeRunnerLanguages.keys.sorted().joined(separator: ", "))"
                )
            }
            func text(_ holder: XMLElement?) -> String { holder?.child("text")?.text ?? holder?.text ?? "" }
            var samples: [CodeCase] = []
            var tests: [CodeCase] = []
            let cases = element.child("testcases")?.children("testcase") ?? []
            for (index, testCase) in cases.enumerated() {
                guard text(testCase.child("testcode")).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw failure(
                        "test \(index + 1) runs test code against the student's code; only tests by standard input and expected output import",
                        line: testCase.line)
                }
                let markText = testCase.attributes["mark"] ?? "1"
                guard let mark = Double(markText), mark >= 0 else {
                    throw failure(
                        "the mark \"\(markText)\" of test \(index + 1) is not a number of 0 or more",
                        line: testCase.line)
                }
                let test = CodeCase(
                    standardInput: text(testCase.child("stdin")), expectedOutput: text(testCase.child("expected")),
                    points: mark)
                tests.append(test)
                if testCase.attributes["useasexample"] == "1" {
                    samples.append(CodeCase(standardInput: test.standardInput, expectedOutput: test.expectedOutput))
                }
            }
            guard !tests.isEmpty else { throw failure("the CodeRunner question has no test cases") }
            if element.child("allornothing")?.text.trimmingCharacters(in: .whitespacesAndNewlines) != "0" {
                losses.append("all-or-nothing grading becomes the points of each test passed")
            }
            return .code(
                CodeQuestion(
                    language: language, starter: text(element.child("answerpreload")), samples: samples, tests: tests))
        }

        private mutating func essay() -> QuestionKind {
            if let attachments = element.child("attachments")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                let count = Int(attachments), count != 0
            {
                losses.append("file attachments are not possible in a terminal and are left out")
            }
            if let info = element.child("graderinfo"),
                !info.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            {
                losses.append("information for graders is not kept")
            }
            let limit = element.child("maxwordlimit").flatMap {
                Int($0.text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if let minimum = element.child("minwordlimit").flatMap({
                Int($0.text.trimmingCharacters(in: .whitespacesAndNewlines))
            }), minimum > 0 {
                losses.append("the minimum of \(minimum) words is not kept")
            }
            return .essay(wordLimit: limit.flatMap { $0 > 0 ? $0 : nil })
        }
    }
}
