-- v10: the server decides. What a seat's role says about its own attempt is kept as the
-- seat's view; what counts is the server's.
--
-- - Times: an attempt's start, end and answers carry the server's clock
--   (server_started_at, server_ended_at, server_saved_at); the seat's are kept beside.
--   The deadline is the server's start plus the time allowed and the breaks allowed;
--   answers after it plus the exam's grace are kept but not scored (after_deadline), and
--   a submission after it is recorded late.
-- - Roster: an exam with a roster is started by a seat only for a candidate on it.
-- - Terms: a proctor publishes an exam's time (set_exam_terms, which `assess roster` does
--   with the exam file). A seat's start then gets that time, with the extra time and breaks
--   of its roster row (none when not listed), whatever it sends; without published terms
--   the seat's time is kept and the attempt says so (time_from = 'seat').
-- - One attempt per candidate: an attempt of an exam (practice aside) blocks another for
--   the same candidate unless a proctor allows one more (allow_new_attempt).
-- - Endings: a seat's role submits (or times out) its own attempt; abort and interrupt are
--   the proctor's, a practice attempt's aside.
-- - The log: a seat appends only seat kinds, to its own attempt (in progress or ended in
--   the last ten minutes) or to a chain of its own role, each record at most 8 KB and at
--   most 600 a minute a chain. Every record is chained in its own chain (an attempt's, a
--   seat role's, or the room's for proctors), whose head row is locked for the append: no
--   table lock, and a seat holding its transaction open holds only its own chain. The
--   hash covers the chain, the position, the server's time and the writing role; an
--   attempt's head is anchored in the attempt when it ends.
-- - Start codes: wrong tries are counted per seat role and for the whole store (a
--   sequence, which a rolled-back transaction does not undo); past the limits the server
--   refuses to check until a proctor sets a new code.
-- - Seat roles get lock, statement and idle-in-transaction timeouts.

-- Terms -------------------------------------------------------------------------------

