import AssessCore

/// How the screens look for a sitting's accessibility settings: margins, spacing,
/// styles, the palette, the clock's granularity, and whether the layout is the
/// screen reader's (one column, no box drawing, states in words).
///
/// The screens read it from ``ScreenKit/look``, bound for the length of one render
/// (`ScreenKit.$look.withValue`), so the helpers every screen shares follow it without
/// a parameter on each call; outside such a binding it is the standard look.
struct ScreenLook: Sendable, Equatable {
    let settings: AccessibilitySettings

    init(_ settings: AccessibilitySettings = AccessibilitySettings()) {
        self.settings = settings
    }

    var highContrast: Bool { settings.isOn(.highContrast) }
    var monochrome: Bool { settings.isOn(.noColour) }
    var reducedMotion: Bool { settings.isOn(.reducedMotion) }
    /// The screen reader's layout: one column, no box drawing, each state in words.
    var linear: Bool { settings.isOn(.screenReader) }
    var spacious: Bool { settings.isOn(.largerSpacing) }
    /// True when the clocks on screen show whole minutes until their last minute (reduced
    /// motion, the screen reader's layout), so that nothing changes between two minutes.
    var clockByTheMinute: Bool { reducedMotion || linear }

    /// The left (and right) margin of every screen.
    var margin: Int { spacious ? 4 : 2 }
    /// Blank lines between the choices of a question.
    var choiceGap: Int { spacious ? 1 : 0 }

    /// No colour wins over high contrast; high contrast keeps its attributes.
    var palette: ScreenPalette { monochrome ? .monochrome : (highContrast ? .highContrast : .standard) }

    /// `style` as this look draws it: without a colour in monochrome, never dim and
    /// always bold where it has a colour in high contrast.
    func adjusted(_ style: CellStyle) -> CellStyle {
        var style = style
        if highContrast {
            if style.dim { style.dim = false }
            if style.color != .normal || style.reverse { style.bold = true }
        }
        if monochrome { style.color = .normal }
        return style
    }

    /// The time left as the header shows it: seconds only in the last minute with
    /// reduced motion or in the screen reader's layout; in words in the latter.
    func timeLeft(_ seconds: Int) -> String {
        let minutes = (seconds + 59) / 60
        let text = ScreenKit.text
        if linear {
            if seconds > 60 { return text.plural("time.minutes-left", count: minutes) }
            return text.plural("time.seconds-left", count: seconds)
        }
        if reducedMotion && seconds > 60 { return text("time.left-minutes", ["minutes": minutes]) }
        return text("time.left-clock", ["clock": ScreenKit.clock(seconds)])
    }

    /// A countdown other than the exam's clock (a break's): whole minutes in words,
    /// rounded up, until its last minute where the clock goes by the minute; the clock's
    /// digits otherwise.
    func countdown(_ seconds: Int) -> String {
        guard clockByTheMinute, seconds > 60 else { return ScreenKit.clock(seconds) }
        return ScreenKit.duration((seconds + 59) / 60 * 60)
    }
}
