import AssessExam
import AssessTUI

/// Small exams built in code, for tests that need an `Exam` without reading a file.
public enum ExamFixtures {
    /// The tools of time and the raised hand, allowed (the `raise-hand`, `hide-timer` and
    /// `time-left` restrictions, on): what an exam lists for its students to have them.
    public static let timeAndHand: [Restriction] = [
        allowed(
            ExamSitting.RestrictionID.raiseHand, "Raising a hand",
            "The student may raise a hand (F12) to ask for the proctor."),
        allowed(
            ExamSitting.RestrictionID.hideTimer, "Hiding the countdown",
            "The student may hide the countdown (Ctrl-O) until the last five minutes."),
        allowed(
            ExamSitting.RestrictionID.timeLeft, "Time left",
            "The student may ask for the time left on the notice line (Ctrl-T)."),
    ]

    /// Restriction `id`, titled and described so, on unless the proctor denies it.
    private static func allowed(_ id: String, _ title: String, _ detail: String) -> Restriction {
        Restriction(id: id, title: title, detail: detail, isOnByDefault: true)
    }

    /// Three short questions without sections or shuffling: two single choice
    /// (right answers at index 0 and 2) and one short text ("Canberra"); the tools of time
    /// and the raised hand allowed (``timeAndHand``).
    public static let capitals = Exam(
        id: "capitals", title: "Capitals", durationSeconds: 300, restrictions: timeAndHand,
        sections: [
            ExamSection(
                title: nil,
                questions: [
                    Question(
                        id: "canada", prompt: "What is the capital of Canada?",
                        kind: .singleChoice(choices: ["Ottawa", "Toronto", "Vancouver"], correct: 0)),
                    Question(
                        id: "kenya", prompt: "What is the capital of Kenya?",
                        kind: .singleChoice(choices: ["Mombasa", "Kisumu", "Nairobi"], correct: 2)),
                    Question(
                        id: "australia", prompt: "Name the capital of Australia.",
                        kind: .shortText(accepted: ["Canberra"], caseSensitive: false)),
                ])
        ])

    /// A scientific calculator (the loader's `calculator` restriction with it, on): a
    /// numeric question (75 km/h), then a single-choice one.
    public static let calculating = Exam(
        id: "speeds", title: "Speeds", durationSeconds: 600,
        restrictions: [.calculator(.scientific)], calculator: .scientific,
        sections: [
            ExamSection(
                title: nil,
                questions: [
                    Question(
                        id: "speed", prompt: "A train travels 150 km in 2 hours. What is its average speed?",
                        kind: .numeric(answer: .value(75, tolerance: 0.5), unit: "km/h")),
                    Question(
                        id: "faster", prompt: "Which is faster?",
                        kind: .singleChoice(choices: ["80 km/h", "20 m/s"], correct: 1)),
                ])
        ])

    /// Striking out choices allowed (the `strike-out` restriction, on): a single-choice
    /// question of four choices, then a multiple-response one.
    public static let striking = Exam(
        id: "planets", title: "Planets", durationSeconds: 600,
        restrictions: [
            allowed(
                ExamSitting.RestrictionID.strikeOut, "Striking out",
                "The student may strike out the choices they rule out.")
        ],
        sections: [
            ExamSection(
                title: nil,
                questions: [
                    Question(
                        id: "closest", prompt: "Which planet is closest to the Sun?",
                        kind: .singleChoice(choices: ["Venus", "Mercury", "Mars", "Earth"], correct: 1)),
                    Question(
                        id: "giants", prompt: "Which of these are gas giants?",
                        kind: .multipleResponse(
                            choices: ["Jupiter", "Mars", "Saturn"], correct: [0, 2], partialCredit: .none)),
                ])
        ])

    /// The line reader and the highlighter allowed (the `line-reader` and `highlight`
    /// restrictions, on): a single-choice question whose prompt takes three lines at 80
    /// columns.
    public static let reading = Exam(
        id: "rivers", title: "Rivers", durationSeconds: 600,
        restrictions: [
            allowed(
                ExamSitting.RestrictionID.lineReader, "Line reader",
                "The student may read a prompt one line at a time, the others dimmed."),
            allowed(
                ExamSitting.RestrictionID.highlight, "Highlighter",
                "The student may highlight words of a prompt; never marked."),
        ],
        sections: [
            ExamSection(
                title: nil,
                questions: [
                    Question(
                        id: "longest",
                        prompt: "The Nile flows north through eleven countries before it reaches the Mediterranean "
                            + "Sea, and the Amazon carries more water than any other river on Earth. Which of the "
                            + "two is usually measured as the longer river?",
                        kind: .singleChoice(choices: ["The Nile", "The Amazon"], correct: 0))
                ])
        ])

