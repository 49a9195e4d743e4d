-- v14: pools. A section of a published exam may say `select: N`; a seat's role is sent only
-- the N questions drawn for its candidate, so the prompts and choices of the others never
-- reach it. The draw is `PoolDraw`'s (AssessExam), made here by the server: the seed is
-- SHA-256(delivery key ‖ "\n" ‖ candidate), each question of the pool is ranked by
-- SHA-256(seed ‖ "\n" ‖ its id), compared byte by byte, and the N lowest are kept in their
-- order. The form sent names the candidate (`drawnFor`), since its own key is no longer the
-- exam's. A proctor still reads the whole form. A replaced function keeps its owner and
-- its grants.

-- The delivery form `form` (JSON) as drawn for `who` under the delivery key `key`. A form
-- without a pool is returned as it is, byte for byte.
CREATE FUNCTION assess.drawn_form(form text, key text, who text) RETURNS text
    LANGUAGE sql IMMUTABLE SET search_path = assess, pg_temp AS $$
    SELECT CASE WHEN position('"select":' IN form) = 0 THEN form ELSE (
        SELECT (jsonb_set(f, '{sections}', COALESCE((
            SELECT jsonb_agg(
                CASE WHEN s.section ? 'select' THEN jsonb_set(s.section, '{questions}', COALESCE((
                    SELECT jsonb_agg(d.question ORDER BY d.position)
                    FROM (
                        SELECT q.question, q.position
                        FROM jsonb_array_elements(s.section -> 'questions') WITH ORDINALITY AS q(question, position)
                        ORDER BY sha256(seed || convert_to(E'\n' || (q.question ->> 'id'), 'UTF8')), q.position
                        LIMIT (s.section ->> 'select')::integer
                    ) d), '[]'::jsonb))
                ELSE s.section END ORDER BY s.position)
            FROM jsonb_array_elements(f -> 'sections') WITH ORDINALITY AS s(section, position)), '[]'::jsonb))
            || jsonb_build_object('drawnFor', who))::text
        FROM (SELECT form::jsonb AS f, sha256(convert_to(key || E'\n' || who, 'UTF8')) AS seed) x)
    END
$$;
REVOKE ALL ON FUNCTION assess.drawn_form(text, text, text) FROM PUBLIC;

-- v13's, with the form drawn for a seat: a seat's role reads only its candidate's questions,
-- and still only once the proctor has opened the sitting.
CREATE OR REPLACE FUNCTION assess.delivery_form(exam text, who text)
    RETURNS TABLE (delivery_key text, delivery_form text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    IF pg_has_role(session_user, :'proctor', 'MEMBER') THEN
        RETURN QUERY SELECT p.delivery_key, p.delivery_form FROM assess.published_exams p WHERE p.exam_id = exam;
        RETURN;
    END IF;
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
    RETURN QUERY SELECT p.delivery_key, assess.drawn_form(p.delivery_form, p.delivery_key, who)
        FROM assess.published_exams p WHERE p.exam_id = exam;
END $$;
