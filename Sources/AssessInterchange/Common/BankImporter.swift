import AssessExam
import Foundation

/// Reads question banks in the formats of `InterchangeFormat` and makes one native exam of
/// them, checked by the project's own loader.
public struct BankImporter: Sendable {
    /// The exam's id, title and duration; the banks do not carry them.
    public var examID: String
    /// The exam's title.
    public var title: String
    /// The time allowed, in seconds.
    public var durationSeconds: Int
    /// The limits for QTI packages.
    public var zipLimits: ZipLimits

    /// Creates an importer.
    public init(examID: String, title: String, durationSeconds: Int, zipLimits: ZipLimits = ZipLimits()) {
        self.examID = examID
        self.title = title
        self.durationSeconds = durationSeconds
        self.zipLimits = zipLimits
    }

    /// What an import made: the exam (nil when no question could be imported), what was
    /// left out and what was changed on the way.
    public struct Outcome: Sendable {
        /// The native exam, already loaded back through `ExamLoader`.
        public var exam: Exam?
        /// The exam file's text, as `assess import` writes it.
        public var yaml: String?
        /// Everything not imported, with reason and place.
        public var rejections: [Rejection]
        /// What each imported question lost (feedback, weights, units) or had removed
        /// (control characters), with its id and place.
        public var notes: [String]
        /// The pictures the exam names (`EXAM-pictures/ID.png` for a prompt's,
        /// `EXAM-pictures/ID.choice-N.png` for choice N's, by the exam's and the question's
        /// ids), to be written beside the exam file.
        public var pictures: [String: Data] = [:]
    }

    /// Reads one file's bytes as `format` (or the guessed format) into a parsed bank.
    public func read(data: Data, path: String, format: InterchangeFormat?) throws(InterchangeError) -> ParsedBank {
        guard let format = format ?? InterchangeFormat.guess(data) else {
            throw InterchangeError(
                SourceLocation(file: path, line: 1),
                "cannot tell this file's format; name it with --format gift, aiken, moodle-xml or qti")
        }
        switch format {
        case .qti where data.starts(with: [0x50, 0x4B, 0x03, 0x04]):
            return try QTIPackageReader(limits: zipLimits).read(data: data, path: path)
        case .qti:
            return try QTIItemReader.readItem(data: data, file: path, member: nil, section: nil)
        case .moodleXML:
            return try MoodleXMLReader.read(data: data, file: path)
        case .gift, .aiken:
            // As large as an exam file may be: the exam these become is no smaller.
            guard data.count <= ExamLimits.fileBytes else {
                throw InterchangeError(
                    SourceLocation(file: path, line: 1),
                    """
                    the file is larger than \(ExamLimits.fileBytes >> 20) MiB, the most an exam file may be; \
                    split the bank into several files and import each as an exam
                    """)
            }
            let text = try Self.text(data, path: path)
            return format == .gift
                ? try GIFTReader.read(text: text, file: path) : AikenReader.read(text: text, file: path)
        }
    }

    /// Reads the file at `path` as `format` (or the guessed format); a folder is read as an
    /// unpacked QTI package (it must hold `imsmanifest.xml`).
    public func read(fileAt path: String, format: InterchangeFormat?) throws(InterchangeError) -> ParsedBank {
        let here = SourceLocation(file: path, line: 1)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists && isFolder.boolValue {
            guard format == nil || format == .qti else {
                throw InterchangeError(
                    here,
                    "\(path) is a folder; only a QTI package can be given as a folder (with imsmanifest.xml at its top), so leave out --format or write --format qti"
                )
            }
            return try QTIPackageReader(limits: zipLimits).read(folder: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InterchangeError(
                here, exists ? "cannot read this file; check its permissions" : "no such file; check the path")
        }
        return try read(data: data, path: path, format: format)
    }

    /// `data` as UTF-8 text without a byte order mark; an error names the first bad byte's line.
    static func text(_ data: Data, path: String) throws(InterchangeError) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let valid = bytes.prefix { $0 < 0x80 }
        let line = valid.filter { $0 == 0x0A }.count + 1
        throw InterchangeError(SourceLocation(file: path, line: line), "this file is not UTF-8 text; save it as UTF-8")
    }

    /// Makes one exam of `banks`, in order: control characters removed, descriptions put
    /// before the next question, ids made from titles, and each question checked by the
    /// native loader (one that fails it is rejected with the loader's reason).
    /// `sections` with the pools the banks name (`ParsedBank.selections`); a pool that asks
    /// for more questions than were imported is left out, and said.
    private func pools(_ sections: [ExamSection], banks: [ParsedBank], notes: inout [String]) -> [ExamSection] {
        var selections: [String: Int] = [:]
        for bank in banks {
            for (title, count) in bank.selections { selections[PlainText.removingControls(title).text] = count }
        }
        return sections.map { section in
            guard let title = section.title, let count = selections[title] else { return section }
            guard count >= 1, count <= section.questions.count else {
                notes.append(
                    "section \"\(title)\": the bank selects \(count) of its questions, but \(section.questions.count) were imported; every candidate sits them all"
                )
                return section
            }
            var pool = section
            pool.select = count
            return pool
        }
    }

