-- v2: leases, one per (exam, candidate), timed by the server's clock and written only
-- through take_lease and release_lease: a seat takes a lease that is free, its own
-- or lost (not renewed for 30 s), and releases only its own.

CREATE TABLE assess.leases (
    exam_id text NOT NULL,
    candidate text NOT NULL,
    holder text NOT NULL,
    host text NOT NULL,
    tty text,
    pid integer NOT NULL,
    since timestamptz NOT NULL DEFAULT now(),
    renewed_at timestamptz NOT NULL DEFAULT now(),
    seat_role name NOT NULL DEFAULT session_user,
    PRIMARY KEY (exam_id, candidate)
);

CREATE FUNCTION assess.take_lease(exam text, who text, token text, on_host text, on_tty text, on_pid integer)
    RETURNS TABLE (lease_holder text, lease_host text, lease_tty text, lease_pid integer, lease_since bigint)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE held assess.leases;
BEGIN
    INSERT INTO assess.leases (exam_id, candidate, holder, host, tty, pid) VALUES (exam, who, token, on_host, on_tty, on_pid)
        ON CONFLICT DO NOTHING;
    SELECT * INTO held FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who FOR UPDATE;
    IF held.holder = token AND held.seat_role = session_user THEN
        UPDATE assess.leases l SET renewed_at = now() WHERE l.exam_id = exam AND l.candidate = who;
    ELSIF held.renewed_at < now() - interval '30 seconds' THEN
        UPDATE assess.leases l SET holder = token, host = on_host, tty = on_tty, pid = on_pid, since = now(), renewed_at = now(),
                                   seat_role = session_user
            WHERE l.exam_id = exam AND l.candidate = who;
    END IF;
    RETURN QUERY SELECT l.holder, l.host, l.tty, l.pid, floor(extract(epoch FROM l.since) * 1000)::bigint
        FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who;
END $$;

CREATE FUNCTION assess.release_lease(exam text, who text, token text)
    RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    DELETE FROM assess.leases WHERE exam_id = exam AND candidate = who AND holder = token AND seat_role = session_user
$$;

REVOKE ALL ON FUNCTION assess.take_lease(text, text, text, text, text, integer), assess.release_lease(text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.take_lease(text, text, text, text, text, integer), assess.release_lease(text, text, text)
    TO :"seat", :"proctor";
GRANT SELECT ON assess.leases TO :"proctor";
