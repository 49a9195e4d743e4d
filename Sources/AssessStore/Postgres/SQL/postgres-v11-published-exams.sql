-- PostgreSQL's v11. Published exams, in two parts kept apart (`assess publish`):
--
-- * `published_exams`: the delivery form (what a student is shown, no answer) and its
--   cover. No seat reads the table: a seat reads the cover through `exam_cover` at any
--   time, and the form through `delivery_form` only for a candidate it may sit as, and,
--   when the exam has a roster, only for a candidate on it once the proctor opened the
--   sitting.
-- * `scoring_keys`: every answer and marking rule, one row per version. Only the proctor
--   group has any privilege on it, and no function a seat may execute reads it.

CREATE TABLE assess.published_exams (
    exam_id text PRIMARY KEY,
    delivery_key text NOT NULL CHECK (delivery_key ~ '^[0-9a-f]{64}$'),
    delivery_form text NOT NULL,
    title text NOT NULL,
    duration_seconds integer NOT NULL,
    instructions text NOT NULL,
    question_count integer NOT NULL,
    published_by name NOT NULL DEFAULT session_user,
    published_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
REVOKE ALL ON assess.published_exams FROM PUBLIC;
GRANT SELECT, INSERT, UPDATE ON assess.published_exams TO :"proctor";

CREATE TABLE assess.scoring_keys (
    exam_id text NOT NULL REFERENCES assess.published_exams (exam_id),
    version integer NOT NULL CHECK (version >= 1),
    delivery_key text NOT NULL,
    scoring_key text NOT NULL,
    published_by name NOT NULL DEFAULT session_user,
    published_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (exam_id, version)
);
REVOKE ALL ON assess.scoring_keys FROM PUBLIC;
GRANT SELECT, INSERT ON assess.scoring_keys TO :"proctor";

-- Who published is the server's word, never the client's.
CREATE FUNCTION assess.stamp_publisher() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    NEW.published_by := session_user;
    NEW.published_at := clock_timestamp();
    RETURN NEW;
END $$;
CREATE TRIGGER stamp_publisher BEFORE INSERT OR UPDATE ON assess.published_exams
    FOR EACH ROW EXECUTE FUNCTION assess.stamp_publisher();
CREATE TRIGGER stamp_publisher BEFORE INSERT OR UPDATE ON assess.scoring_keys
    FOR EACH ROW EXECUTE FUNCTION assess.stamp_publisher();

-- What a seat may read before the opening: title, time, instructions, number of questions.
CREATE FUNCTION assess.exam_cover(exam text)
    RETURNS TABLE (delivery_key text, title text, duration_seconds integer, instructions text, question_count integer)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT p.delivery_key, p.title, p.duration_seconds, p.instructions, p.question_count
    FROM assess.published_exams p WHERE p.exam_id = exam
$$;

-- The delivery form for `who`'s sitting. A proctor reads any; a seat's role only for a
-- candidate it may sit as, and for an exam with a roster only a candidate on it, once the
-- sitting is open (`open_sitting`). Never any part of a scoring key.
CREATE FUNCTION assess.delivery_form(exam text, who text)
    RETURNS TABLE (delivery_key text, delivery_form text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    IF NOT pg_has_role(session_user, :'proctor', 'MEMBER') THEN
        PERFORM assess.require_sitting_as(who);
        IF EXISTS (SELECT 1 FROM assess.roster r WHERE r.exam_id = exam) THEN
            IF NOT EXISTS (SELECT 1 FROM assess.roster r WHERE r.exam_id = exam AND r.candidate = who) THEN
                RAISE EXCEPTION USING ERRCODE = '42501',
                    MESSAGE = 'candidate ' || who || ' is not on the roster of ' || exam;
            END IF;
            IF NOT EXISTS (SELECT 1 FROM assess.sitting_starts s WHERE s.exam_id = exam AND s.opened_at IS NOT NULL) THEN
                RAISE EXCEPTION USING ERRCODE = 'AS011', MESSAGE = exam;
            END IF;
        END IF;
    END IF;
    RETURN QUERY SELECT p.delivery_key, p.delivery_form FROM assess.published_exams p WHERE p.exam_id = exam;
END $$;

REVOKE ALL ON FUNCTION assess.exam_cover(text), assess.delivery_form(text, text), assess.stamp_publisher() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.exam_cover(text), assess.delivery_form(text, text) TO :"seat", :"proctor";