    public func assemble(_ banks: [ParsedBank]) -> Outcome {
        var rejections = banks.flatMap(\.rejections)
        // The exam's limit on questions, before each is checked (a check takes about a millisecond).
        let questionCount = banks.reduce(0) { count, bank in
            count + bank.entries.count { if case .question = $0 { return true } else { return false } }
        }
        guard questionCount <= ExamLimits.questions else {
            let place =
                banks.lazy.flatMap(\.entries).compactMap { entry -> SourceLocation? in
                    if case .question(let question) = entry { return question.location } else { return nil }
                }.dropFirst(ExamLimits.questions).first ?? SourceLocation(file: examID, line: 1)
            rejections.append(
                Rejection(
                    place,
                    """
                    the banks hold \(ExamLimits.grouped(questionCount)) questions; an exam may hold at most \
                    \(ExamLimits.grouped(ExamLimits.questions)): import them as several exams
                    """))
            return Outcome(exam: nil, yaml: nil, rejections: rejections, notes: [])
        }
        var notes: [String] = []
        // The questions whose choices a shuffle would reorder, and which the banks keep in order.
        var choiceQuestions = 0
        var keptInOrder: [String] = []
        var pictures: [String: Data] = [:]
        var picturesBytes = 0
        var usedIDs: Set<String> = []
        var sections: [ExamSection] = []
        var pendingText: [String] = []
        var instructions: [String] = []
        var number = 0
        for entry in banks.flatMap(\.entries) {
            switch entry {
            case .description(let text, _, let location):
                let (clean, removed) = PlainText.removingControls(text)
                if removed > 0 { notes.append("\(location): description: removed \(removed) control characters") }
                if sections.isEmpty { instructions.append(clean) } else { pendingText.append(clean) }
            case .question(let imported):
                number += 1
                var cleaned = Self.cleaned(imported)
                if cleaned.removed > 0 {
                    notes.append("\(imported.location): removed \(cleaned.removed) control characters")
                }
                if !pendingText.isEmpty {
                    cleaned.question.prompt = (pendingText + [cleaned.question.prompt]).joined(separator: "\n\n")
                    pendingText = []
                }
                let id = Self.uniqueID(for: imported.title, number: number, used: &usedIDs)
                var question = Question(
                    id: id, prompt: cleaned.question.prompt, points: cleaned.question.points,
                    kind: cleaned.question.kind)
                var questionPictures: [String: Data] = [:]
                if let picture = imported.picture {
                    let file = "\(examID)-pictures/\(id).png"
                    question.image = ExamImage(
                        file: file, alt: PlainText.removingControls(picture.alt).text, width: picture.width)
                    questionPictures[file] = picture.data
                }
                // A choice's picture is named by the question's id and the choice's number;
                // ids hold no `.`, so no two pictures' names can meet.
                for (index, picture) in imported.choicePictures {
                    let file = "\(examID)-pictures/\(id).choice-\(index + 1).png"
                    question.choiceImages[index] = ExamImage(
                        file: file, alt: PlainText.removingControls(picture.alt).text, width: picture.width)
                    questionPictures[file] = picture.data
                }
                if let problem = check(question) {
                    rejections.append(Rejection(imported.location, problem))
                    continue
                }
                // The exam's pictures stay within what `validate` lets one exam carry.
                let added = questionPictures.values.reduce(0) { $0 + $1.count }
                if picturesBytes + added > PictureLimits.examBytes {
                    rejections.append(
                        Rejection(
                            imported.location,
                            """
                            its pictures would bring the exam's to more than \
                            \(ExamLimits.grouped(PictureLimits.examBytes)) bytes, the most one exam may carry; \
                            import the banks as several exams, or make the pictures smaller
                            """))
                    continue
                }
                picturesBytes += added
                pictures.merge(questionPictures) { $1 }
                for loss in imported.losses { notes.append("\(imported.location): \(id): \(loss)") }
                switch question.kind {
                case .singleChoice, .multipleResponse:
                    choiceQuestions += 1
                    if imported.shuffleChoices == false { keptInOrder.append("\(id) (\(imported.location))") }
                default: break
                }
                let sectionTitle = imported.section.map { PlainText.removingControls($0).text }
                if let last = sections.last, last.title == sectionTitle {
                    sections[sections.count - 1].questions.append(question)
                } else {
                    sections.append(ExamSection(title: sectionTitle, questions: [question]))
                }
            }
        }
        if !pendingText.isEmpty {
            notes.append("descriptions after the last question are added to the instructions")
            instructions += pendingText
        }
        guard !sections.isEmpty else { return Outcome(exam: nil, yaml: nil, rejections: rejections, notes: notes) }
        if sections.count > 1 || sections[0].title != nil {
            sections = sections.map { ExamSection(title: $0.title ?? "Questions", questions: $0.questions) }
        }
        if choiceQuestions > 0 {
            notes.append(Self.shuffleNote(keptInOrder: keptInOrder))
        }
        let built = Exam(
            id: examID, title: title, durationSeconds: durationSeconds,
            instructions: instructions.joined(separator: "\n\n"),
            shuffle: ShuffleSettings(questions: false, choices: keptInOrder.isEmpty),
            sections: pools(Self.merged(sections), banks: banks, notes: &notes))
        let yaml = NativeExamWriter.yaml(for: built)
        do {
            var exam = try ExamLoader.load(text: yaml, path: "\(examID).yaml")
            exam.pictures = pictures
            return Outcome(exam: exam, yaml: yaml, rejections: rejections, notes: notes, pictures: pictures)
        } catch {
            // Each question passed the loader alone, so this is the exam's own settings
            // (an id or title the loader refuses): say so rather than write a bad file.
            let problems = error.problems.map {
                Rejection(SourceLocation(file: "\(examID).yaml", line: $0.line), $0.message)
            }
            return Outcome(exam: nil, yaml: nil, rejections: rejections + problems, notes: notes)
        }
    }

