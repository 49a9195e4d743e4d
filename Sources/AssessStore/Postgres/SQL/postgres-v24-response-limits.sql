-- v24: what a seat's role may write into the answers it adds, on the server's word.
-- An answer's text is at most 1 MiB (ten times what a student types in three hours) and
-- its annotations at most 64 KiB, and one attempt adds at most 600 rows and 32 MiB a
-- minute (a student typing without a pause saves about 120 rows a minute). Past either
-- limit the row is refused with 54000; rows written before v24 are not checked again.
-- A proctor's role adds no answers, so the limits apply to every writer.

ALTER TABLE assess.responses
    ADD CONSTRAINT responses_value_at_most_1_mib CHECK (octet_length(value) <= 1048576) NOT VALID,
    ADD CONSTRAINT responses_annotations_at_most_64_kib CHECK (octet_length(annotations) <= 65536) NOT VALID;

-- Each attempt's window of the last minute's rows and bytes, locked per attempt. Only the
-- attempt's own seat reaches its row (the trigger checks before it locks, since the
-- policies on `responses` are checked after the triggers), so no seat waits on another's.
CREATE TABLE assess.response_windows (
    attempt_id text PRIMARY KEY REFERENCES assess.attempts,
    window_start timestamptz NOT NULL,
    window_rows integer NOT NULL,
    window_bytes bigint NOT NULL
);
REVOKE ALL ON assess.response_windows FROM PUBLIC;

CREATE FUNCTION assess.response_within_rate() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
DECLARE stamp timestamptz := clock_timestamp(); size bigint; windowed assess.response_windows; owner name;
BEGIN
    SELECT a.seat_role INTO owner FROM assess.attempts a WHERE a.id = NEW.attempt_id;
    IF NOT assess.may_act_on(owner) THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'attempt ' || NEW.attempt_id || ' belongs to another seat';
    END IF;
    size := octet_length(NEW.value) + coalesce(octet_length(NEW.annotations), 0);
    INSERT INTO assess.response_windows AS w (attempt_id, window_start, window_rows, window_bytes)
        VALUES (NEW.attempt_id, stamp, 1, size)
        ON CONFLICT (attempt_id) DO UPDATE SET
            window_start = CASE WHEN w.window_start < stamp - interval '1 minute' THEN stamp ELSE w.window_start END,
            window_rows = CASE WHEN w.window_start < stamp - interval '1 minute' THEN 1 ELSE w.window_rows + 1 END,
            window_bytes = CASE WHEN w.window_start < stamp - interval '1 minute' THEN size
                                ELSE w.window_bytes + size END
        RETURNING * INTO windowed;
    IF windowed.window_rows > 600 THEN
        RAISE EXCEPTION USING ERRCODE = '54000', MESSAGE = 'more than 600 answers a minute for one attempt';
    END IF;
    IF windowed.window_bytes > 33554432 THEN
        RAISE EXCEPTION USING ERRCODE = '54000', MESSAGE = 'more than 32 MiB of answers a minute for one attempt';
    END IF;
    RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION assess.response_within_rate() FROM PUBLIC;

-- After the triggers that check the attempt is the seat's and in progress ("responses_to…"
-- sort before "responses_within…"), so a refused row never counts.
CREATE TRIGGER responses_within_rate BEFORE INSERT ON assess.responses
    FOR EACH ROW EXECUTE FUNCTION assess.response_within_rate();
