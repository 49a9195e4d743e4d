-- v1: attempts, candidates, append-only responses, the hash-chained event log,
-- results; the functions seats and proctors write through; the grants and policies.

GRANT USAGE ON SCHEMA assess TO :"seat", :"proctor";
GRANT SELECT ON assess.migrations TO :"seat", :"proctor";

CREATE TABLE assess.attempts (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    exam_id text NOT NULL,
    exam_key text NOT NULL,
    candidate text NOT NULL,
    status text NOT NULL CHECK (status IN ('inProgress', 'submitted', 'timedOut', 'interrupted', 'aborted')),
    started_at timestamptz NOT NULL,
    ended_at timestamptz,
    seconds_allowed integer,
    seconds_used integer NOT NULL DEFAULT 0,
    receipt text,
    is_practice boolean NOT NULL,
    settings text NOT NULL,
    current_question integer NOT NULL DEFAULT 0,
    breaks_taken integer NOT NULL DEFAULT 0,
    last_active_at timestamptz,
    seat_role name NOT NULL DEFAULT session_user,
    server_started_at timestamptz NOT NULL DEFAULT now(),
    server_ended_at timestamptz
);
CREATE INDEX attempts_on_exam_candidate ON assess.attempts (exam_id, candidate);
CREATE UNIQUE INDEX attempts_one_in_progress ON assess.attempts (exam_id, candidate) WHERE status = 'inProgress';
CREATE INDEX attempts_on_receipt ON assess.attempts (receipt);
CREATE INDEX attempts_on_seat_role ON assess.attempts (seat_role);

CREATE TABLE assess.candidates (
    id text PRIMARY KEY,
    first_seen_at timestamptz NOT NULL
);

