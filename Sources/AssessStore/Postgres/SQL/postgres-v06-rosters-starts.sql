-- PostgreSQL's v6. The proctor group writes the roster and the starts; a seat reads
-- neither table, only what three functions tell it: its own candidate's roster row
-- (for a candidate it may sit as), whether a sitting is open, and whether a code is right.

CREATE TABLE assess.roster (
    exam_id text NOT NULL,
    candidate text NOT NULL CHECK (candidate ~ '^[A-Za-z0-9._-]{1,64}$'),
    name text NOT NULL DEFAULT '',
    settings text NOT NULL DEFAULT '{}',
    PRIMARY KEY (exam_id, candidate)
);
GRANT SELECT, INSERT, UPDATE, DELETE ON assess.roster TO :"proctor";

CREATE TABLE assess.sitting_starts (
    exam_id text PRIMARY KEY,
    code_hash text,
    code_set_by name,
    code_set_at timestamptz,
    opened_at timestamptz,
    opened_by name
);
GRANT SELECT, DELETE ON assess.sitting_starts TO :"proctor";

CREATE FUNCTION assess.set_start_code(exam text, code text) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    INSERT INTO assess.sitting_starts (exam_id, code_hash, code_set_by, code_set_at)
    VALUES (exam, encode(sha256(convert_to(exam || ':' || code, 'UTF8')), 'hex'), session_user, now())
    ON CONFLICT (exam_id) DO UPDATE
        SET code_hash = EXCLUDED.code_hash, code_set_by = EXCLUDED.code_set_by, code_set_at = EXCLUDED.code_set_at
$$;

CREATE FUNCTION assess.open_sitting(exam text) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    INSERT INTO assess.sitting_starts (exam_id, opened_at, opened_by) VALUES (exam, now(), session_user)
    ON CONFLICT (exam_id) DO UPDATE SET opened_at = now(), opened_by = session_user
        WHERE assess.sitting_starts.opened_at IS NULL
$$;

-- Whether the exam has a roster, and the row of `who` on it, for a role that may sit as `who`.
CREATE FUNCTION assess.roster_standing(exam text, who text)
    RETURNS TABLE (has_roster boolean, listed boolean, entry_name text, entry_settings text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    PERFORM assess.require_sitting_as(who);
    RETURN QUERY SELECT EXISTS (SELECT 1 FROM assess.roster r WHERE r.exam_id = exam),
                        r.candidate IS NOT NULL, r.name, r.settings
        FROM (SELECT 1) one LEFT JOIN assess.roster r ON r.exam_id = exam AND r.candidate = who;
END $$;

-- Seconds since the sitting was opened; null while it waits.
CREATE FUNCTION assess.seconds_since_opening(exam text) RETURNS float8
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT extract(epoch FROM now() - s.opened_at)::float8 FROM assess.sitting_starts s WHERE s.exam_id = exam
$$;

CREATE FUNCTION assess.start_code_matches(exam text, code text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM assess.sitting_starts s WHERE s.exam_id = exam
                   AND s.code_hash = encode(sha256(convert_to(exam || ':' || code, 'UTF8')), 'hex'))
$$;

REVOKE ALL ON FUNCTION assess.set_start_code(text, text), assess.open_sitting(text),
    assess.roster_standing(text, text), assess.seconds_since_opening(text),
    assess.start_code_matches(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.set_start_code(text, text), assess.open_sitting(text) TO :"proctor";
GRANT EXECUTE ON FUNCTION assess.roster_standing(text, text), assess.seconds_since_opening(text),
    assess.start_code_matches(text, text) TO :"seat", :"proctor";

-- An opening (or a roster change) wakes the monitors, like any change to the room.
CREATE TRIGGER room_changed AFTER INSERT OR UPDATE OR DELETE ON assess.roster
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_changed();
CREATE TRIGGER room_changed AFTER INSERT OR UPDATE OR DELETE ON assess.sitting_starts
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_changed();
