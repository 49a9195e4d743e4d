import AssessExam
import Foundation

/// Reads one QTI 2.1/2.2 `assessmentItem` or QTI 3.0 `qti-assessment-item` with one
/// interaction: choice, textEntry, extendedText, order, match or associate. Scoring by the
/// standard templates (match_correct, map_response) and `mapping` weights; any other
/// interaction is reported by name.
///
/// A few `class` names written by `assess export` keep what QTI has no place for:
/// `assess-unit` on a span after a numeric entry (its unit), `assess-word-limit-N` on an
/// extended text interaction, `assess-per-position` on an order interaction.
public enum QTIItemReader {
    /// The interactions that map to a native question type.
    static let supported = [
        "choiceInteraction", "textEntryInteraction", "extendedTextInteraction",
        "orderInteraction", "matchInteraction", "associateInteraction",
    ]

    /// Reads an item file's bytes; `file` and `member` (inside a package) name it in
    /// locations, and `section` is the section a package's test gives it.
    public static func readItem(data: Data, file: String, member: String?, section: String?) throws(InterchangeError)
        -> ParsedBank
    {
        let root = try XMLTree.parse(
            data, location: SourceLocation(file: file, line: 1, member: member), rename: qti3Name)
        let location = SourceLocation(file: file, line: root.line, member: member)
        guard root.name == "assessmentItem" else {
            throw InterchangeError(
                location,
                "the root element is <\(root.name)>, not an assessment item; give a QTI item file or a content package (.zip)"
            )
        }
        var bank = ParsedBank()
        do {
            var reader = ItemReader(item: root, location: location)
            bank.add(try reader.read(section: section))
        } catch {
            bank.reject(error.location, error.message)
        }
        return bank
    }

