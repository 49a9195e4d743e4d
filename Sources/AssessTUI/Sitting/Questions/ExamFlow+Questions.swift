import AssessCore

/// The exam's own screens: the first question after the banner, a question's keys, the
/// palette, the review list and the settings the student may switch.
extension ExamFlow {
    /// The student leaves the banner: the first question shows and the exam's clock starts
    /// now (after a common start it has run from the opening since the lock). A
    /// resumed attempt that has already passed a warning mark (its time ran out past it
    /// before the crash or during the downtime) is warned of the nearest one here.
    mutating func firstQuestion(now: UInt64) -> [FlowEffect] {
        phase = .question
        // Said on the first question, where it stays long enough to be read (behind the
        // banner it would be gone before the student saw it).
        // Said once, so it stays until the student presses a key.
        if practice, let note = suggestions.missingDictionaryNote { notices.show(note, until: nil, kind: .untilKey) }
        // After a common start the clock already runs (since the lock).
        guard clock.deadline == nil, let nearest = timers.clock.start(now: now) else { return [] }
        warn(text.plural("notice.minutes-left", count: nearest))
        return [.log(.timerWarning(minutesLeft: nearest))]
    }

    mutating func handleInQuestion(_ key: Key, now: UInt64) -> [FlowEffect] {
        // A reading ends when its question leaves the screen.
        if reading != nil, currentReading == nil { reading = nil }
        if let current = currentReading, let effects = handleInReading(key, current, now: now) { return effects }
        switch key {
        case .tab where control.isCode:
            // In a program Tab indents; Page Down moves on.
            return answer(key, now: now)
        case .tab, .pageDown:
            // Leaving a timed section closes it for good: asked first, like a linear exam's question.
            if sitting.nextLeavesSection {
                phase = .confirmLeave
                return saveNow(now: now)
            }
            // Where there is no going back, leaving a question (not for the review) asks first.
            if !sitting.canGoBack, sitting.current + 1 < sitting.questions.count {
                phase = .confirmLeave
                return saveNow(now: now)
            }
            return go(to: sitting.current + 1, now: now)
        case .backTab, .pageUp:
            guard sitting.canGoBack else { return refuse("notice.no-going-back", now: now) }
            if sitting.current > 0, !sitting.canMove(to: sitting.current - 1) {
                return refuse("notice.section-closed", now: now)
            }
            return go(to: sitting.current - 1, now: now)
        case .function(2):
            guard sitting.canFlag else { return refuse("notice.no-flagging", now: now) }
            sheet.sitting.toggleFlag()
            timers.autosave.changed(sitting.question.id, now: now)
            return []
        case .function(3):
            guard sitting.canJump else { return refuse("notice.no-list", now: now) }
            phase = .palette(selection: sitting.current)
            return saveNow(now: now)
        case .function(4):
            phase = .review(selection: sitting.current)
            return saveNow(now: now)
        case .function(5):
            if sitting.canUseScratchpad {
                phase = .scratchpad
            } else {
                showAboutKey(text("notice.no-scratchpad"), now: now)
            }
            return saveNow(now: now)
        case .function(6):
            // A break once taken is spent: ask first.
            guard breaks.count > 0 else { return [] }
            guard breaksLeft > 0 else { return refuse("notice.no-breaks", now: now) }
            phase = .confirmBreak
            return []
        case Self.strikeOutKey where control.canStrikeOut: return strikeOut(now: now)
        // A code question whose samples may run takes the key for its runs; elsewhere it reads the prompt.
        case Self.runKey where questionRunsSamples: return runSamples(now: now)
        case Self.readKey: return toggleReading(now: now)
        case Self.calculatorKey: return openCalculator(now: now)
        case Self.referenceKey: return openReference(now: now)
        case Self.hideTimerKey: return toggleTimer(now: now)
        case Self.timeLeftKey: return sayTimeLeft(now: now)
        case Self.raiseHandKey: return toggleHand(now: now)
        case Self.settingsKey:
            guard !switchableSettings.isEmpty else { return refuse("notice.settings-fixed", now: now) }
            phase = .settings(selection: 0, returningTo: .question)
            return saveNow(now: now)
        case Self.autoIndentKey where control.isCode:
            autoIndent.toggle()
            return refuse(autoIndent ? "notice.auto-indent-on" : "notice.auto-indent-off", now: now)
        case .function(8):
            guard let on = suggestions.autocorrectToggle(for: control) else { return [] }
            return [.setSuggestion(.autocorrect, on: on)]
        default:
            return answer(key, now: now)
        }
    }

