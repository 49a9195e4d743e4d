import Crypto
import Foundation

/// Which questions of a pool (a section with `select: N`) each candidate sits.
///
/// The seed is the one the presentation's orders come from, SHA-256(exam key ‖ "\n" ‖
/// candidate), so the draw is the same at every start, resume, result and mark. Each
/// question of the pool is ranked by SHA-256(seed ‖ "\n" ‖ question id), compared byte by
/// byte, and the N lowest are drawn; they keep their file order. The rule is simple enough
/// for a PostgreSQL function to make the same draw (`assess.drawn_form`, v14), so that a
/// seat's role is sent only the questions drawn for it.
public enum PoolDraw {
    /// The 32-byte seed of `candidate`'s draw and orders at the exam with `key`.
    public static func seed(key: String, candidate: String) -> Data {
        Data(SHA256.hash(data: Data("\(key)\n\(candidate)".utf8)))
    }

    /// The file indices of the questions of `section` drawn with `seed`, in file order:
    /// all of them unless the section is a pool.
    public static func drawn(_ section: ExamSection, seed: Data) -> [Int] {
        guard section.isPool, let select = section.select else { return Array(section.questions.indices) }
        let ranks = section.questions.map { Array(SHA256.hash(data: seed + Data("\n\($0.id)".utf8))) }
        let ranked = section.questions.indices.sorted { left, right in
            ranks[left] == ranks[right] ? left < right : ranks[left].lexicographicallyPrecedes(ranks[right])
        }
        return ranked.prefix(select).sorted()
    }
}

extension Exam {
    /// The exam as `candidate` sat it under the exam key `key` (the key their attempt
    /// carries): each pool holds only the questions drawn for them, in file order. What
    /// scores an attempt, so that a question not drawn is neither asked nor counted.
    public func drawn(for candidate: String, key: String) -> Exam {
        guard sections.contains(where: \.isPool) else { return self }
        let seed = PoolDraw.seed(key: key, candidate: candidate)
        var exam = self
        exam.sections = sections.map { section in
            var drawn = section
            drawn.questions = PoolDraw.drawn(section, seed: seed).map { section.questions[$0] }
            return drawn
        }
        return exam
    }
}