    /// A QTI 3.0 name in the QTI 2 spelling: `qti-choice-interaction` → `choiceInteraction`,
    /// `response-identifier` → `responseIdentifier`. QTI 2 names pass unchanged.
    static func qti3Name(_ name: String) -> String {
        guard name.contains("-") else { return name }
        let plain = name.hasPrefix("qti-") ? String(name.dropFirst(4)) : name
        let words = plain.split(separator: "-")
        guard let first = words.first else { return name }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private struct Declaration {
        var element: XMLElement
        var cardinality: String
        var baseType: String
        var correct: [String]
        var mapping: [(key: String, value: Double, caseSensitive: Bool)]
        var mappingUpperBound: Double?
    }

    private struct ItemReader {
        let item: XMLElement
        let location: SourceLocation
        var losses: [String] = []
        /// The one picture of each choice of a choice interaction, by choice index.
        var choicePictureSources: [Int: PictureSource] = [:]

        init(item: XMLElement, location: SourceLocation) {
            self.item = item
            self.location = location
        }

        func failure(_ message: String, at element: XMLElement? = nil) -> InterchangeError {
            var place = location
            if let element { place.line = element.line }
            return InterchangeError(place, message)
        }

        mutating func read(section: String?) throws(InterchangeError) -> ImportedQuestion {
            guard let body = item.child("itemBody") else { throw failure("the item has no itemBody") }
            let interactions = Self.interactions(in: body)
            guard let interaction = interactions.first else {
                throw failure("the item has no interaction; there is nothing to answer")
            }
            let unsupported = interactions.filter { !QTIItemReader.supported.contains($0.name) }
            let supportedList = QTIItemReader.supported.joined(separator: ", ")
            guard interactions.count == 1 else {
                // Name every interaction, so that nothing the item asks goes unmentioned,
                // and say which of them would not import even alone.
                let named = interactions.map { "\($0.name) (line \($0.line))" }.joined(separator: ", ")
                var message =
                    "the item has \(interactions.count) interactions, \(named); assess asks one thing per question, so split it into items of one interaction each"
                if !unsupported.isEmpty {
                    let names = Self.names(unsupported.map(\.name))
                    message +=
                        "; \(names) \(unsupported.count == 1 ? "has" : "have") no counterpart in assess (the interactions that import are \(supportedList))"
                }
                throw failure(message, at: interactions[1])
            }
            if let other = unsupported.first {
                throw failure(
                    "\(other.name) has no counterpart in assess; the interactions that import are \(supportedList)",
                    at: other)
            }
            let responseID = interaction.attributes["responseIdentifier"] ?? ""
            let declarations = item.children("responseDeclaration")
            guard let declared = declarations.first(where: { $0.attributes["identifier"] == responseID }) else {
                throw failure(
                    "\(interaction.name) answers response \"\(responseID)\", which no responseDeclaration declares; declare it or fix responseIdentifier",
                    at: interaction)
            }
            let declaration = try declaration(declared)
            let processing = item.child("responseProcessing")
            let template = processing?.attributes["template"] ?? ""
            let usesMapping = template.contains("map_response")
            let isNumeric = ["float", "integer"].contains(declaration.baseType)
            if let processing, template.isEmpty, !processing.elements.isEmpty, !isNumeric {
                losses.append(
                    "custom response processing is not kept: the correct response (and mapping, if any) decides the score"
                )
            }
            var unit: String?
            let promptMarkup = Self.markup(of: body, unit: &unit)
            var prompt = PlainText.fromHTML(promptMarkup)
            if prompt.isEmpty { prompt = item.attributes["title"] ?? "" }
            guard !prompt.isEmpty else {
                throw failure("the item has no text to show; write the question in itemBody or a prompt")
            }
            if !item.descendants("modalFeedback").isEmpty || !item.descendants("feedbackInline").isEmpty {
                losses.append("feedback is not kept")
            }
            if !body.descendants("img").isEmpty { losses.append(PlainText.pictureLoss) }
            if !body.descendants("object").isEmpty { losses.append("objects (media) are not imported") }
            let kind: QuestionKind
            switch interaction.name {
            case "choiceInteraction": kind = try choice(interaction, declaration, usesMapping: usesMapping)
            case "textEntryInteraction": kind = try textEntry(interaction, declaration, unit: unit)
            case "extendedTextInteraction":
                kind = .essay(wordLimit: Self.classValue(interaction, prefix: "assess-word-limit-").flatMap { Int($0) })
            case "orderInteraction": kind = try order(interaction, declaration)
            case "matchInteraction": kind = try match(interaction, declaration, usesMapping: usesMapping)
            default: kind = try associate(interaction, declaration, usesMapping: usesMapping)
            }
            var question = ImportedQuestion(
                title: item.attributes["identifier"], prompt: prompt,
                points: points(declaration, usesMapping: usesMapping), kind: kind, section: section,
                location: location, losses: losses,
                shuffleChoices: interaction.attributes["shuffle"].map {
                    ["true", "1"].contains($0.trimmingCharacters(in: .whitespaces))
                })
            // A prompt's one picture, and a choice's one picture, may be carried by the
            // package the item came in.
            question.pictureCount = body.descendants("img").count
            let pictures = Self.picturesOutsideInteractions(in: body)
            if pictures.count == 1 { question.pictureSource = Self.pictureSource(pictures[0]) }
            question.choicePictureSources = choicePictureSources
            return question
        }

        /// An `<img>`'s address and alt text, trimmed; nil without an address.
        static func pictureSource(_ image: XMLElement) -> PictureSource? {
            guard let source = image.attributes["src"]?.trimmingCharacters(in: .whitespacesAndNewlines),
                !source.isEmpty
            else { return nil }
            let width = classValue(image, prefix: "assess-width-").flatMap { Int($0) }
            return PictureSource(
                source: source, alt: (image.attributes["alt"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
                width: width.flatMap { PictureLimits.columns.contains($0) ? $0 : nil })
        }

        /// `a`, `a and b`, `a, b and c`.
        static func names(_ list: [String]) -> String {
            list.count <= 1 ? list.joined() : list.dropLast().joined(separator: ", ") + " and " + list[list.count - 1]
        }

        /// The `<img>` elements of `element` that no interaction holds: the prompt's.
        static func picturesOutsideInteractions(in element: XMLElement) -> [XMLElement] {
            element.elements.flatMap { child -> [XMLElement] in
                if child.name == "img" { return [child] }
                return child.name.hasSuffix("Interaction") ? [] : picturesOutsideInteractions(in: child)
            }
        }

        /// Every element named `…Interaction` in the body, in order.
        static func interactions(in element: XMLElement) -> [XMLElement] {
            element.elements.flatMap { child -> [XMLElement] in
                child.name.hasSuffix("Interaction") ? [child] : interactions(in: child)
            }
        }

        /// The body's markup with each interaction replaced by its prompt (an inline text
        /// entry by a blank), and a unit span taken out into `unit`.
        static func markup(of element: XMLElement, unit: inout String?) -> String {
            var output = ""
            for node in element.children {
                switch node {
                case .text(let text): output += XMLTree.escape(text)
                case .element(let child):
                    if child.name == "textEntryInteraction" {
                        if hasText(element) { output += " _____ " }
                    } else if child.name.hasSuffix("Interaction") {
                        if let prompt = child.child("prompt") { output += "<p>\(prompt.innerMarkup)</p>" }
                    } else if classValue(child, prefix: "assess-unit") != nil {
                        unit = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
                    } else if child.name != "rubricBlock" && child.name != "modalFeedback" {
                        output += "<\(child.name)>\(markup(of: child, unit: &unit))</\(child.name)>"
                    }
                }
            }
            return output
        }

        /// Whether `element` holds text of its own beside its interactions (so an inline
        /// text entry in it is a blank in a sentence, not a box of its own).
        static func hasText(_ element: XMLElement) -> Bool {
            element.children.contains { node in
                switch node {
                case .text(let text): return !text.allSatisfy(\.isWhitespace)
                case .element(let child):
                    return !child.name.hasSuffix("Interaction") && classValue(child, prefix: "assess-unit") == nil
                }
            }
        }

        /// The rest of the first class name that starts with `prefix`.
        static func classValue(_ element: XMLElement, prefix: String) -> String? {
            let classes = (element.attributes["class"] ?? "").split(separator: " ")
            return classes.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        }

        func declaration(_ element: XMLElement) throws(InterchangeError) -> Declaration {
            let correct =
                element.child("correctResponse")?.children("value").map {
                    $0.text.trimmingCharacters(in: .whitespacesAndNewlines)
                } ?? []
            var mapping: [(key: String, value: Double, caseSensitive: Bool)] = []
            let mappingElement = element.child("mapping")
            for entry in mappingElement?.children("mapEntry") ?? [] {
                guard let key = entry.attributes["mapKey"],
                    let value = entry.attributes["mappedValue"].flatMap(Double.init)
                else {
                    throw failure("a mapEntry needs mapKey and a numeric mappedValue", at: entry)
                }
                mapping.append((key, value, entry.attributes["caseSensitive"] != "false"))
            }
            return Declaration(
                element: element, cardinality: element.attributes["cardinality"] ?? "single",
                baseType: element.attributes["baseType"] ?? "identifier", correct: correct, mapping: mapping,
                mappingUpperBound: mappingElement?.attributes["upperBound"].flatMap(Double.init))
        }

        /// MAXSCORE's default value when declared, else the mapping's largest sum, else 1.
        func points(_ declaration: Declaration, usesMapping: Bool) -> Double {
            for outcome in item.children("outcomeDeclaration") where outcome.attributes["identifier"] == "MAXSCORE" {
                if let value = outcome.child("defaultValue")?.child("value").flatMap({
                    Double($0.text.trimmingCharacters(in: .whitespacesAndNewlines))
                }) {
                    return value
                }
            }
            if usesMapping, !declaration.mapping.isEmpty {
                let positive = declaration.mapping.map(\.value).filter { $0 > 0 }
                let total = declaration.cardinality == "single" ? (positive.max() ?? 1) : positive.reduce(0, +)
                return min(total, declaration.mappingUpperBound ?? total)
            }
            return 1
        }

        /// The right keys: the correct response, or else the positively mapped keys.
        func rightKeys(_ declaration: Declaration) throws(InterchangeError) -> [String] {
            let keys =
                declaration.correct.isEmpty
                ? declaration.mapping.filter { $0.value > 0 }.map(\.key) : declaration.correct
            guard !keys.isEmpty else {
                throw failure(
                    "response \"\(declaration.element.attributes["identifier"] ?? "")\" has no correctResponse and no positive mapping; there is no right answer",
                    at: declaration.element)
            }
            return keys
        }

        /// Each choice's identifier and plain text (a picture as its alt text; see
        /// `PlainText.choices(fromHTML:)`).
        func choices(_ elements: [XMLElement]) -> [(id: String, text: String)] {
            let texts = PlainText.choices(fromHTML: elements.map(\.innerMarkup))
            return zip(elements, texts).map { ($0.attributes["identifier"] ?? "", $1) }
        }

        /// Records each choice's picture, when it has exactly one, for the package to carry.
        mutating func recordChoicePictures(_ elements: [XMLElement]) {
            for (index, element) in elements.enumerated() {
                let pictures = element.descendants("img")
                if pictures.count == 1, let source = Self.pictureSource(pictures[0]) {
                    choicePictureSources[index] = source
                }
            }
        }

        mutating func choice(_ interaction: XMLElement, _ declaration: Declaration, usesMapping: Bool)
            throws(InterchangeError) -> QuestionKind
        {
            let elements = interaction.descendants("simpleChoice")
            let options = choices(elements)
            let right = try rightKeys(declaration)
            let ids = options.map(\.id)
            for key in right where !ids.contains(key) {
                throw failure(
                    "the right answer \"\(key)\" is not a choice of this interaction", at: declaration.element)
            }
            if declaration.cardinality == "single" {
                if Set(ids.map { $0.lowercased() }) == ["true", "false"] {
                    return .trueFalse(answer: right[0].lowercased() == "true")
                }
                if right.count > 1 { losses.append("only the first of several correct values is kept") }
                recordChoicePictures(elements)
                return .singleChoice(choices: options.map(\.text), correct: ids.firstIndex(of: right[0]) ?? 0)
            }
            let correct = Set(right.compactMap { ids.firstIndex(of: $0) })
            if usesMapping, Set(declaration.mapping.filter { $0.value > 0 }.map(\.value)).count > 1 {
                losses.append("unequal mapping weights become equal shares of the points")
            }
            recordChoicePictures(elements)
            return .multipleResponse(
                choices: options.map(\.text), correct: correct,
                partialCredit: usesMapping ? .proportional : .none)
        }

        mutating func textEntry(_ interaction: XMLElement, _ declaration: Declaration, unit: String?)
            throws(InterchangeError) -> QuestionKind
        {
            if declaration.baseType == "float" || declaration.baseType == "integer" {
                let right = try rightKeys(declaration)
                guard let value = Double(right[0]) else {
                    throw failure(
                        "the correct value \"\(right[0])\" of a \(declaration.baseType) response is not a number",
                        at: declaration.element)
                }
                return .numeric(answer: numericAnswer(value), unit: unit)
            }
            var accepted = declaration.correct
            var caseSensitive = true
            if !declaration.mapping.isEmpty {
                let best = declaration.mapping.map(\.value).max() ?? 0
                let full = declaration.mapping.filter { $0.value >= best && $0.value > 0 }
                let partial = declaration.mapping.filter { $0.value > 0 && $0.value < best }
                if !partial.isEmpty {
                    losses.append(
                        "answers with partial weights (\(partial.map(\.key).joined(separator: ", "))) are not kept")
                }
                for entry in full where !accepted.contains(entry.key) { accepted.append(entry.key) }
                caseSensitive = full.contains { $0.caseSensitive }
            }
            guard !accepted.isEmpty else {
                throw failure(
                    "response \"\(declaration.element.attributes["identifier"] ?? "")\" has no correct value and no positive mapping",
                    at: declaration.element)
            }
            return .shortText(accepted: accepted, caseSensitive: caseSensitive)
        }

        /// The numeric answer from an `equal` with absolute tolerance in custom response
        /// processing: `t` around the value for a tolerance, `a b` below and above for a range.
        func numericAnswer(_ value: Double) -> NumericAnswer {
            guard let equal = item.child("responseProcessing")?.descendants("equal").first,
                equal.attributes["toleranceMode"] == "absolute"
            else { return .value(value, tolerance: 0) }
            let bounds = (equal.attributes["tolerance"] ?? "0").split(separator: " ").compactMap { Double($0) }
            let below = bounds.first ?? 0
            let above = bounds.count > 1 ? bounds[1] : below
            return below == above ? .value(value, tolerance: below) : .range(low: value - below, high: value + above)
        }

        mutating func order(_ interaction: XMLElement, _ declaration: Declaration) throws(InterchangeError)
            -> QuestionKind
        {
            let elements = interaction.descendants("simpleChoice")
            let options = choices(elements)
            let right = try rightKeys(declaration)
            var items: [String] = []
            for key in right {
                guard let option = options.first(where: { $0.id == key }) else {
                    throw failure(
                        "the correct order names \"\(key)\", which is not a choice of this interaction",
                        at: declaration.element)
                }
                items.append(option.text)
            }
            let perPosition = Self.classValue(interaction, prefix: "assess-per-position") != nil
            return .ordering(items: items, partialCredit: perPosition ? .proportional : .none)
        }

        mutating func match(_ interaction: XMLElement, _ declaration: Declaration, usesMapping: Bool)
            throws(InterchangeError) -> QuestionKind
        {
            let sets = interaction.children("simpleMatchSet")
            guard sets.count == 2 else {
                throw failure("a matchInteraction needs two simpleMatchSets", at: interaction)
            }
            let lefts = choices(sets[0].children("simpleAssociableChoice"))
            let rights = choices(sets[1].children("simpleAssociableChoice"))
            var pairs: [MatchingPair] = []
            var used: Set<String> = []
            for key in try rightKeys(declaration) {
                let parts = key.split(separator: " ").map(String.init)
                guard parts.count == 2, let left = lefts.first(where: { $0.id == parts[0] }),
                    let right = rights.first(where: { $0.id == parts[1] })
                else {
                    throw failure(
                        "the pair \"\(key)\" does not name a left and a right choice of this interaction",
                        at: declaration.element)
                }
                // Several sources may share one target (its matchMax above 1): the target is
                // offered once and is right for each of them. One source with several
                // targets has no counterpart: a left item has one right item.
                if let earlier = pairs.first(where: { $0.left == left.text }) {
                    throw failure(
                        "the source \"\(left.text)\" is matched to both \"\(earlier.right)\" and \"\(right.text)\"; assess matches each left item to one right item, so keep one of its pairs",
                        at: declaration.element)
                }
                pairs.append(MatchingPair(left: left.text, right: right.text))
                used.insert(right.id)
            }
            // Targets no source matches stay as wrong options (distractors), as Moodle keeps them.
            let matched = Set(pairs.map(\.right))
            let extras = rights.filter { !used.contains($0.id) && !matched.contains($0.text) }.map(\.text)
            let order = lefts.map(\.text)
            pairs.sort { (order.firstIndex(of: $0.left) ?? 0) < (order.firstIndex(of: $1.left) ?? 0) }
            return .matching(pairs: pairs, partialCredit: usesMapping ? .proportional : .none, distractors: extras)
        }

        mutating func associate(_ interaction: XMLElement, _ declaration: Declaration, usesMapping: Bool)
            throws(InterchangeError) -> QuestionKind
        {
            let options = choices(interaction.descendants("simpleAssociableChoice"))
            var pairs: [MatchingPair] = []
            for key in try rightKeys(declaration) {
                let parts = key.split(separator: " ").map(String.init)
                guard parts.count == 2, let left = options.first(where: { $0.id == parts[0] }),
                    let right = options.first(where: { $0.id == parts[1] })
                else {
                    throw failure(
                        "the pair \"\(key)\" does not name two choices of this interaction", at: declaration.element)
                }
                pairs.append(MatchingPair(left: left.text, right: right.text))
            }
            losses.append(
                "associate pairs have no direction: the first of each pair becomes the left item of a matching question"
            )
            return .matching(pairs: pairs, partialCredit: usesMapping ? .proportional : .none)
        }
    }
}
