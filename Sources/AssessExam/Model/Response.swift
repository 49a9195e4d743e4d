import Foundation

/// A student's answer to one question. Every index is an index in the file's order, so
/// a shuffled screen never changes what is stored or scored.
///
/// `json` gives a stable JSON text (sorted keys, a `type` field naming the question type)
/// that the store keeps as an opaque string; `init(json:)` reads it back.
public enum Response: Sendable, Equatable, Hashable, Codable {
    /// Single choice: the index of the chosen choice.
    case singleChoice(Int)
    /// Multiple response: the indices of the chosen choices.
    case multipleResponse(Set<Int>)
    /// True or false.
    case trueFalse(Bool)
    /// Short text, as typed.
    case shortText(String)
    /// A number exactly as typed (`"1,5"`, `"12 km"`); scoring parses it.
    case numeric(String)
    /// Essay text.
    case essay(String)
    /// Matching: for each left item's index, the index of the pair whose right item the
    /// student chose. Unmatched left items are absent.
    case matching([Int: Int])
    /// Ordering: item indices in the order the student put them.
    case ordering([Int])
    /// A program's source, as typed.
    case code(String)

    private enum CodingKeys: String, CodingKey {
        case type, choice, choices, value, text, pairs, order
    }

    /// Encodes as `{"type": "<question type>", ...}` with one field for the answer.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type.rawValue, forKey: .type)
        switch self {
        case .singleChoice(let index): try container.encode(index, forKey: .choice)
        case .multipleResponse(let indices): try container.encode(indices.sorted(), forKey: .choices)
        case .trueFalse(let value): try container.encode(value, forKey: .value)
        case .shortText(let text), .numeric(let text), .essay(let text), .code(let text):
            try container.encode(text, forKey: .text)
        case .matching(let pairs):
            try container.encode(pairs.sorted { $0.key < $1.key }.map { [$0.key, $0.value] }, forKey: .pairs)
        case .ordering(let order): try container.encode(order, forKey: .order)
        }
    }

    /// Decodes what `encode(to:)` wrote.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .type)
        guard let type = QuestionType(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown response type \"\(name)\"")
        }
        switch type {
        case .singleChoice: self = .singleChoice(try container.decode(Int.self, forKey: .choice))
        case .multipleResponse: self = .multipleResponse(Set(try container.decode([Int].self, forKey: .choices)))
        case .trueFalse: self = .trueFalse(try container.decode(Bool.self, forKey: .value))
        case .shortText: self = .shortText(try container.decode(String.self, forKey: .text))
        case .numeric: self = .numeric(try container.decode(String.self, forKey: .text))
        case .essay: self = .essay(try container.decode(String.self, forKey: .text))
        case .matching:
            var pairs: [Int: Int] = [:]
            for pair in try container.decode([[Int]].self, forKey: .pairs) {
                guard pair.count == 2 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .pairs, in: container,
                        debugDescription: "each pair must be [left, right]")
                }
                pairs[pair[0]] = pair[1]
            }
            self = .matching(pairs)
        case .ordering: self = .ordering(try container.decode([Int].self, forKey: .order))
        case .code: self = .code(try container.decode(String.self, forKey: .text))
        }
    }

    /// The question type this response answers.
    var type: QuestionType {
        switch self {
        case .singleChoice: return .singleChoice
        case .multipleResponse: return .multipleResponse
        case .trueFalse: return .trueFalse
        case .shortText: return .shortText
        case .numeric: return .numeric
        case .essay: return .essay
        case .matching: return .matching
        case .ordering: return .ordering
        case .code: return .code
        }
    }

    /// The question type this response answers, as exam files spell it.
    public var typeName: String { type.rawValue }

    /// The stable JSON text for this response: sorted keys, sorted index sets, no
    /// whitespace. Equal responses always give equal text.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain values cannot fail: every field is a string, number or bool.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a response from the text `json` produced; `nil` when it is not one.
    public init?(json: String) {
        guard let response = try? JSONDecoder().decode(Response.self, from: Data(json.utf8)) else { return nil }
        self = response
    }
}

extension Response {
    /// True when the answer says something: text that is not only white space, a choice
    /// ticked, a pair matched. The screen counts a question answered by it, and the reports
    /// tell a blank answer from one typed.
    public var saysSomething: Bool {
        switch self {
        case .shortText(let text), .numeric(let text), .essay(let text), .code(let text):
            return !text.allSatisfy(\.isWhitespace)
        case .multipleResponse(let chosen): return !chosen.isEmpty
        case .matching(let pairs): return !pairs.isEmpty
        default: return true
        }
    }
}
