import AssessExam
import AssessStore
import Foundation

/// The pictures of a published exam, for a proctor's command that needs their bytes
/// (`export`): a published exam's scoring key keeps each picture's digest, not its bytes
/// (`ScoringKeyText`), while its delivery form holds the bytes.
package enum PublishedPictures {
    /// `exam`, read from a scoring key whose delivery key is `deliveryKey`, with the bytes of
    /// every picture it names, taken from the delivery form published with it in `store` and
    /// each checked against the digest the scoring key recorded. A form sealed under its
    /// start code is opened with `startCode`. An exam without pictures is returned as it is.
    package static func filled(
        _ exam: Exam, deliveryKey: String, from store: any PublishedExamStore, startCode: String?
    ) throws -> Exam {
        let files = Set(exam.questions.flatMap(\.images).map(\.file)).sorted()
        guard !files.isEmpty else { return exam }
        guard let stored = try store.publishedForm(exam: exam.id) else {
            throw CommandFailure(.examMissing, "no exam \(exam.id) is published in the store \(store.location)")
        }
        guard stored.deliveryKey == deliveryKey else {
            throw CommandFailure(
                .notDone,
                """
                the delivery form of \(exam.id) in the store (\(ExamKey.short(stored.deliveryKey))) is not the one \
                its newest scoring key was published with (\(ExamKey.short(deliveryKey))), so its pictures cannot \
                be taken from it; export the exam file instead
                """)
        }
        var json = stored.form
        if SealedDeliveryForm.isSealed(stored.form) {
            guard let startCode else {
                throw CommandFailure(
                    .notDone,
                    """
                    the pictures of \(exam.id) are in its delivery form, which is sealed under the sitting's start \
                    code: give the code with --start-code CODE, or export the exam file instead
                    """)
            }
            guard
                let opened = SealedDeliveryForm.open(
                    stored.form, code: startCode, exam: exam.id, deliveryKey: deliveryKey)
            else {
                throw CommandFailure(
                    .notDone,
                    "the start code given does not open the delivery form of \(exam.id); give the code it was published with"
                )
            }
            json = opened
        }
        guard let form = DeliveryForm(json: json) else {
            throw CommandFailure(
                .examInvalid, "the delivery form of \(exam.id) in the store is not readable; publish the exam again")
        }
        let carried = form.exam.pictures
        var filled = exam
        for file in files {
            // The digest of the bytes now held (`pictureDigest` prefers them to a recorded one).
            filled.pictures[file] = carried[file]
            guard carried[file] != nil, let recorded = exam.recordedPictureDigests[file],
                filled.pictureDigest(of: file) == recorded
            else {
                throw CommandFailure(
                    .examInvalid,
                    """
                    the picture \(file) of \(exam.id) is missing from its delivery form, or is not the one its \
                    scoring key records; publish the exam again
                    """)
            }
        }
        return filled
    }
}
