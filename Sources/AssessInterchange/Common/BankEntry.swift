import AssessExam
import Foundation

/// Where something is in an imported file: the file, the line (from 1) and, inside a QTI
/// package, the item file.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file as named on the command line.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The file inside a package (`items/q1.xml`), when there is one.
    public var member: String?

    /// Creates a location.
    public init(file: String, line: Int, member: String? = nil) {
        self.file = file
        self.line = line
        self.member = member
    }

    /// `file:line`, or `package.zip(items/q1.xml):line` inside a package.
    public var description: String {
        if let member { return "\(file)(\(member)):\(line)" }
        return "\(file):\(line)"
    }
}

/// A whole input that cannot be read at all (not well-formed XML, a DTD, a zip without a
/// manifest, an unclosed brace that swallows the rest), with where and what to do.
public struct InterchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the reading stopped.
    public var location: SourceLocation
    /// What is wrong and what to do about it.
    public var message: String

    /// Creates an error.
    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line: message`.
    public var description: String { "\(location): \(message)" }
}

/// A picture a bank carries for a question's prompt: its PNG bytes, already checked
/// (`PictureFile`), and its alt text.
public struct ImportedPicture: Sendable, Equatable {
    /// The PNG file's bytes.
    public var data: Data
    /// The text that stands for it.
    public var alt: String
    /// The most columns it may take (`width:`), when the bank says.
    public var width: Int?
}

/// A picture a bank's markup names by address (`<img src="…" alt="…">`), before the file
/// it names is read.
struct PictureSource: Sendable, Equatable {
    /// The address as written (`src`), entities decoded.
    var source: String
    /// The alt text, trimmed; empty when it has none.
    var alt: String
    /// The columns asked for (`class="assess-width-N"`, as export writes a picture's `width:`).
    var width: Int?
}

/// One question read from a bank, before it gets its id in the native exam.
public struct ImportedQuestion: Sendable, Equatable {
    /// The bank's name or title for the question, if it has one; the id is made from it.
    public var title: String?
    /// The prompt, as plain text.
    public var prompt: String
    /// The most the question can earn.
    public var points: Double
    /// The type and answer data in the native model.
    public var kind: QuestionKind
    /// The category or section the bank put it in, if any.
    public var section: String?
    /// Where the question starts.
    public var location: SourceLocation
    /// What the native model could not keep (feedback, weights, units), one phrase each.
    public var losses: [String]
    /// What the bank says of shuffling the question's choices (Moodle XML's
    /// `<shuffleanswers>`, QTI's `shuffle`): `nil` when it says nothing.
    public var shuffleChoices: Bool?
    /// The prompt's picture, carried from the bank (its file is named when the question gets its id).
    public var picture: ImportedPicture?
    /// The pictures of single-choice and multiple-response choices carried from the bank, by
    /// the choice's index (their files are named when the question gets its id).
    public var choicePictures: [Int: ImportedPicture] = [:]
    /// A picture the prompt names by address (`<img src>`), for the package it came in to carry.
    var pictureSource: PictureSource?
    /// The pictures the choices name by address, by choice index, for the package to carry.
    var choicePictureSources: [Int: PictureSource] = [:]
    /// How many pictures the question's markup holds (prompt and choices), so that the note
    /// that pictures stay their alt text goes once every one of them is carried.
    var pictureCount = 0

    /// Creates an imported question.
    public init(
        title: String?, prompt: String, points: Double = 1, kind: QuestionKind, section: String?,
        location: SourceLocation, losses: [String] = [], shuffleChoices: Bool? = nil
    ) {
        self.title = title
        self.prompt = prompt
        self.points = points
        self.kind = kind
        self.section = section
        self.location = location
        self.losses = losses
        self.shuffleChoices = shuffleChoices
    }
}

/// Something in a bank that was not imported, with why.
public struct Rejection: Sendable, Equatable, CustomStringConvertible {
    /// Where it is.
    public var location: SourceLocation
    /// Why it was not imported, and what to do about it.
    public var reason: String

    /// Creates a rejection.
    public init(_ location: SourceLocation, _ reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `file:line: reason`.
    public var description: String { "\(location): \(reason)" }
}

/// One entry of a bank in its order: a question, or a description (text with no answer).
public enum BankEntry: Sendable, Equatable {
    /// A question the native model can hold.
    case question(ImportedQuestion)
    /// Text to show, with no answer; it goes before the next question.
    case description(String, section: String?, location: SourceLocation)
}

/// What a reader made of one file: the entries it could map and the ones it could not.
public struct ParsedBank: Sendable, Equatable {
    /// Questions and descriptions in file order.
    public var entries: [BankEntry] = []
    /// Everything not imported, in file order.
    public var rejections: [Rejection] = []
    /// For a section (by its title) that the bank makes a pool of (QTI's `selection`), how
    /// many of its questions each candidate is given.
    public var selections: [String: Int] = [:]

    /// Creates an empty bank.
    public init() {}

    /// Appends a question.
    mutating func add(_ question: ImportedQuestion) { entries.append(.question(question)) }

    /// Records something not imported.
    mutating func reject(_ location: SourceLocation, _ reason: String) {
        rejections.append(Rejection(location, reason))
    }
}
