-- v9: a lease holder known alive by its connection, which the seat need not wake for.
--
-- - take_lease records, each time it takes or renews a lease, the server backend that
--   called it (pg_backend_pid() and that backend's backend_start, which a reused pid
--   does not share) and the seat process's start time beside its pid. A seat cannot
--   choose them: it writes the table only through this function.
-- - The holder is known alive while that backend is still connected
--   (backend_alive, which reads pg_stat_activity as the schema's owner: a role sees
--   only its own sessions' start times there). A lease is lost only when it was not
--   renewed for the lease's time and its holder is not known alive; a seat on the same
--   machine that sees the holder's process gone (holder_gone) takes it at once, once
--   the server too sees its backend gone.
-- - take_lease tells the caller the holder's token only when the caller holds the
--   lease: with another's token a seat's role could renew a dead seat's lease from a
--   live connection of its own, and so make it look alive.
-- - backend_alive is the proctor's (the room's query); a seat's role gains nothing.

ALTER TABLE assess.leases ADD COLUMN process_start bigint, ADD COLUMN backend_pid integer,
    ADD COLUMN backend_start timestamptz;

CREATE FUNCTION assess.backend_alive(backend integer, started timestamptz) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_stat_activity a WHERE a.pid = backend AND a.backend_start = started)
$$;
REVOKE ALL ON FUNCTION assess.backend_alive(integer, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.backend_alive(integer, timestamptz) TO :"proctor";

DROP FUNCTION assess.take_lease(text, text, text, text, text, integer, integer);
CREATE FUNCTION assess.take_lease(exam text, who text, token text, on_host text, on_tty text, on_pid integer,
                                  on_process_start bigint, lost_after integer, holder_gone boolean)
    RETURNS TABLE (lease_holder text, lease_host text, lease_tty text, lease_pid integer, lease_process_start bigint,
                   lease_since bigint, previous_host text, previous_tty text, previous_pid integer,
                   previous_renewed_at bigint, previous_gone boolean)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE held assess.leases; taken_over boolean := false; gone boolean := false; caller_start timestamptz;
BEGIN
    PERFORM assess.require_sitting_as(who);
    SELECT a.backend_start INTO caller_start FROM pg_catalog.pg_stat_activity a WHERE a.pid = pg_backend_pid();
    INSERT INTO assess.leases (exam_id, candidate, holder, host, tty, pid, process_start, backend_pid, backend_start)
        VALUES (exam, who, token, on_host, on_tty, on_pid, on_process_start, pg_backend_pid(), caller_start)
        ON CONFLICT DO NOTHING;
    SELECT * INTO held FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who FOR UPDATE;
    IF held.holder = token AND held.seat_role = session_user THEN
        UPDATE assess.leases l SET renewed_at = now(), backend_pid = pg_backend_pid(), backend_start = caller_start
            WHERE l.exam_id = exam AND l.candidate = who;
    ELSIF NOT assess.backend_alive(held.backend_pid, held.backend_start) THEN
        gone := holder_gone AND held.host = on_host;
        IF gone OR held.renewed_at < now() - make_interval(secs => greatest(lost_after, 10)) THEN
            taken_over := true;
            UPDATE assess.leases l SET holder = token, host = on_host, tty = on_tty, pid = on_pid,
                                       process_start = on_process_start, since = now(), renewed_at = now(),
                                       seat_role = session_user, backend_pid = pg_backend_pid(),
                                       backend_start = caller_start
                WHERE l.exam_id = exam AND l.candidate = who;
        END IF;
    END IF;
    RETURN QUERY SELECT CASE WHEN l.holder = token AND l.seat_role = session_user THEN l.holder END,
                        l.host, l.tty, l.pid, l.process_start, floor(extract(epoch FROM l.since) * 1000)::bigint,
                        CASE WHEN taken_over THEN held.host END, CASE WHEN taken_over THEN held.tty END,
                        CASE WHEN taken_over THEN held.pid END,
                        CASE WHEN taken_over THEN floor(extract(epoch FROM held.renewed_at) * 1000)::bigint END,
                        CASE WHEN taken_over THEN gone END
        FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who;
END $$;
REVOKE ALL ON FUNCTION assess.take_lease(text, text, text, text, text, integer, bigint, integer, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.take_lease(text, text, text, text, text, integer, bigint, integer, boolean)
    TO :"seat", :"proctor";
