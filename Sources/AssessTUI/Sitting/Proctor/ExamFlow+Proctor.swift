import AssessCore

/// Breaks, the proctor's panel at the seat and the commands from the proctor's monitor:
/// the flow carries out what the ``ProctorPanel`` returns and what a ``SeatCommand`` asks.
extension ExamFlow {
    /// How long an extra break may last when the launch settings gave none.
    public static let extraBreakMinutes = BreakLedger.extraBreakMinutes

    // MARK: - Breaks

    /// Starts a break when one is left (the student said yes to ``Phase/confirmBreak``):
    /// the screen is hidden and the timer stops.
    mutating func startBreak(now: UInt64) -> [FlowEffect] {
        guard breakLedger.take() else { return [] }
        timers.clock.stop(now: now)
        phase = .onBreak(since: now, until: MonotonicTime.moment(now, plus: .seconds(breaks.minutes * 60)))
        return saveNow(now: now)
            + [.log(.proctor(.breakStarted(number: breaksTaken, allowed: breaks.count, minutes: breaks.minutes)))]
    }

    /// Ends the break that began at `since` (the caller leaves the break screen): the
    /// timer goes on where it stopped.
    mutating func endBreak(since: UInt64, now: UInt64) -> [FlowEffect] {
        timers.clock.restart(now: now)
        if let opened = sectionBreakNext {
            sectionBreakNext = nil
            warn(text("notice.section-began", ["section": opened]))
        }
        return [.log(.proctor(.breakEnded(seconds: MonotonicTime.seconds(from: since, to: now))))]
    }

    /// The student comes back from the break that began at `since`.
    mutating func returnFromBreak(since: UInt64, now: UInt64) -> [FlowEffect] {
        phase = .question
        return endBreak(since: since, now: now)
    }

    // MARK: - The panel

    mutating func openPanel() {
        phase = .proctor(ProctorPanel(examIsPaused: phase == .paused, text: text), returningTo: phase)
    }

    private mutating func closePanel(returningTo: Phase, now: UInt64) {
        phase = returningTo
        if !phase.holdsTheClock { timers.clock.restart(now: now) }
    }

    mutating func handleInPanel(_ key: Key, panel: ProctorPanel, returningTo: Phase, now: UInt64) -> [FlowEffect] {
        if proctorGate.isLocked(now: now), key != .escape { return [] }
        var panel = panel
        let outcome = panel.handle(key)
        phase = .proctor(panel, returningTo: returningTo)
        switch outcome {
        case .nothing:
            return []
        case .close:
            closePanel(returningTo: returningTo, now: now)
            return []
        case .checkPassword(let password):
            return [.verifyPassword(password)]
        case .perform(let action, let minutes, let reason):
            return perform(action, minutes: minutes, reason: reason, returningTo: returningTo, now: now)
        }
    }

    /// The password typed at the panel was checked. Three wrong in a row lock the
    /// prompt for a minute.
    mutating func passwordChecked(accepted: Bool, now: UInt64) -> [FlowEffect] {
        guard case .proctor(var panel, var returningTo) = phase else { return [] }
        switch proctorGate.checked(accepted: accepted, now: now) {
        case .accepted:
            panel.passwordChecked(accepted: true)
            // Behind the password the proctor works on the candidate's time: stop the
            // clock until the panel closes (never before, or Ctrl-] alone would stop it).
            var effects: [FlowEffect] = []
            if case .onBreak(let since, _) = returningTo {
                effects = endBreak(since: since, now: now)
                returningTo = .question
            }
            timers.clock.stop(now: now)
            phase = .proctor(panel, returningTo: returningTo)
            return effects + [.log(.proctor(.passwordAccepted))]
        case .rejected(let failures):
            panel.passwordChecked(accepted: false, message: text("panel.wrong-password"))
            phase = .proctor(panel, returningTo: returningTo)
            return [.log(.proctor(.passwordRejected(failures: failures)))]
        case .lockedOut(let failures):
            panel.passwordChecked(accepted: false, message: text("panel.locked-out"))
            phase = .proctor(panel, returningTo: returningTo)
            return [
                .log(.proctor(.passwordRejected(failures: failures))),
                .log(.proctor(.promptLockedOut(seconds: ProctorGate.lockSeconds))),
            ]
        }
    }

