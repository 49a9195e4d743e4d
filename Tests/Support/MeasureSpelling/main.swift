// Measures what spell checking costs, for the closing note. Not a test: the
// numbers depend on the machine. Run it in release for a user's view, or debug:
//
//   swift run --scratch-path .build-spelling -c release measure-spelling
//
// It writes a 5,000-word essay from the en_US dictionary's stems (one word in twenty
// misspelled by swapping two letters), then times a full spell check with an empty
// cache and again with a warm one, completion lookups, and keystrokes (edit and redraw
// the whole screen) at the end of the essay with spell check on and off.
import AssessCore
import AssessSpelling
import AssessTUI
import AssessTestSupport
import Foundation

func milliseconds(_ duration: Duration) -> String {
    let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.2f ms", ms)
}

func time(_ work: () -> Void) -> Duration {
    let clock = ContinuousClock()
    return clock.measure(work)
}

guard let files = DictionaryLocator().dictionary(forLanguage: "en") else {
    print("no en_US dictionary: apt-get install -y hunspell-en-us")
    exit(1)
}
let dicText = try String(contentsOfFile: files.wordsPath, encoding: .utf8)
let stems = dicText.split(separator: "\n").dropFirst()
    .map { String($0.prefix { $0 != "/" }) }
    .filter { $0.count >= 2 && $0.allSatisfy { $0.isLowercase && $0.isLetter } }
var random = SplitMix(state: 2026)
let vocabulary = (0..<2000).map { _ in stems.randomElement(using: &random)! }
var essayWords: [String] = []
for index in 0..<5000 {
    var word = vocabulary.randomElement(using: &random)!
    if index % 20 == 7, word.count >= 4 {
        var letters = Array(word)
        letters.swapAt(1, 2)
        word = String(letters)
    }
    essayWords.append(word)
}
var essay = ""
for (index, word) in essayWords.enumerated() {
    essay += word
    essay += index % 15 == 14 ? ".\n" : " "
}
print("essay: \(essayWords.count) words, \(Set(essayWords).count) distinct, \(essay.count) characters")

// A full spell check, as if the whole essay were on screen at once.
func checkAll(_ essay: String, with speller: HunspellSpeller) -> Int {
    let text = essay[...]
    return WordScanner.words(in: text).filter { !speller.isCorrect(String(text[$0])) }.count
}
let loadStart = ContinuousClock.now
let speller = try HunspellSpeller(files: files, language: "en")
print("opening \(files.name) (Hunspell and the completion word list): \(milliseconds(ContinuousClock.now - loadStart))")
var misspelled = 0
let cold = time { misspelled = checkAll(essay, with: speller) }
let warm = time { _ = checkAll(essay, with: speller) }
print("spell check of the whole essay, empty cache: \(milliseconds(cold)) (\(misspelled) words marked)")
print("spell check of the whole essay, warm cache:  \(milliseconds(warm))")

// Completion lookups by 2- to 4-letter prefixes of dictionary words.
let prefixes = (0..<1000).map { _ -> String in
    let word = vocabulary.randomElement(using: &random)!
    return String(word.prefix(Int.random(in: 2...4, using: &random)))
}
var slowest = Duration.zero
let completionTotal = time {
    for prefix in prefixes {
        let one = time { _ = speller.completions(of: prefix, limit: 9) }
        slowest = max(slowest, one)
    }
}
print(
    "completion: \(prefixes.count) lookups, mean \(milliseconds(completionTotal / prefixes.count)), slowest \(milliseconds(slowest))"
)

// Keystrokes at the end of the essay: the key, then a redraw of the whole 100×30 screen.
func keystrokes(in essay: String, _ settings: SuggestionSettings, speller: HunspellSpeller) -> (
    mean: Duration, slowest: Duration
) {
    var flow = FlowFixtures.onFirstQuestion(
        of: ExamFixtures.essays, speller: speller, settings: settings,
        practice: true)
    for character in essay { _ = flow.update(.key(character == "\n" ? .enter : .character(character)), now: 0) }
    var total = Duration.zero
    var slowest = Duration.zero
    let typed = Array("and then the reciever wrote more words ")
    for character in typed {
        let one = time {
            _ = flow.update(.key(.character(character)), now: 0)
            var grid = CellGrid(rows: 30, columns: 100)
            ExamScreens.render(flow, now: 0, into: &grid)
        }
        total += one
        slowest = max(slowest, one)
    }
    return (total / typed.count, slowest)
}
let fresh = try HunspellSpeller(files: files, language: "en")
let on = keystrokes(in: essay, .practice, speller: fresh)
let off = keystrokes(in: essay, .locked(examAllows: []), speller: fresh)
print(
    "keystroke + redraw at the end of the essay, spell check on:  mean \(milliseconds(on.mean)), slowest \(milliseconds(on.slowest))"
)
print(
    "keystroke + redraw at the end of the essay, spell check off: mean \(milliseconds(off.mean)), slowest \(milliseconds(off.slowest))"
)
