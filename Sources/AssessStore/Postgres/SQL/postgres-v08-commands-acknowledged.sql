-- PostgreSQL's v8: the commands a seat acknowledged during an attempt of the lease it
-- holds, for a resumed sitting to take back (the extra breaks they allowed) from the
-- store instead of from its own log, whose records a seat's role writes. "During" is
-- by the server's clock: acknowledged at or after the server's start of the attempt.

CREATE FUNCTION assess.commands_acknowledged(attempt text, exam text, who text, token text)
    RETURNS TABLE (command_id bigint, command_action text, command_minutes integer, command_message text, command_reason text, command_issued_by name)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    IF NOT assess.holds_lease(exam, who, token) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'this seat does not hold the lease of ' || who || ' on ' || exam;
    END IF;
    RETURN QUERY SELECT c.id, c.action, c.minutes, c.message, c.reason, c.issued_by
        FROM assess.commands c JOIN assess.attempts a
            ON a.id = attempt AND a.exam_id = c.exam_id AND a.candidate = c.candidate
        WHERE c.exam_id = exam AND c.candidate = who AND c.acknowledged_at >= a.server_started_at
        ORDER BY c.id;
END $$;
REVOKE ALL ON FUNCTION assess.commands_acknowledged(text, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.commands_acknowledged(text, text, text, text) TO :"seat", :"proctor";