    private mutating func perform(
        _ action: ProctorPanel.Action, minutes: Int, reason: String,
        returningTo: Phase, now: UInt64
    ) -> [FlowEffect] {
        switch action {
        case .pause:
            phase = .paused
            return saveNow(now: now) + [.log(.proctor(.paused(reason: reason)))]
        case .resume:
            return resume(now: now)
        case .addTime:
            timers.add(minutes: minutes, now: now)
            closePanel(returningTo: returningTo, now: now)
            show(text.plural("notice.time-added", count: minutes), now: now)
            return [
                .allowedTimeChanged(seconds: secondsAllowed),
                .log(.proctor(.timeAdded(minutes: minutes, reason: reason))),
            ]
        case .endExam:
            return [.log(.proctor(.endedExam(reason: reason)))] + submit(.proctor, now: now)
        case .abort:
            return leave(.aborted(reason), now: now)
        case .close:
            closePanel(returningTo: returningTo, now: now)
            return []
        }
    }

    /// The paused exam goes on: the timer runs again from where it stopped.
    private mutating func resume(now: UInt64) -> [FlowEffect] {
        let since = clock.stoppedSince ?? now
        timers.clock.restart(now: now)
        phase = .question
        return [.log(.proctor(.unpaused(seconds: MonotonicTime.seconds(from: since, to: now))))]
    }

    // MARK: - Commands from the proctor's monitor

    /// True while the attempt runs and the proctor's panel is not open at the seat: a
    /// command from the monitor may change the exam.
    private var takesCommands: Bool {
        guard isInExam, attemptID != nil, panel == nil else { return false }
        switch phase.beneathHelp {
        case .submitting, .leaving, .startBanner: return false
        default: return true
        }
    }

    /// Takes back what the proctor's commands did to a resumed attempt before it was
    /// interrupted: the extra breaks allowed by the commands the store says the attempt
    /// acknowledged (`acknowledged`, read from the store, never from the seat's own log,
    /// which the seat's role writes). Time they added is in the attempt's allowed time
    /// already; a command still pending comes again and is carried out then, once.
    public mutating func restoreCommands(acknowledged: [SeatCommand]) {
        for command in acknowledged where command.action == .extraBreak {
            breakLedger.allowOneMore(minutes: command.minutes)
        }
    }

    /// A command from the monitor: carried out once, or acknowledged again when it comes back.
    mutating func received(_ command: SeatCommand, now: UInt64) -> [FlowEffect] {
        guard !carriedOutCommands.contains(command.id) else { return [.acknowledgeCommand(id: command.id)] }
        // Before the attempt starts a command waits (unacknowledged, so the seat hears it
        // again): what it changes belongs to the attempt, which the store keeps. So it does
        // while the start banner waits for Enter, where a pause or an end would be refused.
        guard command.action == .message || (attemptID != nil && phase != .startBanner) else { return [] }
        carriedOutCommands.insert(command.id)
        return carryOut(command, now: now)
    }

    /// Carries out `command` as far as the sitting's state allows, logs it with who sent
    /// it and why, and acknowledges it.
    private mutating func carryOut(_ command: SeatCommand, now: UInt64) -> [FlowEffect] {
        var effects: [FlowEffect] = []
        var done = true
        switch command.action {
        case .pause where takesCommands && phase != .paused:
            if case .onBreak(let since, _) = phase.beneathHelp { effects += endBreak(since: since, now: now) }
            timers.clock.stop(now: now)
            phase = .paused
            effects += saveNow(now: now) + [.log(.proctor(.paused(reason: command.reason)))]
        case .resume where phase == .paused:
            effects += resume(now: now)
        case .addTime where receipt == nil && phase != .submitting:
            // The store adds the time to the attempt itself when the command is acknowledged.
            let minutes = SeatCommand.minutesAdded(command.minutes)
            timers.add(minutes: minutes, now: now)
            show(text.plural("notice.time-added", count: minutes), now: now)
            effects.append(.log(.proctor(.timeAdded(minutes: minutes, reason: command.reason))))
        case .end where takesCommands:
            if phase.holdsTheClock { timers.clock.restart(now: now) }
            effects += [.log(.proctor(.endedExam(reason: command.reason)))] + submit(.proctor, now: now)
        case .extraBreak where receipt == nil:
            breakLedger.allowOneMore(minutes: command.minutes)
            show(text("notice.break-allowed"), now: now)
        case .acknowledgeHand where acknowledgementAnswersHand(reason: command.reason):
            handAcknowledged(now: now)
            effects.append(.log(.handAcknowledged(command: command.id, by: command.issuedBy)))
        case .message:
            // Shown whole until the student acknowledges it; that is logged then (`messageRead`).
            messages.receive(
                ProctorMessages.Message(id: command.id, text: command.message ?? "", from: command.issuedBy))
        default:
            done = false
        }
        // The record of what was done comes first, then the acknowledgement.
        return effects
            + [
                .log(
                    .proctor(
                        .commandCarriedOut(
                            id: command.id, action: command.action.rawValue, by: command.issuedBy,
                            reason: command.reason, done: done))),
                .acknowledgeCommand(id: command.id),
            ]
    }
}
