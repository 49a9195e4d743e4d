-- v3: what a seat may claim about itself, checked by the server.
--
-- - A seat's role sits as the candidates the admin named for it (seat_candidates;
--   * for a seat any student of the room signs in at) or, with none named, as the
--   candidate of its own name; it starts attempts and takes leases for those only.
-- - A seat's time used and breaks taken only grow: a seat cannot give itself time back.
-- - Only a proctor changes the time an attempt is allowed.
-- - A lease is lost after the time the seat's policy states (lease-seconds), never
--   less than Lease.shortestLostAfter; taking over a lost lease returns who held it,
--   for the log.

CREATE TABLE assess.seat_candidates (
    seat_role name NOT NULL,
    candidate text NOT NULL,
    PRIMARY KEY (seat_role, candidate)
);
GRANT SELECT ON assess.seat_candidates TO :"proctor";

-- Whether the login role may sit as candidate `who`.
CREATE FUNCTION assess.may_sit_as(who text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT pg_has_role(session_user, :'proctor', 'MEMBER')
        OR EXISTS (SELECT 1 FROM assess.seat_candidates s WHERE s.seat_role = session_user AND s.candidate IN (who, '*'))
        OR (who = session_user AND NOT EXISTS (SELECT 1 FROM assess.seat_candidates s WHERE s.seat_role = session_user))
$$;

-- Refuses, as the server refuses what a role lacks the privilege for, unless the
-- login role may sit as `who`.
CREATE FUNCTION assess.require_sitting_as(who text) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    IF NOT assess.may_sit_as(who) THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'role ' || session_user || ' may not sit as candidate ' || who;
    END IF;
END $$;

CREATE OR REPLACE FUNCTION assess.start_attempt(exam text, key text, who text, allowed integer,
                                                practice boolean, launch_settings text, at timestamptz)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE running text; created text;
BEGIN
    PERFORM assess.require_sitting_as(who);
    SELECT id INTO running FROM assess.attempts
        WHERE exam_id = exam AND candidate = who AND status = 'inProgress';
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS001', MESSAGE = running;
    END IF;
    INSERT INTO assess.candidates (id, first_seen_at) VALUES (who, at) ON CONFLICT DO NOTHING;
    INSERT INTO assess.attempts (exam_id, exam_key, candidate, status, started_at, seconds_allowed,
                                 is_practice, settings, last_active_at)
        VALUES (exam, key, who, 'inProgress', at, allowed, practice, launch_settings, at)
        RETURNING id INTO created;
    RETURN created;
EXCEPTION WHEN unique_violation THEN
    SELECT id INTO running FROM assess.attempts
        WHERE exam_id = exam AND candidate = who AND status = 'inProgress';
    RAISE EXCEPTION USING ERRCODE = 'AS001', MESSAGE = coalesce(running, '');
END $$;

CREATE OR REPLACE FUNCTION assess.update_progress(attempt text, used integer, question integer, breaks integer,
                                                  at timestamptz)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts;
BEGIN
    chosen := assess.attempt_in_progress(attempt);
    IF (used < chosen.seconds_used OR breaks < chosen.breaks_taken)
       AND NOT pg_has_role(session_user, :'proctor', 'MEMBER') THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'a seat cannot lower the time used or the breaks taken of attempt ' || attempt;
    END IF;
    UPDATE assess.attempts SET seconds_used = used, current_question = question, breaks_taken = breaks,
                               last_active_at = at
        WHERE id = attempt;
END $$;

-- The time allowed is the proctor's to change.
REVOKE EXECUTE ON FUNCTION assess.update_seconds_allowed(text, integer) FROM :"seat";

DROP FUNCTION assess.take_lease(text, text, text, text, text, integer);
CREATE FUNCTION assess.take_lease(exam text, who text, token text, on_host text, on_tty text, on_pid integer,
                                  lost_after integer)
    RETURNS TABLE (lease_holder text, lease_host text, lease_tty text, lease_pid integer, lease_since bigint,
                   previous_host text, previous_tty text, previous_pid integer, previous_renewed_at bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE held assess.leases; taken_over boolean := false;
BEGIN
    PERFORM assess.require_sitting_as(who);
    INSERT INTO assess.leases (exam_id, candidate, holder, host, tty, pid) VALUES (exam, who, token, on_host, on_tty, on_pid)
        ON CONFLICT DO NOTHING;
    SELECT * INTO held FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who FOR UPDATE;
    IF held.holder = token AND held.seat_role = session_user THEN
        UPDATE assess.leases l SET renewed_at = now() WHERE l.exam_id = exam AND l.candidate = who;
    ELSIF held.renewed_at < now() - make_interval(secs => greatest(lost_after, 10)) THEN
        taken_over := true;
        UPDATE assess.leases l SET holder = token, host = on_host, tty = on_tty, pid = on_pid, since = now(), renewed_at = now(),
                                   seat_role = session_user
            WHERE l.exam_id = exam AND l.candidate = who;
    END IF;
    RETURN QUERY SELECT l.holder, l.host, l.tty, l.pid, floor(extract(epoch FROM l.since) * 1000)::bigint,
                        CASE WHEN taken_over THEN held.host END, CASE WHEN taken_over THEN held.tty END,
                        CASE WHEN taken_over THEN held.pid END,
                        CASE WHEN taken_over THEN floor(extract(epoch FROM held.renewed_at) * 1000)::bigint END
        FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who;
END $$;

REVOKE ALL ON FUNCTION assess.may_sit_as(text), assess.require_sitting_as(text),
    assess.take_lease(text, text, text, text, text, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.take_lease(text, text, text, text, text, integer, integer) TO :"seat", :"proctor";
