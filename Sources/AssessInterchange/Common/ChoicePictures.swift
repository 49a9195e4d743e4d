import AssessExam

extension ImportedQuestion {
    /// Gives the choices in `carried` (by index) the pictures a bank carried for them. Each
    /// such choice's text loses the `[image: …]` that stood for its picture; a choice that
    /// was its picture alone reads as the picture's label (its alt text, and its file where
    /// several choices share one alt text). Where taking the words out would make two
    /// choices read the same, those choices keep them. Only single-choice and
    /// multiple-response questions have choices' pictures.
    mutating func carryChoicePictures(_ carried: [Int: (picture: ImportedPicture, source: PictureSource)]) {
        let choices: [String]
        switch kind {
        case .singleChoice(let texts, _), .multipleResponse(let texts, _, _): choices = texts
        default: return
        }
        var texts = choices
        for (index, entry) in carried where choices.indices.contains(index) {
            texts[index] = PlainText.removingPicture(entry.source, from: choices[index])
        }
        var counts: [String: Int] = [:]
        for text in texts { counts[text, default: 0] += 1 }
        for index in texts.indices where counts[texts[index], default: 0] > 1 { texts[index] = choices[index] }
        switch kind {
        case .singleChoice(_, let correct): kind = .singleChoice(choices: texts, correct: correct)
        case .multipleResponse(_, let correct, let partial):
            kind = .multipleResponse(choices: texts, correct: correct, partialCredit: partial)
        default: return
        }
        for (index, entry) in carried where choices.indices.contains(index) { choicePictures[index] = entry.picture }
        forgetPictureLossOnceCarried()
    }

    /// Takes back the note that pictures stay their alt text once every picture of the
    /// question's markup is carried.
    mutating func forgetPictureLossOnceCarried() {
        if (picture == nil ? 0 : 1) + choicePictures.count >= pictureCount {
            losses.removeAll { $0 == PlainText.pictureLoss }
        }
    }
}
