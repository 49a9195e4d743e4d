-- v22: the sample runs a student makes of a code question during the exam. The budget
-- (`run-during-exam:`) is the server's own: read from the delivery form it published for
-- the attempt's exam (and only when the attempt sits that very form, its exam key being
-- the delivery key), never taken from the seat. A seat takes a run through `take_code_run`
-- alone, which counts the runs kept here and refuses one past the budget (AS020); a seat's
-- role has no privilege on the table itself, so it can neither add, remove nor change a
-- run. The code is never kept: only its hash.

CREATE TABLE assess.code_runs (
    attempt_id text NOT NULL REFERENCES assess.attempts,
    question_id text NOT NULL,
    number integer NOT NULL CHECK (number >= 1),
    code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
    seat_role name NOT NULL DEFAULT session_user,
    taken_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (attempt_id, question_id, number)
);
REVOKE ALL ON assess.code_runs FROM PUBLIC;
GRANT SELECT ON assess.code_runs TO :"proctor";

-- The runs the published form allows for `question` of the exam sat by attempt `a`; 0
-- when the exam was not published, the attempt sits another form, or the question
-- allows none.
CREATE FUNCTION assess.code_run_budget(a assess.attempts, question text) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT coalesce(max((q -> 'code' ->> 'runsDuringExam')::integer), 0)
    FROM assess.published_exams p,
         jsonb_array_elements(p.delivery_form::jsonb -> 'sections') s,
         jsonb_array_elements(s -> 'questions') q
    WHERE p.exam_id = a.exam_id AND p.delivery_key = a.exam_key AND q ->> 'id' = question
$$;

-- Takes the next run of `question` for an attempt in progress of the caller's, and
-- returns its number (1 for the first); refuses (AS020, message: the budget) once the
-- budget is spent. The attempt's row is locked, so two runs taken at once are counted
-- one after the other.
CREATE FUNCTION assess.take_code_run(attempt text, question text, hash text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts; budget integer; taken integer;
BEGIN
    chosen := assess.attempt_in_progress(attempt);
    budget := assess.code_run_budget(chosen, question);
    SELECT count(*) INTO taken FROM assess.code_runs r WHERE r.attempt_id = attempt AND r.question_id = question;
    IF taken >= budget THEN
        RAISE EXCEPTION USING ERRCODE = 'AS020', MESSAGE = budget::text;
    END IF;
    INSERT INTO assess.code_runs (attempt_id, question_id, number, code_hash)
        VALUES (attempt, question, taken + 1, hash);
    RETURN taken + 1;
END $$;

-- How many runs of `question` the caller's attempt has taken (what a resumed sitting shows).
CREATE FUNCTION assess.code_runs_taken(attempt text, question text) RETURNS integer
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE owner name;
BEGIN
    SELECT seat_role INTO owner FROM assess.attempts WHERE id = attempt;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS002', MESSAGE = attempt;
    END IF;
    IF NOT assess.may_act_on(owner) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'attempt ' || attempt || ' belongs to another seat';
    END IF;
    RETURN (SELECT count(*) FROM assess.code_runs r WHERE r.attempt_id = attempt AND r.question_id = question);
END $$;

REVOKE ALL ON FUNCTION assess.code_run_budget(assess.attempts, text), assess.take_code_run(text, text, text),
    assess.code_runs_taken(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.take_code_run(text, text, text), assess.code_runs_taken(text, text)
    TO :"seat", :"proctor";

-- A seat logs each run (`code.run`: the question, the run's number, the code's hash and
-- the outcome, never the code nor its output): the kinds of v20 and this one.
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
    'hand.raised', 'hand.lowered', 'hand.acknowledged', 'section.closed', 'code.run'] $$;
