-- v20: timed sections. A section of a published exam may have a time of its own
-- (`duration` in its delivery form); such sections run one after the other and each closes
-- for good. A seat closes its open section (`close_section`: the student left it, or its
-- time ran out at the seat) and reads how far its attempt has come (`sections_closed`), but
-- writes no closing itself. An answer is refused (42501) to a question of a section that is
-- closed or not yet open, and to the open section once its time is over by the server's
-- clock: from its opening (the attempt's server start, or the previous closing), its time
-- with the candidate's share of extra time, the break offered before it, the breaks and
-- extra breaks allowed, the pauses since it opened and the exam's grace. A replaced
-- function keeps its owner and its grants.

CREATE TABLE assess.section_closings (
    attempt_id text NOT NULL REFERENCES assess.attempts (id),
    section integer NOT NULL CHECK (section >= 0),
    seconds_used integer NOT NULL CHECK (seconds_used >= 0),
    closed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    closed_by name NOT NULL DEFAULT session_user,
    PRIMARY KEY (attempt_id, section)
);
REVOKE ALL ON assess.section_closings FROM PUBLIC;
GRANT SELECT ON assess.section_closings TO :"proctor";

-- The sections of exam `exam`'s published form when one of them is timed; none otherwise.
CREATE FUNCTION assess.timed_sections(exam text)
    RETURNS TABLE (section integer, duration integer, break_after integer, questions jsonb)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT (s.position - 1)::integer, (s.section ->> 'duration')::integer, (s.section ->> 'breakAfter')::integer,
           s.section -> 'questions'
    FROM assess.published_exams p,
         jsonb_array_elements(p.delivery_form::jsonb -> 'sections') WITH ORDINALITY AS s(section, position)
    WHERE p.exam_id = exam AND position('"duration":' IN p.delivery_form) > 0
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.delivery_form::jsonb -> 'sections') AS t(entry)
                  WHERE t.entry ? 'duration')
$$;

-- The open section's closing time by the server's clock, grace included; null when the
-- section has no time of its own (the exam's deadline then holds).
CREATE FUNCTION assess.section_deadline(a assess.attempts, which integer) RETURNS timestamptz
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    WITH opened AS (
        SELECT coalesce((SELECT c.closed_at FROM assess.section_closings c
                         WHERE c.attempt_id = a.id AND c.section = which - 1), a.server_started_at) AS at
    )
    SELECT o.at + make_interval(secs =>
            round(t.duration * coalesce(a.seconds_allowed::numeric / nullif(p.duration_seconds, 0), 1))
            + coalesce(earlier.break_after, 0) + assess.break_seconds(a.settings) + a.grace_seconds
            + coalesce((SELECT sum(60 * coalesce(c.minutes, 10)) FROM assess.commands c
                        WHERE c.exam_id = a.exam_id AND c.candidate = a.candidate AND c.action = 'extra-break'
                          AND c.acknowledged_at >= o.at), 0)
            + assess.paused_seconds(a, o.at))
    FROM opened o, assess.timed_sections(a.exam_id) t
         JOIN assess.published_exams p ON p.exam_id = a.exam_id
         LEFT JOIN assess.timed_sections(a.exam_id) earlier ON earlier.section = which - 1
    WHERE t.section = which AND t.duration IS NOT NULL
$$;

-- Closes section `section` of an attempt in progress, the seat's own (or any, for a
-- proctor), when it is the open one; a section already closed stays as it was.
CREATE FUNCTION assess.close_section(attempt text, section integer, used integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts; closed integer;
BEGIN
    chosen := assess.attempt_in_progress(attempt);
    SELECT count(*) INTO closed FROM assess.section_closings c WHERE c.attempt_id = attempt;
    IF section < closed THEN
        RETURN;
    END IF;
    IF section > closed OR NOT EXISTS (SELECT 1 FROM assess.timed_sections(chosen.exam_id) t
                                       WHERE t.section = close_section.section + 1) THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'section ' || (section + 1) || ' of attempt ' || attempt || ' is not the open one';
    END IF;
    INSERT INTO assess.section_closings (attempt_id, section, seconds_used) VALUES (attempt, section, greatest(used, 0));
END $$;

-- How many sections of an attempt are closed, and the seconds it had used when the last
-- closed: what a resumed sitting opens at.
CREATE FUNCTION assess.sections_closed(attempt text) RETURNS TABLE (closed integer, seconds_used integer)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts;
BEGIN
    SELECT * INTO chosen FROM assess.attempts WHERE id = attempt;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS002', MESSAGE = attempt;
    END IF;
    IF NOT assess.may_act_on(chosen.seat_role) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'attempt ' || attempt || ' belongs to another seat';
    END IF;
    RETURN QUERY SELECT count(*)::integer, coalesce(max(c.seconds_used), 0)::integer
        FROM assess.section_closings c WHERE c.attempt_id = attempt;
END $$;

-- An answer goes only to the open section, while its time lasts by the server's clock.
CREATE FUNCTION assess.response_to_open_section() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts; target integer; opened integer; closes timestamptz;
BEGIN
    SELECT * INTO chosen FROM assess.attempts WHERE id = NEW.attempt_id;
    SELECT t.section INTO target FROM assess.timed_sections(chosen.exam_id) t
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(t.questions) q WHERE q ->> 'id' = NEW.question_id);
    IF target IS NULL THEN
        RETURN NEW;
    END IF;
    SELECT count(*) INTO opened FROM assess.section_closings c WHERE c.attempt_id = NEW.attempt_id;
    IF target < opened THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'section ' || (target + 1) || ' of attempt ' || NEW.attempt_id || ' is closed';
    END IF;
    IF target > opened THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'section ' || (target + 1) || ' of attempt ' || NEW.attempt_id || ' is not open yet';
    END IF;
    closes := assess.section_deadline(chosen, opened);
    IF closes IS NOT NULL AND clock_timestamp() > closes THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'the time of section ' || (target + 1) || ' of attempt ' || NEW.attempt_id || ' is over';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER responses_to_open_sections BEFORE INSERT ON assess.responses
    FOR EACH ROW EXECUTE FUNCTION assess.response_to_open_section();

REVOKE ALL ON FUNCTION assess.timed_sections(text), assess.section_deadline(assess.attempts, integer),
    assess.close_section(text, integer, integer), assess.sections_closed(text), assess.response_to_open_section()
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.close_section(text, integer, integer), assess.sections_closed(text)
    TO :"seat", :"proctor";

-- v19's kinds and the closing of a section.
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
    'hand.raised', 'hand.lowered', 'hand.acknowledged', 'section.closed'] $$;
