import ArgumentParser
import AssessApp
import AssessCore

/// The accessibility settings as flags, shared by `launch` (the proctor sets any) and
/// `take` (the student chooses those the policy's `student-settings` allows).
struct AccessibilityFlags: ParsableArguments {
    @Flag(help: "High contrast: the strongest colour pairs the terminal offers, bold for emphasis.")
    var highContrast = false

    @Flag(
        name: [.customLong("no-colour"), .customLong("no-color")],
        help: "No colour: monochrome, words and symbols carry every meaning (NO_COLOR=1 does the same).")
    var noColour = false

    @Flag(help: "Reduced motion: no blinking cursor; the header's clock changes once a minute until the last minute.")
    var reducedMotion = false

    @Flag(
        help: "Screen-reader layout: one column, no box drawing, the cursor on the focused item, each state in words.")
    var screenReader = false

    @Flag(help: "Larger spacing: a blank line between choices and wider margins.")
    var largerSpacing = false

    @Flag(help: "No countdown timer: the header never shows the time left; the warnings still come, Ctrl-T tells it.")
    var noCountdown = false

    /// The settings the flags ask for.
    var settings: AccessibilitySettings {
        let chosen: [(AccessibilityOption, Bool)] = [
            (.highContrast, highContrast), (.noColour, noColour), (.reducedMotion, reducedMotion),
            (.screenReader, screenReader), (.largerSpacing, largerSpacing), (.noCountdown, noCountdown),
        ]
        return AccessibilitySettings(Set(chosen.filter(\.1).map(\.0)))
    }
}
