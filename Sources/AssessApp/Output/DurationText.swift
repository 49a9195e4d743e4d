import Foundation

/// How the proctor's reports write a number of seconds.
package enum DurationText {
    /// "12:05": minutes and seconds.
    package static func minutesAndSeconds(_ seconds: Int) -> String {
        String(format: "%d:%02d", seconds / 60, seconds % 60)
    }
}