-- Append-only: a change is a new row; the newest row of a question is its answer.
CREATE TABLE assess.responses (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    attempt_id text NOT NULL REFERENCES assess.attempts,
    question_id text NOT NULL,
    value text NOT NULL,
    flagged boolean NOT NULL,
    saved_at timestamptz NOT NULL,
    server_saved_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responses_on_attempt ON assess.responses (attempt_id, question_id, id);

CREATE TABLE assess.events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sequence bigint NOT NULL UNIQUE,
    wall_milliseconds bigint NOT NULL,
    monotonic_nanoseconds numeric(20) NOT NULL,
    kind text NOT NULL,
    details text NOT NULL,
    attempt text,
    hash text NOT NULL,
    seat_role name NOT NULL DEFAULT session_user,
    server_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_on_attempt ON assess.events (attempt, sequence);
CREATE INDEX events_on_seat_role ON assess.events (seat_role);

CREATE TABLE assess.results (
    attempt_id text PRIMARY KEY REFERENCES assess.attempts,
    exam_key text NOT NULL,
    awarded double precision NOT NULL,
    maximum double precision NOT NULL,
    awaiting_manual_marking integer NOT NULL,
    computed_at timestamptz NOT NULL,
    server_computed_at timestamptz NOT NULL DEFAULT now()
);

-- Errors the client turns into StoreError: AS001 already in progress (message: its
-- id), AS002 unknown attempt, AS003 not in progress (message: its status), and
-- 42501 for what the caller may not do.

-- Whether the login role may act on an attempt: the seat that started it, a proctor.
CREATE FUNCTION assess.may_act_on(owner name) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp
    AS $$ SELECT owner = session_user OR pg_has_role(session_user, :'proctor', 'MEMBER') $$;

-- The attempt, locked, which must exist, be the caller's to act on and be in progress.
CREATE FUNCTION assess.attempt_in_progress(attempt text) RETURNS assess.attempts
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts;
BEGIN
    SELECT * INTO chosen FROM assess.attempts WHERE id = attempt FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS002', MESSAGE = attempt;
    END IF;
    IF NOT assess.may_act_on(chosen.seat_role) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'attempt ' || attempt || ' belongs to another seat';
    END IF;
    IF chosen.status <> 'inProgress' THEN
        RAISE EXCEPTION USING ERRCODE = 'AS003', MESSAGE = chosen.status;
    END IF;
    RETURN chosen;
END $$;

CREATE FUNCTION assess.start_attempt(exam text, key text, who text, allowed integer,
                                     practice boolean, launch_settings text, at timestamptz)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE running text; created text;
BEGIN
    SELECT id INTO running FROM assess.attempts
        WHERE exam_id = exam AND candidate = who AND status = 'inProgress';
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS001', MESSAGE = running;
    END IF;
    INSERT INTO assess.candidates (id, first_seen_at) VALUES (who, at) ON CONFLICT DO NOTHING;
    INSERT INTO assess.attempts (exam_id, exam_key, candidate, status, started_at, seconds_allowed,
                                 is_practice, settings, last_active_at)
        VALUES (exam, key, who, 'inProgress', at, allowed, practice, launch_settings, at)
        RETURNING id INTO created;
    RETURN created;
EXCEPTION WHEN unique_violation THEN
    -- Another seat started one at the same moment.
    SELECT id INTO running FROM assess.attempts
        WHERE exam_id = exam AND candidate = who AND status = 'inProgress';
    RAISE EXCEPTION USING ERRCODE = 'AS001', MESSAGE = coalesce(running, '');
END $$;

CREATE FUNCTION assess.update_progress(attempt text, used integer, question integer, breaks integer, at timestamptz)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    PERFORM assess.attempt_in_progress(attempt);
    UPDATE assess.attempts SET seconds_used = used, current_question = question, breaks_taken = breaks,
                               last_active_at = at
        WHERE id = attempt;
END $$;

CREATE FUNCTION assess.update_seconds_allowed(attempt text, seconds integer)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    PERFORM assess.attempt_in_progress(attempt);
    UPDATE assess.attempts SET seconds_allowed = seconds WHERE id = attempt;
END $$;

CREATE FUNCTION assess.finish_attempt(attempt text, ending text, given_receipt text, at timestamptz)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    PERFORM assess.attempt_in_progress(attempt);
    UPDATE assess.attempts SET status = ending, receipt = given_receipt, ended_at = at, server_ended_at = now()
        WHERE id = attempt;
END $$;

-- A response may only be added to an attempt in progress (for everyone, owner too).
CREATE FUNCTION assess.response_to_attempt_in_progress() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE state text;
BEGIN
    SELECT status INTO state FROM assess.attempts WHERE id = NEW.attempt_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS002', MESSAGE = NEW.attempt_id;
    END IF;
    IF state <> 'inProgress' THEN
        RAISE EXCEPTION USING ERRCODE = 'AS003', MESSAGE = state;
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER responses_to_attempts_in_progress BEFORE INSERT ON assess.responses
    FOR EACH ROW EXECUTE FUNCTION assess.response_to_attempt_in_progress();

-- The event log's hash, exactly as EventChain computes it in the client:
-- SHA-256 of the previous hash and the record's fields as netstrings.
CREATE FUNCTION assess.netstring(value text) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$ SELECT octet_length(value) || ':' || value || ',' $$;
CREATE FUNCTION assess.chain_hash(previous text, seq bigint, wall bigint, monotonic numeric,
                                  event_kind text, event_attempt text, event_details text)
    RETURNS text LANGUAGE sql IMMUTABLE SET search_path = assess, pg_temp AS $$
    SELECT encode(sha256(convert_to(
        previous || netstring(seq::text) || netstring(wall::text) || netstring(monotonic::text)
        || netstring(event_kind) || coalesce(netstring(event_attempt), '-')
        || netstring((SELECT count(*) FROM jsonb_object_keys(event_details::jsonb))::text)
        || coalesce((SELECT string_agg(netstring(key) || netstring(value), '' ORDER BY key COLLATE "C")
                     FROM jsonb_each_text(event_details::jsonb)), ''),
        'UTF8')), 'hex')
$$;

-- Appends one record after the last one of the whole log, which only this
-- function writes, one caller at a time. A seat may tag its own attempts only.
CREATE FUNCTION assess.append_event(wall bigint, monotonic numeric, event_kind text, event_details text,
                                    event_attempt text)
    RETURNS TABLE (sequence bigint, hash text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE owner name; last_sequence bigint; last_hash text; next_hash text;
BEGIN
    IF event_attempt IS NOT NULL THEN
        SELECT seat_role INTO owner FROM assess.attempts WHERE id = event_attempt;
        IF FOUND AND NOT assess.may_act_on(owner) THEN
            RAISE EXCEPTION USING ERRCODE = '42501',
                MESSAGE = 'attempt ' || event_attempt || ' belongs to another seat';
        END IF;
    END IF;
    LOCK TABLE assess.events IN EXCLUSIVE MODE;
    SELECT e.sequence, e.hash INTO last_sequence, last_hash FROM assess.events e ORDER BY e.sequence DESC LIMIT 1;
    last_sequence := coalesce(last_sequence, 0) + 1;
    next_hash := assess.chain_hash(coalesce(last_hash, repeat('0', 64)), last_sequence, wall, monotonic,
                                   event_kind, event_attempt, event_details);
    INSERT INTO assess.events (sequence, wall_milliseconds, monotonic_nanoseconds, kind, details, attempt, hash)
        VALUES (last_sequence, wall, monotonic, event_kind, event_details, event_attempt, next_hash);
    RETURN QUERY SELECT last_sequence, next_hash;
END $$;

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA assess FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.start_attempt(text, text, text, integer, boolean, text, timestamptz),
    assess.update_progress(text, integer, integer, integer, timestamptz),
    assess.update_seconds_allowed(text, integer),
    assess.finish_attempt(text, text, text, timestamptz),
    assess.append_event(bigint, numeric, text, text, text)
    TO :"seat", :"proctor";

-- A seat reads its own rows and adds responses to its own attempts; nothing else.
GRANT SELECT ON assess.attempts, assess.events TO :"seat";
GRANT SELECT, INSERT (attempt_id, question_id, value, flagged, saved_at) ON assess.responses TO :"seat";
GRANT SELECT ON ALL TABLES IN SCHEMA assess TO :"proctor";
GRANT INSERT, UPDATE ON assess.results TO :"proctor";

ALTER TABLE assess.attempts ENABLE ROW LEVEL SECURITY;
ALTER TABLE assess.responses ENABLE ROW LEVEL SECURITY;
ALTER TABLE assess.events ENABLE ROW LEVEL SECURITY;
CREATE POLICY seat_reads_its_own ON assess.attempts FOR SELECT TO :"seat" USING (seat_role = current_user);
CREATE POLICY proctor_reads_all ON assess.attempts FOR SELECT TO :"proctor" USING (true);
CREATE POLICY seat_reads_its_own ON assess.responses FOR SELECT TO :"seat"
    USING (EXISTS (SELECT 1 FROM assess.attempts a WHERE a.id = attempt_id AND a.seat_role = current_user));
CREATE POLICY seat_adds_to_its_own ON assess.responses FOR INSERT TO :"seat"
    WITH CHECK (EXISTS (SELECT 1 FROM assess.attempts a WHERE a.id = attempt_id AND a.seat_role = current_user));
CREATE POLICY proctor_reads_all ON assess.responses FOR SELECT TO :"proctor" USING (true);
CREATE POLICY seat_reads_its_own ON assess.events FOR SELECT TO :"seat" USING (seat_role = current_user);
CREATE POLICY proctor_reads_all ON assess.events FOR SELECT TO :"proctor" USING (true);
