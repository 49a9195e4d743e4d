-- v15: a seat logs the tools its student used (`tool.used`: the calculator opened, a result
-- put into an answer), never what was typed into them, so that the monitor's timeline and
-- an appeal can see them; and the bytes it dropped as input no keyboard sends
-- (`input.invalid-dropped`, with their count). The kinds a seat's role may append are v12's
-- and these two; a replaced function keeps its owner and its grants (none but the schema
-- owner's).

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
    'proctor.command-refused', 'proctor.message-read', 'tool.used', 'input.invalid-dropped'] $$;
