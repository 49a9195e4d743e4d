-- How news reaches a waiting seat in PostgreSQL without the seat asking: a notification
-- on a channel of the seat's own when a command is issued for the lease it holds, and
-- one on assess_opening when a proctor opens a sitting. The payloads are empty: a seat
-- learns nothing from them but that it should ask (through the functions that check it).
-- And the time a command adds, which the server applies when the seat acknowledges it.
--
-- PostgreSQL's v7. A seat's channel is named after a hash of its lease token, which
-- only the sitting holding the lease knows, so no other seat can listen on it, and the
-- seat listens through a function, so that no statement shows the name; the trigger runs
-- as the schema's owner (it reads the leases' tokens).
-- A seat may not change the time it is allowed (v3); the proctor's command to add time
-- is applied by acknowledge_command, once, to the candidate's attempt in progress.

-- The channel of the sitting holding a lease as `token`: 52 characters, a valid identifier.
CREATE FUNCTION assess.command_channel(token text) RETURNS text
    LANGUAGE sql IMMUTABLE SET search_path = assess, pg_temp AS $$
    SELECT 'assess_seat_' || left(encode(sha256(convert_to(token, 'UTF8')), 'hex'), 40)
$$;
REVOKE ALL ON FUNCTION assess.command_channel(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.command_channel(text) TO :"seat", :"proctor";

-- Listens on that channel without naming it in the statement: seats that share a role
-- (a role per seat machine) can read each other's statements in pg_stat_activity.
CREATE FUNCTION assess.listen_for_commands(token text) RETURNS void
    LANGUAGE plpgsql SET search_path = assess, pg_temp AS $$
BEGIN
    EXECUTE 'LISTEN ' || quote_ident(assess.command_channel(token));
END $$;
REVOKE ALL ON FUNCTION assess.listen_for_commands(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.listen_for_commands(text) TO :"seat", :"proctor";

CREATE FUNCTION assess.command_issued() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    PERFORM pg_notify(assess.command_channel(l.holder), '')
        FROM assess.leases l WHERE l.exam_id = NEW.exam_id AND l.candidate = NEW.candidate;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION assess.command_issued() FROM PUBLIC;
CREATE TRIGGER command_issued AFTER INSERT ON assess.commands
    FOR EACH ROW EXECUTE FUNCTION assess.command_issued();

CREATE FUNCTION assess.sitting_opened() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    PERFORM pg_notify('assess_opening', '');
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION assess.sitting_opened() FROM PUBLIC;
CREATE TRIGGER sitting_opened AFTER INSERT OR UPDATE ON assess.sitting_starts
    FOR EACH STATEMENT EXECUTE FUNCTION assess.sitting_opened();

CREATE OR REPLACE FUNCTION assess.acknowledge_command(command bigint, exam text, who text, token text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE acknowledged assess.commands;
BEGIN
    IF NOT assess.holds_lease(exam, who, token) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'this seat does not hold the lease of ' || who || ' on ' || exam;
    END IF;
    UPDATE assess.commands c SET acknowledged_at = now(), acknowledged_by = session_user
        WHERE c.id = command AND c.exam_id = exam AND c.candidate = who AND c.acknowledged_at IS NULL
        RETURNING * INTO acknowledged;
    IF acknowledged.action = 'add-time' THEN
        -- As the seat adds it: a command without minutes adds one (the table's check bounds the rest).
        UPDATE assess.attempts a SET seconds_allowed = a.seconds_allowed + 60 * coalesce(acknowledged.minutes, 1)
            WHERE a.exam_id = exam AND a.candidate = who AND a.status = 'inProgress' AND a.seconds_allowed IS NOT NULL;
    END IF;
END $$;