    /// Gives `key` to the question's answer control.
    private mutating func answer(_ key: Key, now: UInt64) -> [FlowEffect] {
        // One binding of the control only, so that the edit finds its text unshared.
        var (control, follows) = sheet.takeControl()
        control.autoIndents = autoIndent
        let id = sitting.question.id
        if recordsTyping, journaledQuestions[id] == nil, let typed = control.typedText {
            // What the first edit of the sitting starts from.
            journaledQuestions[id] = typed.kind
            typingNotes.append(.checkpoint(question: id, kind: typed.kind, text: typed.text, mark: 0))
        }
        let outcome = suggestions.handle(key, in: &control, width: answerWidth)
        let edits = control.takeEdits()
        if recordsTyping, !edits.isEmpty { typingNotes.append(.edited(question: id, edits)) }
        sheet.putBack(control, follows: follows, changed: outcome == .changed)
        switch outcome {
        case .changed: timers.autosave.changed(sitting.question.id, now: now)
        case .refused(let why): showAboutKey(text(why), now: now)
        case .ignored, .moved: break
        }
        return []
    }

    /// Goes to question `index`, or to the review past the last; saves what is unsaved.
    mutating func go(to index: Int, now: UInt64) -> [FlowEffect] {
        if index >= sitting.questions.count {
            phase = .review(selection: sitting.current)
            return saveNow(now: now)
        }
        guard sheet.show(question: index) else { return [] }
        return saveNow(now: now)
    }

    mutating func handleInPalette(_ key: Key, selection: Int) -> [FlowEffect] {
        // A question of a closed section, or of one not open yet, is passed over.
        switch key {
        case .left, .up: phase = .palette(selection: sitting.nearestPlaceToGo(from: selection, step: -1))
        case .right, .down: phase = .palette(selection: sitting.nearestPlaceToGo(from: selection, step: 1))
        case .enter:
            sheet.show(question: selection)
            phase = .question
        case .escape, .function(3): phase = .question
        default: break
        }
        return []
    }

    mutating func handleInReview(_ key: Key, selection: Int) -> [FlowEffect] {
        switch key {
        case .up: phase = .review(selection: sitting.nearestPlaceToGo(from: selection, step: -1))
        case .down: phase = .review(selection: sitting.nearestPlaceToGo(from: selection, step: 1))
        case .enter:
            if sitting.canMove(to: selection) || selection == sitting.current {
                sheet.show(question: selection)
                phase = .question
            }
        case .character("s"), .character("S"): phase = .confirmSubmit
        case .escape, .function(4): phase = .question
        default: break
        }
        return []
    }

    mutating func handleInSettings(_ key: Key, selection: Int, returningTo: Phase, now: UInt64) -> [FlowEffect] {
        let options = switchableSettings
        switch key {
        case .up: phase = .settings(selection: max(0, selection - 1), returningTo: returningTo)
        case .down, .tab: phase = .settings(selection: min(options.count - 1, selection + 1), returningTo: returningTo)
        case .character(" "), .enter, .left, .right:
            guard options.indices.contains(selection) else { return [] }
            let option = options[selection]
            let on = !accessibility.isOn(option)
            accessibility.set(option, on: on)
            let setting = text.sentenceStart("setting." + option.rawValue)
            showAboutKey(text(on ? "notice.setting-on" : "notice.setting-off", ["setting": setting]), now: now)
            return [.log(.accessibilityChanged(option, on: on))]
        case .escape, Self.settingsKey: phase = returningTo
        default: break
        }
        return []
    }
}
