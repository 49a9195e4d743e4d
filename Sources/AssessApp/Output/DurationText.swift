import Foundation

/// How the proctor's reports write a number of seconds.
enum DurationText {
    /// "12:05": minutes and seconds.
    static func minutesAndSeconds(_ seconds: Int) -> String {
        String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