CREATE TABLE assess.exam_terms (
    exam_id text PRIMARY KEY,
    seconds_allowed integer CHECK (seconds_allowed > 0),
    grace_seconds integer NOT NULL DEFAULT 120 CHECK (grace_seconds BETWEEN 0 AND 3600),
    set_by name NOT NULL DEFAULT session_user,
    set_at timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT ON assess.exam_terms TO :"proctor";

CREATE FUNCTION assess.set_exam_terms(exam text, seconds integer, grace integer) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    INSERT INTO assess.exam_terms (exam_id, seconds_allowed, grace_seconds) VALUES (exam, seconds, coalesce(grace, 120))
    ON CONFLICT (exam_id) DO UPDATE SET seconds_allowed = EXCLUDED.seconds_allowed,
        grace_seconds = EXCLUDED.grace_seconds, set_by = session_user, set_at = now()
$$;

CREATE TABLE assess.new_attempts_allowed (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    exam_id text NOT NULL,
    candidate text NOT NULL,
    allowed_by name NOT NULL DEFAULT session_user,
    allowed_at timestamptz NOT NULL DEFAULT now(),
    used_by text
);
GRANT SELECT ON assess.new_attempts_allowed TO :"proctor";

CREATE FUNCTION assess.allow_new_attempt(exam text, who text) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    INSERT INTO assess.new_attempts_allowed (exam_id, candidate) VALUES (exam, who)
$$;

ALTER TABLE assess.attempts ADD COLUMN seat_seconds_allowed integer, ADD COLUMN seat_settings text,
    ADD COLUMN time_from text NOT NULL DEFAULT 'seat', ADD COLUMN grace_seconds integer NOT NULL DEFAULT 120,
    ADD COLUMN late boolean NOT NULL DEFAULT false, ADD COLUMN ended_by name, ADD COLUMN chain_head text;
ALTER TABLE assess.responses ADD COLUMN after_deadline boolean NOT NULL DEFAULT false;

CREATE FUNCTION assess.is_proctor() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp
    AS $$ SELECT pg_has_role(session_user, :'proctor', 'MEMBER') $$;

-- The breaks an attempt's settings allow, in seconds, and their count.
CREATE FUNCTION assess.break_count(settings text) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce((CASE WHEN settings ~ '^\s*\{' THEN settings::jsonb END)->'breaks'->>'count', '0')::integer
$$;
CREATE FUNCTION assess.break_seconds(settings text) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$
    SELECT assess.break_count(settings)
         * coalesce((CASE WHEN settings ~ '^\s*\{' THEN settings::jsonb END)->'breaks'->>'minutes', '0')::integer * 60
$$;

-- The server's deadline of an attempt (null when untimed): its server start, the time
-- allowed (with the time a proctor added) and the breaks allowed, extra breaks included.
CREATE FUNCTION assess.deadline(a assess.attempts) RETURNS timestamptz
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT a.server_started_at + make_interval(secs => a.seconds_allowed + assess.break_seconds(a.settings)
        + coalesce((SELECT sum(60 * coalesce(c.minutes, 10)) FROM assess.commands c
                    WHERE c.exam_id = a.exam_id AND c.candidate = a.candidate AND c.action = 'extra-break'
                      AND c.acknowledged_at >= a.server_started_at), 0))
    WHERE a.seconds_allowed IS NOT NULL
$$;

-- Extra time as LaunchSettings encodes it ({"none":{}}, {"multiplier":{"_0":1.5}},
-- {"minutes":{"_0":10}}) applied to `base` seconds, as ExtraTime.seconds(for:) does.
CREATE FUNCTION assess.with_extra_time(base integer, extra jsonb) RETURNS integer
    LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN extra ? 'multiplier' THEN round(base * (extra->'multiplier'->>'_0')::numeric)::integer
                WHEN extra ? 'minutes' THEN base + 60 * (extra->'minutes'->>'_0')::integer
                ELSE base END
$$;

CREATE OR REPLACE FUNCTION assess.start_attempt(exam text, key text, who text, allowed integer,
                                                practice boolean, launch_settings text, at timestamptz)
    RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE running text; created text; terms assess.exam_terms; listed jsonb; seat_view jsonb;
        granted integer := allowed; kept text := launch_settings; source text := 'seat'; permit bigint;
BEGIN
    PERFORM assess.require_sitting_as(who);
    SELECT id INTO running FROM assess.attempts
        WHERE exam_id = exam AND candidate = who AND status = 'inProgress';
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS001', MESSAGE = running;
    END IF;
    SELECT * INTO terms FROM assess.exam_terms t WHERE t.exam_id = exam;
    IF NOT assess.is_proctor() THEN
        -- An attempt that exists blocks another unless a proctor allowed one more.
        IF NOT practice AND EXISTS (SELECT 1 FROM assess.attempts a WHERE a.exam_id = exam AND a.candidate = who
                                                                    AND NOT a.is_practice) THEN
            SELECT n.id INTO permit FROM assess.new_attempts_allowed n
                WHERE n.exam_id = exam AND n.candidate = who AND n.used_by IS NULL ORDER BY n.id LIMIT 1 FOR UPDATE;
            IF NOT FOUND THEN
                RAISE EXCEPTION USING ERRCODE = '42501',
                    MESSAGE = 'candidate ' || who || ' already has an attempt at ' || exam || '; only a proctor allows another';
            END IF;
        END IF;
        -- Extra time and breaks are the roster's (none when not listed), never the seat's;
        -- an exam with a roster is sat by those on it.
        SELECT r.settings::jsonb INTO listed FROM assess.roster r WHERE r.exam_id = exam AND r.candidate = who;
        IF listed IS NULL AND EXISTS (SELECT 1 FROM assess.roster r WHERE r.exam_id = exam) THEN
            RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'candidate ' || who || ' is not on the roster of ' || exam;
        END IF;
        seat_view := CASE WHEN launch_settings ~ '^\s*\{' THEN launch_settings::jsonb END;
        IF seat_view IS NOT NULL AND jsonb_typeof(seat_view) = 'object' AND (listed IS NOT NULL OR seat_view ?| array['extraTime', 'breaks']) THEN
            kept := (seat_view - 'extraTime' - 'breaks'
                     || jsonb_build_object('extraTime', coalesce(listed->'extraTime', '{"none":{}}'::jsonb),
                                           'breaks', coalesce(listed->'breaks', '{"count":0,"minutes":0}'::jsonb)))::text;
        END IF;
        IF terms.exam_id IS NOT NULL THEN
            source := 'terms';
            granted := CASE WHEN terms.seconds_allowed IS NULL THEN NULL
                            ELSE assess.with_extra_time(terms.seconds_allowed, coalesce(listed->'extraTime', '{}'::jsonb)) END;
        END IF;
    ELSIF terms.exam_id IS NOT NULL AND allowed IS NULL THEN
        granted := terms.seconds_allowed;
    END IF;
    INSERT INTO assess.candidates (id, first_seen_at) VALUES (who, now()) ON CONFLICT DO NOTHING;
    INSERT INTO assess.attempts (exam_id, exam_key, candidate, status, started_at, seconds_allowed,
                                 is_practice, settings, last_active_at, seat_seconds_allowed, seat_settings,
                                 time_from, grace_seconds, server_started_at)
        VALUES (exam, key, who, 'inProgress', at, granted, practice, kept, at, allowed, launch_settings,
                CASE WHEN assess.is_proctor() THEN 'proctor' ELSE source END, coalesce(terms.grace_seconds, 120),
                clock_timestamp())
        RETURNING id INTO created;
    IF permit IS NOT NULL THEN
        UPDATE assess.new_attempts_allowed SET used_by = created WHERE id = permit;
    END IF;
    RETURN created;
EXCEPTION WHEN unique_violation THEN
    SELECT id INTO running FROM assess.attempts
        WHERE exam_id = exam AND candidate = who AND status = 'inProgress';
    RAISE EXCEPTION USING ERRCODE = 'AS001', MESSAGE = coalesce(running, '');
END $$;

-- Time used and breaks only grow, and a seat takes no more breaks than allowed.
CREATE OR REPLACE FUNCTION assess.update_progress(attempt text, used integer, question integer, breaks integer,
                                                  at timestamptz)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts;
BEGIN
    chosen := assess.attempt_in_progress(attempt);
    IF NOT assess.is_proctor() THEN
        IF used < chosen.seconds_used OR breaks < chosen.breaks_taken THEN
            RAISE EXCEPTION USING ERRCODE = '42501',
                MESSAGE = 'a seat cannot lower the time used or the breaks taken of attempt ' || attempt;
        END IF;
        IF breaks > chosen.breaks_taken AND breaks > assess.break_count(chosen.settings)
               + (SELECT count(*) FROM assess.commands c WHERE c.exam_id = chosen.exam_id AND c.candidate = chosen.candidate
                      AND c.action = 'extra-break' AND c.acknowledged_at >= chosen.server_started_at) THEN
            RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'attempt ' || attempt || ' has no break left';
        END IF;
    END IF;
    UPDATE assess.attempts SET seconds_used = used, current_question = question, breaks_taken = breaks,
                               last_active_at = at
        WHERE id = attempt;
END $$;

-- The chains --------------------------------------------------------------------------

CREATE TABLE assess.chains (
    chain text PRIMARY KEY,
    position bigint NOT NULL DEFAULT 0,
    hash text NOT NULL DEFAULT repeat('0', 64),
    window_start timestamptz NOT NULL DEFAULT now(),
    window_count integer NOT NULL DEFAULT 0
);
GRANT SELECT ON assess.chains TO :"proctor";

ALTER TABLE assess.events ADD COLUMN chain text, ADD COLUMN position bigint;
CREATE UNIQUE INDEX events_on_chain ON assess.events (chain, position) WHERE chain IS NOT NULL;
CREATE SEQUENCE assess.event_numbers;
SELECT setval('assess.event_numbers', coalesce((SELECT max(sequence) FROM assess.events), 0) + 1, false);

-- The fields as chain_hash (v1) serializes them, without the hashing.
CREATE FUNCTION assess.chain_fields(seq bigint, wall bigint, monotonic numeric,
                                    event_kind text, event_attempt text, event_details text)
    RETURNS text LANGUAGE sql IMMUTABLE SET search_path = assess, pg_temp AS $$
    SELECT netstring(seq::text) || netstring(wall::text) || netstring(monotonic::text)
        || netstring(event_kind) || coalesce(netstring(event_attempt), '-')
        || netstring((SELECT count(*) FROM jsonb_object_keys(event_details::jsonb))::text)
        || coalesce((SELECT string_agg(netstring(key) || netstring(value), '' ORDER BY key COLLATE "C")
                     FROM jsonb_each_text(event_details::jsonb)), '')
$$;

-- A chained record's hash (EventChain.hash with its ServerStamp in the client): the
-- previous hash of its chain, the fields, then the chain, the position, the server's
-- time in microseconds since the epoch and the role that wrote it.
CREATE FUNCTION assess.chained_hash(previous text, seq bigint, wall bigint, monotonic numeric, event_kind text,
                                    event_attempt text, event_details text, chain_name text, chain_position bigint,
                                    at_micros bigint, writer name)
    RETURNS text LANGUAGE sql IMMUTABLE SET search_path = assess, pg_temp AS $$
    SELECT encode(sha256(convert_to(
        previous || chain_fields(seq, wall, monotonic, event_kind, event_attempt, event_details)
        || netstring(chain_name) || netstring(chain_position::text) || netstring(at_micros::text)
        || netstring(writer::text), 'UTF8')), 'hex')
$$;

CREATE FUNCTION assess.micros(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$ SELECT (extract(epoch FROM t) * 1000000)::bigint $$;

-- The kinds a seat's role may append: what a sitting logs, its account of a proctor's
-- command among them. The rest (a command issued, a mark, an interruption) are a proctor's.
CREATE FUNCTION assess.seat_kinds() RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY[
    'lock.requested', 'lock.granted', 'lock.refused', 'lock.declined', 'lock.released', 'lock.expired',
    'lock.step-reverted', 'lock.undo-failed', 'lock.stale-found', 'lock.stale-cleared', 'lock.ended-by-reboot',
    'clipboard.cleared', 'clipboard.clear-failed', 'suggestions.changed', 'paste.rejection-changed',
    'paste.rejected', 'key.quit-ignored', 'answer.saved', 'exam.started', 'exam.submitted', 'timer.warning',
    'lock.end-warning', 'terminal.too-small', 'terminal.size-restored', 'session.interrupted',
    'accessibility.set', 'accessibility.changed', 'store.outage', 'lease.taken-over', 'restriction.changed',
    'suggestions.turned-off', 'launch.accommodations', 'proctor.password-rejected', 'proctor.prompt-locked',
    'proctor.password-accepted', 'exam.paused', 'exam.unpaused', 'exam.time-added', 'exam.ended-by-proctor',
    'attempt.aborted', 'break.started', 'break.ended', 'attempt.resumed', 'proctor.command',
    'proctor.command-refused'] $$;

-- Appends one record to its chain, whose head row it locks (a row lock: another chain's
-- appends go on). Errors: 42501 a kind or an attempt not the caller's, AS002 unknown
-- attempt, AS003 an attempt no longer open to the seat, 54000 a record too large or too many.
CREATE OR REPLACE FUNCTION assess.append_event(wall bigint, monotonic numeric, event_kind text, event_details text,
                                               event_attempt text)
    RETURNS TABLE (sequence bigint, hash text)
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp SET lock_timeout = '5s' AS $$
DECLARE proctor boolean := assess.is_proctor(); owner name; state text; ended timestamptz; chain_name text;
        head assess.chains; number bigint; stamp timestamptz := clock_timestamp(); next_hash text;
BEGIN
    IF NOT proctor THEN
        IF NOT event_kind = ANY (assess.seat_kinds()) THEN
            RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'a seat may not append records of kind ' || event_kind;
        END IF;
        IF octet_length(event_kind) + octet_length(event_details) > 8192 THEN
            RAISE EXCEPTION USING ERRCODE = '54000', MESSAGE = 'an event record of a seat is at most 8 KB';
        END IF;
    END IF;
    IF event_attempt IS NOT NULL THEN
        SELECT a.seat_role, a.status, a.server_ended_at INTO owner, state, ended FROM assess.attempts a WHERE a.id = event_attempt;
        IF NOT FOUND THEN
            IF NOT proctor THEN
                RAISE EXCEPTION USING ERRCODE = 'AS002', MESSAGE = event_attempt;
            END IF;
        ELSIF NOT assess.may_act_on(owner) THEN
            RAISE EXCEPTION USING ERRCODE = '42501',
                MESSAGE = 'attempt ' || event_attempt || ' belongs to another seat';
        ELSIF NOT proctor AND state <> 'inProgress' AND ended < now() - interval '10 minutes' THEN
            RAISE EXCEPTION USING ERRCODE = 'AS003', MESSAGE = state;
        END IF;
    END IF;
    chain_name := CASE WHEN proctor THEN 'room'
                       WHEN event_attempt IS NOT NULL THEN 'attempt:' || event_attempt
                       ELSE 'seat:' || session_user END;
    INSERT INTO assess.chains (chain) VALUES (chain_name) ON CONFLICT DO NOTHING;
    SELECT * INTO head FROM assess.chains c WHERE c.chain = chain_name FOR UPDATE;
    IF head.window_start < stamp - interval '1 minute' THEN
        head.window_start := stamp;
        head.window_count := 0;
    END IF;
    IF NOT proctor AND head.window_count >= 600 THEN
        RAISE EXCEPTION USING ERRCODE = '54000', MESSAGE = 'more than 600 records a minute from one seat';
    END IF;
    number := nextval('assess.event_numbers');
    next_hash := assess.chained_hash(head.hash, number, wall, monotonic, event_kind, event_attempt, event_details,
                                     chain_name, head.position + 1, assess.micros(stamp), session_user);
    INSERT INTO assess.events (sequence, wall_milliseconds, monotonic_nanoseconds, kind, details, attempt, hash,
                               chain, position, server_time, seat_role)
        VALUES (number, wall, monotonic, event_kind, event_details, event_attempt, next_hash,
                chain_name, head.position + 1, stamp, session_user);
    UPDATE assess.chains c SET position = head.position + 1, hash = next_hash,
                               window_start = head.window_start, window_count = head.window_count + 1
        WHERE c.chain = chain_name;
    RETURN QUERY SELECT number, next_hash;
END $$;

-- Endings -----------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION assess.finish_attempt(attempt text, ending text, given_receipt text, at timestamptz)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts; head text;
BEGIN
    chosen := assess.attempt_in_progress(attempt);
    IF NOT assess.is_proctor() AND ending NOT IN ('submitted', 'timedOut') AND NOT chosen.is_practice THEN
        RAISE EXCEPTION USING ERRCODE = '42501',
            MESSAGE = 'only a proctor ends attempt ' || attempt || ' as ' || ending;
    END IF;
    SELECT c.position || ':' || c.hash INTO head FROM assess.chains c WHERE c.chain = 'attempt:' || attempt;
    UPDATE assess.attempts a SET status = ending, receipt = given_receipt, ended_at = at, server_ended_at = clock_timestamp(),
                                 ended_by = session_user, chain_head = head,
                                 late = coalesce(clock_timestamp() > assess.deadline(chosen) + make_interval(secs => chosen.grace_seconds), false)
        WHERE a.id = attempt;
END $$;

-- Answers after the deadline and its grace are kept, and not scored.
CREATE OR REPLACE FUNCTION assess.response_to_attempt_in_progress() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE chosen assess.attempts;
BEGIN
    SELECT * INTO chosen FROM assess.attempts WHERE id = NEW.attempt_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'AS002', MESSAGE = NEW.attempt_id;
    END IF;
    IF chosen.status <> 'inProgress' THEN
        RAISE EXCEPTION USING ERRCODE = 'AS003', MESSAGE = chosen.status;
    END IF;
    NEW.server_saved_at := clock_timestamp();
    NEW.after_deadline := coalesce(NEW.server_saved_at > assess.deadline(chosen) + make_interval(secs => chosen.grace_seconds), false);
    RETURN NEW;
END $$;

-- Start codes -------------------------------------------------------------------------

CREATE TABLE assess.start_code_tries (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    exam_id text NOT NULL,
    seat_role name NOT NULL DEFAULT session_user,
    tried_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    matched boolean NOT NULL
);
CREATE INDEX start_code_tries_on_seat ON assess.start_code_tries (exam_id, seat_role, tried_at);
GRANT SELECT ON assess.start_code_tries TO :"proctor";
-- Every wrong try of the store, counted outside any transaction.
CREATE SEQUENCE assess.start_code_wrong;
ALTER TABLE assess.sitting_starts ADD COLUMN wrong_mark bigint NOT NULL DEFAULT 0;

CREATE FUNCTION assess.wrong_start_codes() RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM assess.start_code_wrong
$$;

CREATE OR REPLACE FUNCTION assess.set_start_code(exam text, code text) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
    INSERT INTO assess.sitting_starts (exam_id, code_hash, code_set_by, code_set_at, wrong_mark)
    VALUES (exam, encode(sha256(convert_to(exam || ':' || code, 'UTF8')), 'hex'), session_user, now(),
            assess.wrong_start_codes())
    ON CONFLICT (exam_id) DO UPDATE
        SET code_hash = EXCLUDED.code_hash, code_set_by = EXCLUDED.code_set_by, code_set_at = EXCLUDED.code_set_at,
            wrong_mark = EXCLUDED.wrong_mark
$$;

-- At most 10 wrong tries a seat role and 200 in the whole store for one code; then the
-- server refuses to check (42501) until a proctor sets a new code.
DROP FUNCTION assess.start_code_matches(text, text);
CREATE FUNCTION assess.start_code_matches(exam text, code text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE start assess.sitting_starts; right_code boolean;
BEGIN
    SELECT * INTO start FROM assess.sitting_starts s WHERE s.exam_id = exam;
    IF NOT FOUND OR start.code_hash IS NULL THEN
        RETURN false;
    END IF;
    IF NOT assess.is_proctor() THEN
        IF (SELECT count(*) FROM assess.start_code_tries t WHERE t.exam_id = exam AND t.seat_role = session_user
                AND NOT t.matched AND t.tried_at >= start.code_set_at) >= 10
           OR assess.wrong_start_codes() - start.wrong_mark >= 200 THEN
            RAISE EXCEPTION USING ERRCODE = '42501',
                MESSAGE = 'too many wrong start codes for ' || exam || '; the proctor gives a new one';
        END IF;
    END IF;
    right_code := start.code_hash = encode(sha256(convert_to(exam || ':' || code, 'UTF8')), 'hex');
    IF NOT right_code THEN
        PERFORM nextval('assess.start_code_wrong');
    END IF;
    INSERT INTO assess.start_code_tries (exam_id, matched) VALUES (exam, right_code);
    RETURN right_code;
END $$;

-- Grants ------------------------------------------------------------------------------

REVOKE ALL ON FUNCTION assess.set_exam_terms(text, integer, integer), assess.allow_new_attempt(text, text),
    assess.is_proctor(), assess.break_count(text), assess.break_seconds(text), assess.deadline(assess.attempts),
    assess.with_extra_time(integer, jsonb), assess.chain_fields(bigint, bigint, numeric, text, text, text),
    assess.chained_hash(text, bigint, bigint, numeric, text, text, text, text, bigint, bigint, name),
    assess.micros(timestamptz), assess.seat_kinds(), assess.wrong_start_codes(),
    assess.start_code_matches(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.set_exam_terms(text, integer, integer), assess.allow_new_attempt(text, text)
    TO :"proctor";
GRANT EXECUTE ON FUNCTION assess.start_code_matches(text, text) TO :"seat", :"proctor";

-- No seat session holds anything long: the timeouts of every seat role there is
-- (store init's grant sets them for the roles it makes from now on).
DO $$
DECLARE member name;
BEGIN
    FOR member IN SELECT r.rolname FROM pg_catalog.pg_auth_members m
                  JOIN pg_catalog.pg_roles r ON r.oid = m.member
                  JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
                  WHERE g.rolname = :'seat' LOOP
        EXECUTE format('ALTER ROLE %I SET lock_timeout = %L', member, '2s');
        EXECUTE format('ALTER ROLE %I SET statement_timeout = %L', member, '15s');
        EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = %L', member, '5s');
    END LOOP;
END $$;
