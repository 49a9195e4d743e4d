-- PostgreSQL's migration v5: the marks table, which the proctor group may read and
-- add to (the marker is the server's session_user, a column no one writes) and a
-- seat's role may not touch; a mark only for an attempt that has ended.

CREATE TABLE assess.marks (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    attempt_id text NOT NULL REFERENCES assess.attempts,
    question_id text NOT NULL,
    points double precision NOT NULL CHECK (points >= 0),
    comment text NOT NULL DEFAULT '',
    override_reason text,
    marked_at timestamptz NOT NULL,
    marker name NOT NULL DEFAULT session_user,
    server_marked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX marks_on_attempt ON assess.marks (attempt_id, question_id, id);

-- AS002 unknown attempt, AS004 an attempt still in progress (message: its id).
CREATE FUNCTION assess.mark_of_ended_attempt() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE state text;
BEGIN
    SELECT status INTO state FROM assess.attempts WHERE id = NEW.attempt_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS002', MESSAGE = NEW.attempt_id;
    END IF;
    IF state = 'inProgress' THEN
        RAISE EXCEPTION USING ERRCODE = 'AS004', MESSAGE = NEW.attempt_id;
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION assess.mark_of_ended_attempt() FROM PUBLIC;
CREATE TRIGGER marks_of_ended_attempts BEFORE INSERT ON assess.marks
    FOR EACH ROW EXECUTE FUNCTION assess.mark_of_ended_attempt();

GRANT SELECT, INSERT (attempt_id, question_id, points, comment, override_reason, marked_at)
    ON assess.marks TO :"proctor";
ALTER TABLE assess.marks ENABLE ROW LEVEL SECURITY;
CREATE POLICY proctor_reads_all ON assess.marks FOR SELECT TO :"proctor" USING (true);
CREATE POLICY proctor_adds ON assess.marks FOR INSERT TO :"proctor" WITH CHECK (true);
