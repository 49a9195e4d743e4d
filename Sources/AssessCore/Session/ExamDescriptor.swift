/// What the engine needs to know about the exam being sat. The front end builds it
/// from the exam file; the engine never sees questions or answers.
public struct ExamDescriptor: Sendable, Equatable {
    /// The exam's id from its file.
    public var examID: String
    /// The exam key (digest of the exam's canonical content).
    public var examKey: String
    /// The exam's title, for messages.
    public var title: String
    /// The candidate sitting it.
    public var candidate: String
    /// The suggestion features the exam allows while locked.
    public var allowedSuggestions: Set<SuggestionFeature>
    /// Allowed features the proctor turned off for this sitting.
    public var proctorDisabledSuggestions: Set<SuggestionFeature>

    public init(
        examID: String, examKey: String, title: String, candidate: String,
        allowedSuggestions: Set<SuggestionFeature> = [],
        proctorDisabledSuggestions: Set<SuggestionFeature> = []
    ) {
        self.examID = examID
        self.examKey = examKey
        self.title = title
        self.candidate = candidate
        self.allowedSuggestions = allowedSuggestions
        self.proctorDisabledSuggestions = proctorDisabledSuggestions
    }
}
