-- PostgreSQL's v13. The proctor's opening releases a published exam's delivery form
-- (`assess open`, `publish --open`, the monitor's `o`), with or without a roster: until
-- then a seat's role reads only the exam's cover (`exam_cover`), nothing of its questions.
-- Once open, it reads the form only for a candidate it may sit as and, for an exam with a
-- roster, only for a candidate on it. A proctor reads any form at any time.
CREATE OR REPLACE FUNCTION assess.delivery_form(exam text, who text)
    RETURNS TABLE (delivery_key text, delivery_form text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    IF NOT pg_has_role(session_user, :'proctor', 'MEMBER') THEN
        PERFORM assess.require_sitting_as(who);
        IF EXISTS (SELECT 1 FROM assess.roster r WHERE r.exam_id = exam)
            AND NOT EXISTS (SELECT 1 FROM assess.roster r WHERE r.exam_id = exam AND r.candidate = who) THEN
            RAISE EXCEPTION USING ERRCODE = '42501',
                MESSAGE = 'candidate ' || who || ' is not on the roster of ' || exam;
        END IF;
        IF EXISTS (SELECT 1 FROM assess.published_exams p WHERE p.exam_id = exam)
            AND NOT EXISTS (SELECT 1 FROM assess.sitting_starts s WHERE s.exam_id = exam AND s.opened_at IS NOT NULL) THEN
            RAISE EXCEPTION USING ERRCODE = 'AS011', MESSAGE = exam;
        END IF;
    END IF;
    RETURN QUERY SELECT p.delivery_key, p.delivery_form FROM assess.published_exams p WHERE p.exam_id = exam;
END $$;
