-- v17: every ended attempt's head is anchored in the room's chain. An attempt's records are
-- chained in its own chain, whose head the server keeps in the attempt when it ends (v10);
-- someone who could rewrite the tables could still rewrite one attempt whole, its chain and
-- that head alike. Here a proctor-side writer appends, for each ended attempt in the order
-- they ended, an `attempt.anchored` record naming the attempt and its head to the room's
-- chain: rewriting an attempt then means rewriting the room's chain from its anchor on,
-- which the room's head (printed by `assess log --verify` for the proctor to keep) gives
-- away. Seats never write the room's chain and hold no lock on it: the anchoring runs in a
-- proctor's session (the monitor's reads of the room, `log --verify`), and an attempt whose
-- row a seat holds is skipped and anchored at the next run.
ALTER TABLE assess.attempts ADD COLUMN anchored_sequence bigint;
CREATE INDEX attempts_awaiting_anchor ON assess.attempts (server_ended_at, id)
    WHERE chain_head IS NOT NULL AND anchored_sequence IS NULL;

-- Anchors every ended attempt not yet anchored; returns how many. A proctor's only.
CREATE FUNCTION assess.anchor_ended_attempts() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp SET lock_timeout = '2s' AS $$
DECLARE ended record; logged record; anchored integer := 0;
BEGIN
    IF NOT assess.is_proctor() THEN
        RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = 'only a proctor anchors attempts in the room''s chain';
    END IF;
    FOR ended IN SELECT a.id, a.chain_head FROM assess.attempts a
                 WHERE a.chain_head IS NOT NULL AND a.anchored_sequence IS NULL
                 ORDER BY a.server_ended_at, a.id FOR UPDATE SKIP LOCKED LOOP
        SELECT * INTO logged FROM assess.append_event(
            (extract(epoch FROM clock_timestamp()) * 1000)::bigint, 0, 'attempt.anchored',
            jsonb_build_object('attempt', ended.id, 'head', ended.chain_head)::text, ended.id);
        UPDATE assess.attempts a SET anchored_sequence = logged.sequence WHERE a.id = ended.id;
        anchored := anchored + 1;
    END LOOP;
    RETURN anchored;
END $$;
REVOKE ALL ON FUNCTION assess.anchor_ended_attempts() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION assess.anchor_ended_attempts() TO :"proctor";
