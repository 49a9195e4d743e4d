/// The PostgreSQL schema, as a list of named migrations, and the two group roles it
/// grants to.
///
/// A migration that has shipped is never edited: a change is a new migration appended to
/// `migrations`. Only `assess store init` (the school's admin, a superuser) runs them; a
/// seat or a proctor only checks that the schema is the one it knows (`PostgresStore`).
///
/// Everything lives in the schema `assess`. Rights are the server's to enforce:
/// - `<database>_seat`, the group of every seat's (or candidate's) login role, may read
///   its own attempts, responses and events only (row-level security on the login role
///   that wrote them), add responses to its own attempts in progress, and change attempts
///   and the log only through narrow `SECURITY DEFINER` functions that check the caller.
///   It can update or delete nothing.
/// - `<database>_proctor` reads everything, keeps results, and ends any attempt through
///   the same functions.
/// Every row carries the server's own time (`now()`) beside the seat's clock, in a column
/// no seat may write.
enum PostgresSchema {
    /// The names of the group roles for `database`: a database of its own keeps roles of
    /// its own, so two stores on one server share nothing.
    struct Roles {
        /// The seats' group role, e.g. `assess_seat`.
        let seat: String
        /// The proctors' group role, e.g. `assess_proctor`.
        let proctor: String

        init(database: String) {
            seat = "\(database)_seat"
            proctor = "\(database)_proctor"
        }
    }

    /// Every migration, in order: a name and its SQL for `roles`.
    static func migrations(_ roles: Roles) -> [(name: String, sql: String)] {
        [("v1", v1(roles)), ("v2", v2(roles)), ("v3", v3(roles)), ("v4", RoomSchema.postgres(roles)),
         ("v5", MarkSchema.postgres(roles)), ("v6", RosterSchema.postgres(roles)),
         ("v7", SeatNewsSchema.postgres(roles)), ("v8", SeatNewsSchema.commandsAcknowledged(roles)),
         ("v9", v9(roles))]
    }

    /// The names of every migration this build knows, in order.
    static var migrationNames: [String] {
        migrations(Roles(database: "assess")).map(\.name)
    }

    /// `name` as an SQL identifier, quoted.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Creates the table that records which migrations ran, if missing; run before any.
    static let migrationsTable = """
        CREATE SCHEMA IF NOT EXISTS assess;
        CREATE TABLE IF NOT EXISTS assess.migrations (
            name text PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        );
        """

    /// `v1`: attempts, candidates, append-only responses, the hash-chained event log,
    /// results; the functions seats and proctors write through; the grants and policies.
    private static func v1(_ roles: Roles) -> String {
        let seat = identifier(roles.seat)
        let proctor = identifier(roles.proctor)
        let proctorName = literal(roles.proctor)
        return """
        GRANT USAGE ON SCHEMA assess TO \(seat), \(proctor);
        GRANT SELECT ON assess.migrations TO \(seat), \(proctor);

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
            AS $$ SELECT owner = session_user OR pg_has_role(session_user, \(proctorName), 'MEMBER') $$;

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
            TO \(seat), \(proctor);

        -- A seat reads its own rows and adds responses to its own attempts; nothing else.
        GRANT SELECT ON assess.attempts, assess.events TO \(seat);
        GRANT SELECT, INSERT (attempt_id, question_id, value, flagged, saved_at) ON assess.responses TO \(seat);
        GRANT SELECT ON ALL TABLES IN SCHEMA assess TO \(proctor);
        GRANT INSERT, UPDATE ON assess.results TO \(proctor);

        ALTER TABLE assess.attempts ENABLE ROW LEVEL SECURITY;
        ALTER TABLE assess.responses ENABLE ROW LEVEL SECURITY;
        ALTER TABLE assess.events ENABLE ROW LEVEL SECURITY;
        CREATE POLICY seat_reads_its_own ON assess.attempts FOR SELECT TO \(seat) USING (seat_role = current_user);
        CREATE POLICY proctor_reads_all ON assess.attempts FOR SELECT TO \(proctor) USING (true);
        CREATE POLICY seat_reads_its_own ON assess.responses FOR SELECT TO \(seat)
            USING (EXISTS (SELECT 1 FROM assess.attempts a WHERE a.id = attempt_id AND a.seat_role = current_user));
        CREATE POLICY seat_adds_to_its_own ON assess.responses FOR INSERT TO \(seat)
            WITH CHECK (EXISTS (SELECT 1 FROM assess.attempts a WHERE a.id = attempt_id AND a.seat_role = current_user));
        CREATE POLICY proctor_reads_all ON assess.responses FOR SELECT TO \(proctor) USING (true);
        CREATE POLICY seat_reads_its_own ON assess.events FOR SELECT TO \(seat) USING (seat_role = current_user);
        CREATE POLICY proctor_reads_all ON assess.events FOR SELECT TO \(proctor) USING (true);
        """
    }

    /// `v2`: leases, one per (exam, candidate), timed by the server's clock and written only
    /// through `take_lease` and `release_lease`: a seat takes a lease that is free, its own
    /// or lost (not renewed for 30 s), and releases only its own.
    private static func v2(_ roles: Roles) -> String {
        let seat = identifier(roles.seat)
        let proctor = identifier(roles.proctor)
        return """
        CREATE TABLE assess.leases (
            exam_id text NOT NULL,
            candidate text NOT NULL,
            holder text NOT NULL,
            host text NOT NULL,
            tty text,
            pid integer NOT NULL,
            since timestamptz NOT NULL DEFAULT now(),
            renewed_at timestamptz NOT NULL DEFAULT now(),
            seat_role name NOT NULL DEFAULT session_user,
            PRIMARY KEY (exam_id, candidate)
        );

        CREATE FUNCTION assess.take_lease(exam text, who text, token text, on_host text, on_tty text, on_pid integer)
            RETURNS TABLE (lease_holder text, lease_host text, lease_tty text, lease_pid integer, lease_since bigint)
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
        DECLARE held assess.leases;
        BEGIN
            INSERT INTO assess.leases (exam_id, candidate, holder, host, tty, pid) VALUES (exam, who, token, on_host, on_tty, on_pid)
                ON CONFLICT DO NOTHING;
            SELECT * INTO held FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who FOR UPDATE;
            IF held.holder = token AND held.seat_role = session_user THEN
                UPDATE assess.leases l SET renewed_at = now() WHERE l.exam_id = exam AND l.candidate = who;
            ELSIF held.renewed_at < now() - interval '\(Int(Lease.lostAfter)) seconds' THEN
                UPDATE assess.leases l SET holder = token, host = on_host, tty = on_tty, pid = on_pid, since = now(), renewed_at = now(),
                                           seat_role = session_user
                    WHERE l.exam_id = exam AND l.candidate = who;
            END IF;
            RETURN QUERY SELECT l.holder, l.host, l.tty, l.pid, floor(extract(epoch FROM l.since) * 1000)::bigint
                FROM assess.leases l WHERE l.exam_id = exam AND l.candidate = who;
        END $$;

        CREATE FUNCTION assess.release_lease(exam text, who text, token text)
            RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
            DELETE FROM assess.leases WHERE exam_id = exam AND candidate = who AND holder = token AND seat_role = session_user
        $$;

        REVOKE ALL ON FUNCTION assess.take_lease(text, text, text, text, text, integer), assess.release_lease(text, text, text) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION assess.take_lease(text, text, text, text, text, integer), assess.release_lease(text, text, text)
            TO \(seat), \(proctor);
        GRANT SELECT ON assess.leases TO \(proctor);
        """
    }
}
