-- v19: a student raises a hand from the seat (`hand.raised`, `hand.lowered`), and the seat
-- logs the proctor's acknowledgement when it reaches the student (`hand.acknowledged`):
-- three more kinds a seat's role may append, on its own attempt only (`append_event`
-- refuses another seat's). The proctor acknowledges with a command of a new action,
-- `hand-acknowledged`, which only the proctor's role may insert, as every command. An
-- irregularity report (`proctor.incident`) stays a proctor's kind: it is not in this list.
-- A replaced function keeps its owner and its grants (none but the schema owner's).

CREATE OR REPLACE FUNCTION assess.seat_kinds() RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY[
    'lock.requested', 'lock.granted', 'lock.refused', 'lock.declined', 'lock.released', 'lock.expired',
    'lock.step-reverted', 'lock.undo-failed', 'lock.stale-found', 'lock.stale-cleared', 'lock.ended-by-reboot',
    'clipboard.cleared', 'clipboard.clear-failed', 'suggestions.changed', 'paste.rejection-changed',
    'paste.rejected', 'key.quit-ignored', 'answer.saved', 'exam.started', 'exam.submitted', 'timer.warning',
    'lock.end-warning', 'terminal.too-small', 'terminal.size-restored', 'session.interrupted',
    'accessibility.set', 'accessibility.changed', 'store.outage', 'lease.taken-over', 'restriction.changed',
    'suggestions.turned-off', 'launch.accommodations', 'proctor.password-rejected', 'proctor.prompt-locked',
    'proctor.password-accepted', 'exam.paused', 'exam.unpaused', 'exam.time-added', 'exam.ended-by-proctor',
    'attempt.aborted', 'break.started', 'break.ended', 'attempt.resumed', 'proctor.command',
    'proctor.command-refused', 'proctor.message-read', 'tool.used', 'input.invalid-dropped',
    'hand.raised', 'hand.lowered', 'hand.acknowledged'] $$;

ALTER TABLE assess.commands DROP CONSTRAINT commands_action_check;
ALTER TABLE assess.commands ADD CONSTRAINT commands_action_check
    CHECK (action IN ('pause', 'resume', 'add-time', 'end', 'extra-break', 'message', 'hand-acknowledged'));
