-- PostgreSQL's v4. Only the proctor's group inserts commands (the columns it may
-- choose; who and when are the server's); a seat reads and acknowledges those for the
-- lease it holds, through two functions that check it.

CREATE INDEX events_on_kind_attempt ON assess.events (kind, attempt);

CREATE TABLE assess.commands (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    exam_id text NOT NULL,
    candidate text NOT NULL,
    action text NOT NULL CHECK (action IN ('pause', 'resume', 'add-time', 'end', 'extra-break', 'message')),
    minutes integer CHECK (minutes BETWEEN 1 AND 240),
    message text CHECK (length(message) BETWEEN 1 AND 200),
    reason text NOT NULL CHECK (length(btrim(reason)) > 0),
    issued_by name NOT NULL DEFAULT session_user,
    issued_at timestamptz NOT NULL DEFAULT now(),
    acknowledged_at timestamptz,
    acknowledged_by name
);
CREATE INDEX commands_pending ON assess.commands (exam_id, candidate) WHERE acknowledged_at IS NULL;
GRANT SELECT, INSERT (exam_id, candidate, action, minutes, message, reason) ON assess.commands TO :"proctor";

-- Whether the login role holds (exam, who)'s lease under this token.
CREATE FUNCTION assess.holds_lease(exam text, who text, token text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM assess.leases l
                   WHERE l.exam_id = exam AND l.candidate = who AND l.holder = token AND l.seat_role = session_user)
$$;

CREATE FUNCTION assess.pending_commands(exam text, who text, token text)
    RETURNS TABLE (command_id bigint, command_action text, command_minutes integer, command_message text, command_reason text, command_issued_by name)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    IF NOT assess.holds_lease(exam, who, token) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'this seat does not hold the lease of ' || who || ' on ' || exam;
    END IF;
    RETURN QUERY SELECT c.id, c.action, c.minutes, c.message, c.reason, c.issued_by FROM assess.commands c
        WHERE c.exam_id = exam AND c.candidate = who AND c.acknowledged_at IS NULL ORDER BY c.id;
END $$;

CREATE FUNCTION assess.acknowledge_command(command bigint, exam text, who text, token text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    IF NOT assess.holds_lease(exam, who, token) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'this seat does not hold the lease of ' || who || ' on ' || exam;
    END IF;
    UPDATE assess.commands c SET acknowledged_at = now(), acknowledged_by = session_user
        WHERE c.id = command AND c.exam_id = exam AND c.candidate = who AND c.acknowledged_at IS NULL;
END $$;

REVOKE ALL ON FUNCTION assess.holds_lease(text, text, text), assess.pending_commands(text, text, text),
    assess.acknowledge_command(bigint, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.pending_commands(text, text, text),
    assess.acknowledge_command(bigint, text, text, text) TO :"seat", :"proctor";

-- A monitor LISTENs on assess_room; any change to the room wakes it (the payload
-- says nothing, so a seat listening learns nothing but that something moved).
CREATE FUNCTION assess.room_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('assess_room', '');
    RETURN NULL;
END $$;
CREATE TRIGGER room_changed AFTER INSERT OR UPDATE OR DELETE ON assess.attempts
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_changed();
CREATE TRIGGER room_changed AFTER INSERT ON assess.responses
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_changed();
CREATE TRIGGER room_changed AFTER INSERT ON assess.events
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_changed();
CREATE TRIGGER room_changed AFTER INSERT OR UPDATE OR DELETE ON assess.leases
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_changed();
CREATE TRIGGER room_changed AFTER INSERT OR UPDATE ON assess.commands
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_changed();
