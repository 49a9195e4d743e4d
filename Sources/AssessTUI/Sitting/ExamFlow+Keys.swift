import AssessCore

/// Keys: the ones every screen shares (hang-up, quit keys, the proctor's key, help), then
/// the phase's own, handed to the model that owns the phase.
extension ExamFlow {
    /// Keys that would leave a program; during the exam they do nothing but are logged.
    public static func quitKeyName(_ key: Key) -> String? {
        switch key {
        case .control("c"): return "Ctrl-C"
        case .control("z"): return "Ctrl-Z"
        case .control("\\"): return "Ctrl-\\"
        case .control("d"): return "Ctrl-D"
        case .control("q"): return "Ctrl-Q"
        default: return nil
        }
    }

    /// Keys that do nothing during the exam and are logged: the quit keys, and every Alt
    /// chord (a text field never types the letter of Alt-x, and the student is told).
    public static func refusedKeyName(_ key: Key) -> String? {
        if let name = quitKeyName(key) { return name }
        guard case .alt(let chord) = key else { return nil }
        return "Alt-" + keyName(chord)
    }

    /// A short name for the key of an Alt chord, as the notice and the log show it.
    static func keyName(_ key: Key) -> String {
        switch key {
        case .character(let character): return String(character)
        case .control(let character): return "Ctrl-\(character)"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .escape: return "Esc"
        default: return "key"
        }
    }

    mutating func handle(_ key: Key, now: UInt64) -> [FlowEffect] {
        if key == .hangup { return leave(.interrupted("hangup"), now: now) }
        if case .invalidInput(let bytes) = key { return isInExam ? [.log(.invalidInputDropped(bytes: bytes))] : [] }
        if isInExam, let name = Self.refusedKeyName(key) {
            showAboutKey(text("notice.key-does-nothing", ["key": name]), now: now)
            return [.log(.quitKeyIgnored(key: name))]
        }
        // Below the size the screens are laid out for, the screen says so and keys do nothing.
        if isTooSmall { return [] }
        if key == Self.proctorKey, isInExam, phase != .submitting, panel == nil {
            openPanel()
            return []
        }
        // A message from the proctor stays over the screen until the student says it was read.
        if let message = proctorMessage {
            guard key == .enter else { return [] }
            messages.acknowledge()
            return [.log(.proctor(.messageRead(id: message.id, by: message.from)))]
        }
        if phase.offersHelp, key == Self.helpKey || (key == .character("?") && !isTypingText) {
            phase = .help(returningTo: phase)
            return []
        }
        switch phase {
        case .launchSetup(let setup): return handleInLaunchSetup(key, setup: setup)
        case .welcome: return handleInWelcome(key)
        case .starting, .submitting, .leaving, .paused: return []
        case .consent: return answerConsent(key)
        case .startBanner: return key == .enter || key == .character(" ") ? firstQuestion(now: now) : []
        case .question: return handleInQuestion(key, now: now)
        case .palette(let selection): return handleInPalette(key, selection: selection)
        case .review(let selection): return handleInReview(key, selection: selection)
        case .confirmSubmit: return confirmSubmit(key, now: now)
        case .confirmBreak: return confirmBreak(key, now: now)
        case .confirmLeave: return confirmLeave(key, now: now)
        case .endBanner(_, let receipt): return leaveEndBanner(key, for: receipt)
        case .receipt(let receipt):
            let printed = PrintedReceipt(
                receipt: receipt, examKey: shortKey, candidate: candidate,
                spelled: accessibility.isOn(.screenReader))
            return key == .enter || key == .character("q") ? [.exit(.submitted(printed))] : []
        case .refused(_, let outcome): return key == .enter || key == .character("q") ? [.exit(outcome)] : []
        case .onBreak(let since, _): return key == .enter ? returnFromBreak(since: since, now: now) : []
        case .proctor(let panel, let returningTo):
            return handleInPanel(key, panel: panel, returningTo: returningTo, now: now)
        case .help(let returningTo): return leaveHelp(key, returningTo: returningTo)
        case .settings(let selection, let returningTo):
            return handleInSettings(key, selection: selection, returningTo: returningTo, now: now)
        case .scratchpad: return handleInScratchpad(key, now: now)
        case .calculator: return handleInCalculator(key, now: now)
        case .reference(let top): return handleInReference(key, top: top)
        }
    }

    /// "y" (or, where `enterMeansYes`, Enter) says yes, "n" or Esc no; `nil` for any other key.
    static func answer(_ key: Key, enterMeansYes: Bool = false) -> Bool? {
        switch key {
        case .character("y"), .character("Y"): return true
        case .enter where enterMeansYes: return true
        case .character("n"), .character("N"), .escape: return false
        default: return nil
        }
    }

    private mutating func handleInLaunchSetup(_ key: Key, setup: LaunchSetup) -> [FlowEffect] {
        var setup = setup
        switch setup.handle(key) {
        case .stay:
            phase = .launchSetup(setup)
            return []
        case .handOver: return handOver(setup.settings)
        case .cancel: return [.exit(.launchCancelled)]
        }
    }

    private mutating func handleInWelcome(_ key: Key) -> [FlowEffect] {
        switch welcome.handle(key) {
        case .nothing: return []
        case .begin:
            phase = .starting
            return [.begin]
        case .quit: return [.exit(.quitBeforeStart)]
        case .checkCode(let code): return [.checkStartCode(code)]
        }
    }

    private mutating func answerConsent(_ key: Key) -> [FlowEffect] {
        guard let granted = Self.answer(key, enterMeansYes: true) else { return [] }
        phase = .starting
        lockAgreed = granted
        return [.consent(granted: granted)]
    }

    private mutating func confirmSubmit(_ key: Key, now: UInt64) -> [FlowEffect] {
        switch Self.answer(key) {
        case true?: return submit(.student, now: now)
        case false?: phase = .review(selection: sitting.current)
        case nil: break
        }
        return []
    }

    private mutating func confirmBreak(_ key: Key, now: UInt64) -> [FlowEffect] {
        guard let yes = Self.answer(key) else { return [] }
        phase = .question
        return yes ? startBreak(now: now) : []
    }

    private mutating func confirmLeave(_ key: Key, now: UInt64) -> [FlowEffect] {
        guard let yes = Self.answer(key) else { return [] }
        phase = .question
        guard yes else { return [] }
        return sitting.nextLeavesSection ? closeSection(.left, now: now) : go(to: sitting.current + 1, now: now)
    }

    private mutating func leaveEndBanner(_ key: Key, for receipt: ReceiptInfo) -> [FlowEffect] {
        if key == .enter { phase = .receipt(receipt) }
        return []
    }

    private mutating func leaveHelp(_ key: Key, returningTo: Phase) -> [FlowEffect] {
        if [.escape, .enter, Self.helpKey, .character("?")].contains(key) { phase = returningTo }
        return []
    }

    private mutating func handleInScratchpad(_ key: Key, now: UInt64) -> [FlowEffect] {
        if key == .function(5) || key == .escape {
            phase = .question
        } else if case .refused(let why) = sheet.editScratchpad(key, answerWidth: answerWidth) {
            showAboutKey(text(why), now: now)
        }
        return []
    }
}