    /// The `changed:` line that says how the exam shuffles choices: in an order of each
    /// candidate's own (banks often list the right choice first), unless a bank asks to keep
    /// some question's choices in order, which a native exam can say only for all of them.
    static func shuffleNote(keptInOrder: [String]) -> String {
        guard !keptInOrder.isEmpty else {
            return """
                shuffle: {choices: true}: each candidate sees the choices in an order of their own \
                (the banks do not ask to keep them in order, and often list the right one first)
                """
        }
        return """
            shuffle: {choices: false}: the bank keeps the choices of \(keptInOrder.joined(separator: ", ")) \
            in their order, so no question's choices are shuffled; set shuffle: {choices: true} in the exam file \
            to shuffle them all
            """
    }

    /// Sections with the same title brought together, in the order each title first appears.
    private static func merged(_ sections: [ExamSection]) -> [ExamSection] {
        var result: [ExamSection] = []
        for section in sections {
            if let index = result.firstIndex(where: { $0.title == section.title }) {
                result[index].questions += section.questions
            } else {
                result.append(section)
            }
        }
        return result
    }

    /// The loader's complaint about `question` in an exam of its own, or nil when it is valid.
    private func check(_ question: Question) -> String? {
        let exam = Exam(
            id: "check", title: "check", durationSeconds: 60,
            sections: [ExamSection(title: nil, questions: [question])])
        do {
            _ = try ExamLoader.load(text: NativeExamWriter.yaml(for: exam), path: "check")
            return nil
        } catch {
            return error.problems.map(\.message).joined(separator: "; ")
        }
    }

    private static func cleaned(_ imported: ImportedQuestion) -> (question: Question, removed: Int) {
        var removed = 0
        func clean(_ text: String) -> String {
            let result = PlainText.removingControls(text)
            removed += result.removed
            return result.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let kind: QuestionKind
        switch imported.kind {
        case .singleChoice(let choices, let correct):
            kind = .singleChoice(choices: choices.map(clean), correct: correct)
        case .multipleResponse(let choices, let correct, let partial):
            kind = .multipleResponse(choices: choices.map(clean), correct: correct, partialCredit: partial)
        case .shortText(let accepted, let caseSensitive):
            kind = .shortText(accepted: accepted.map(clean), caseSensitive: caseSensitive)
        case .numeric(let answer, let unit): kind = .numeric(answer: answer, unit: unit.map(clean))
        case .matching(let pairs, let partial, let distractors):
            kind = .matching(
                pairs: pairs.map { MatchingPair(left: clean($0.left), right: clean($0.right)) }, partialCredit: partial,
                distractors: distractors.map(clean))
        case .ordering(let items, let partial): kind = .ordering(items: items.map(clean), partialCredit: partial)
        case .trueFalse, .essay, .code: kind = imported.kind
        }
        let prompt = clean(imported.prompt)
        return (Question(id: "", prompt: prompt, points: imported.points, kind: kind), removed)
    }

    /// The title itself when it is already an id (ASCII letters, digits, `-` and `_`, at
    /// most 64), else an id made from it (lower case letters, digits and `-`), or `q` and
    /// the question's number; `-2`, `-3` … keep it unique.
    static func uniqueID(for title: String?, number: Int, used: inout Set<String>) -> String {
        var slug = ""
        if let title, (1...64).contains(title.count),
            title.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        {
            slug = title
        }
        for character in slug.isEmpty ? (title ?? "").lowercased() : "" {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && !slug.hasSuffix("-") && slug.count < 40 {
                slug.append("-")
            }
            if slug.count >= 40 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        var id = slug.isEmpty ? "q\(number)" : slug
        var suffix = 2
        while used.contains(id) {
            id = (slug.isEmpty ? "q\(number)" : slug) + "-\(suffix)"
            suffix += 1
        }
        used.insert(id)
        return id
    }
}
