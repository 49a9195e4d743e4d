import Foundation

/// Where a sitting's common start stands, as the proctor sees it.
public struct SittingStart: Sendable, Equatable {
    /// The exam's id.
    public var exam: String
    /// How many candidates its roster lists.
    public var rosterSize: Int
    /// True when the proctor has given the sitting a start code (kept only as a hash).
    public var hasCode: Bool
    /// Seconds since the proctor opened the sitting, by the store's clock; nil while it waits.
    public var secondsSinceOpening: Double?
    /// Who opened it.
    public var openedBy: String?

    public init(exam: String, rosterSize: Int, hasCode: Bool, secondsSinceOpening: Double?, openedBy: String?) {
        self.exam = exam
        self.rosterSize = rosterSize
        self.hasCode = hasCode
        self.secondsSinceOpening = secondsSinceOpening
        self.openedBy = openedBy
    }
}
