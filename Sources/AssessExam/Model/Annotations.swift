import Foundation

/// What a student marked on a question for their own reading: the choices they struck
/// out and the words of the prompt they highlighted. Never scored; saved beside the answer
/// so that a resumed sitting shows it again.
public struct Annotations: Sendable, Equatable {
    /// The choices struck out, by their index in the exam file (not the displayed order).
    public var struck: Set<Int>
    /// The prompt's words highlighted, by their place among its words (runs of characters
    /// between white space), from 0.
    public var highlighted: Set<Int>

    /// Annotations with the choices `struck` struck out and the words `highlighted` marked.
    public init(struck: Set<Int> = [], highlighted: Set<Int> = []) {
        self.struck = struck
        self.highlighted = highlighted
    }

    /// True when nothing is marked.
    public var isEmpty: Bool { struck.isEmpty && highlighted.isEmpty }

    /// The text the store keeps (`{"struck":[0,2]}`, `{"highlighted":[4,5]}`, or both), or
    /// `nil` when nothing is marked.
    public var stored: String? {
        guard !isEmpty else { return nil }
        let fields = [("struck", struck), ("highlighted", highlighted)].filter { !$0.1.isEmpty }.map { name, set in
            "\"\(name)\":[" + set.sorted().map(String.init).joined(separator: ",") + "]"
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The annotations of stored text; none for `nil` or for text that is not ours (a store
    /// is never trusted to hold what the seat wrote, and a lost mark costs no answer).
    public init(stored text: String?) {
        guard let data = text?.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            self.init()
            return
        }
        let read = { (name: String) in Set(((object[name] as? [Int]) ?? []).filter { $0 >= 0 }) }
        self.init(struck: read("struck"), highlighted: read("highlighted"))
    }
}