    /// A reference sheet of 30 lines (the `reference` restriction with it, on) and one
    /// single-choice question.
    public static let referenced: Exam = {
        let sheet = ReferenceSheet(
            title: "Formulas",
            text: "Area of a circle: π × r²\nCircumference: 2 × π × r\n\n"
                + (1...27).map { "Line \($0) of the table." }.joined(separator: "\n"))
        return Exam(
            id: "circles", title: "Circles", durationSeconds: 600, restrictions: [.reference(sheet)],
            reference: sheet,
            sections: [
                ExamSection(
                    title: nil,
                    questions: [
                        Question(
                            id: "area", prompt: "Which is the area of a circle of radius 1?",
                            kind: .singleChoice(choices: ["π", "2π"], correct: 0))
                    ])
            ])
    }()

    /// An essay without a word limit, then a short-text question, in English; the tools of
    /// time and the raised hand allowed (``timeAndHand``).
    public static let essays = Exam(
        id: "essays", title: "Essays", durationSeconds: 600, restrictions: timeAndHand,
        sections: [
            ExamSection(
                title: nil,
                questions: [
                    Question(id: "essay", prompt: "Describe your town.", kind: .essay(wordLimit: nil)),
                    Question(
                        id: "short", prompt: "Name a colour.", kind: .shortText(accepted: ["red"], caseSensitive: false)
                    ),
                ])
        ])

    /// One question of every type in two sections, choices shuffled, with a
    /// `back-navigation` restriction (on) and a `scratchpad` restriction (off).
    public static let everyType = Exam(
        id: "every-type", title: "Every type", durationSeconds: 1800, navigation: .free,
        shuffle: ShuffleSettings(questions: false, choices: true),
        restrictions: [
            allowed(
                ExamSitting.RestrictionID.backNavigation, "Going back",
                "The student may return to questions already answered."),
            Restriction(
                id: "scratchpad", title: "Scratchpad",
                detail: "A notes area that is never submitted.", isOnByDefault: false),
        ],
        sections: [
            ExamSection(
                title: "Part A",
                questions: [
                    Question(
                        id: "single", prompt: "Which planet is closest to the Sun?",
                        kind: .singleChoice(choices: ["Mercury", "Venus", "Mars"], correct: 0)),
                    Question(
                        id: "multiple", prompt: "Which numbers are prime?", points: 2,
                        kind: .multipleResponse(
                            choices: ["2", "4", "5"], correct: [0, 2], partialCredit: .proportional)),
                    Question(
                        id: "true-false", prompt: "Water boils at 100 °C at sea level.", kind: .trueFalse(answer: true)),
                    Question(
                        id: "short", prompt: "Spell the word for three bodies in a line.",
                        kind: .shortText(accepted: ["syzygy"], caseSensitive: false)),
                ]),
            ExamSection(
                title: "Part B",
                questions: [
                    Question(
                        id: "numeric", prompt: "150 km in 2 hours: average speed?",
                        kind: .numeric(answer: .value(75, tolerance: 0.5), unit: "km/h")),
                    Question(
                        id: "essay", prompt: "Why does the Moon show phases?", points: 5, kind: .essay(wordLimit: 100)),
                    Question(
                        id: "matching", prompt: "Match each country to its capital.",
                        kind: .matching(
                            pairs: [
                                MatchingPair(left: "France", right: "Paris"),
                                MatchingPair(left: "Japan", right: "Tokyo"),
                                MatchingPair(left: "Peru", right: "Lima"),
                            ], partialCredit: .proportional)),
                    Question(
                        id: "ordering", prompt: "Nearest the Sun first.",
                        kind: .ordering(items: ["Mercury", "Venus", "Earth"], partialCredit: .none)),
                ]),
        ])
}
