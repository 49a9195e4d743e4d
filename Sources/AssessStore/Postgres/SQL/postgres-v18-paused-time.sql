-- v18: the time a proctor paused an attempt moves its deadline. The seat's clock stops
-- while it is paused; the server's deadline (v10) did not, so the answers of the last
-- minutes after a pause came in "after the deadline" and were not scored. The pause is
-- counted from the proctor's commands, by the server's clock: from a pause's issue to the
-- next resume's (or to the attempt's end, or now, while it is still paused); a second pause
-- before a resume adds nothing. Only a proctor's role issues commands, so a seat cannot
-- lengthen its own time this way.
CREATE INDEX commands_of_a_seat ON assess.commands (exam_id, candidate, issued_at);

-- The seconds `a` has spent paused since `since` (its start, or a section's opening).
CREATE FUNCTION assess.paused_seconds(a assess.attempts, since timestamptz) RETURNS double precision
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    WITH ordered AS (
        SELECT c.action, c.issued_at, lag(c.action) OVER (ORDER BY c.issued_at, c.id) AS before
        FROM assess.commands c
        WHERE c.exam_id = a.exam_id AND c.candidate = a.candidate AND c.action IN ('pause', 'resume')
          AND c.issued_at >= since AND c.issued_at <= coalesce(a.server_ended_at, 'infinity')
    ), changes AS (
        SELECT action, issued_at, lead(issued_at) OVER (ORDER BY issued_at) AS until
        FROM ordered WHERE before IS DISTINCT FROM action
    )
    SELECT coalesce(sum(extract(epoch FROM coalesce(until, a.server_ended_at, clock_timestamp()) - issued_at)), 0)::float8
    FROM changes WHERE action = 'pause'
$$;

CREATE OR REPLACE FUNCTION assess.deadline(a assess.attempts) RETURNS timestamptz
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT a.server_started_at + make_interval(secs => a.seconds_allowed + assess.break_seconds(a.settings)
        + coalesce((SELECT sum(60 * coalesce(c.minutes, 10)) FROM assess.commands c
                    WHERE c.exam_id = a.exam_id AND c.candidate = a.candidate AND c.action = 'extra-break'
                      AND c.acknowledged_at >= a.server_started_at), 0)
        + assess.paused_seconds(a, a.server_started_at))
    WHERE a.seconds_allowed IS NOT NULL
$$;

REVOKE ALL ON FUNCTION assess.paused_seconds(assess.attempts, timestamptz) FROM PUBLIC;
