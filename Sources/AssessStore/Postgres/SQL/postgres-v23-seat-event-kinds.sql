-- v23: the kinds a seat's role may append are rows of a table, not a list restated whole
-- by each migration that adds one (v10, v12, v15, v19, v20 and v22 each did). A migration
-- that gives seats a new kind now adds its row:
--     INSERT INTO assess.seat_event_kinds (kind) VALUES ('hand.raised');
-- Every other kind (a command issued, a mark, an incident, an anchor) is a proctor's.
-- Seats have no privilege on the table; `append_event` reads it as its owner.

CREATE TABLE assess.seat_event_kinds (
    kind text PRIMARY KEY CHECK (kind ~ '^[a-z]+(\.[a-z-]+)+$')
);
REVOKE ALL ON assess.seat_event_kinds FROM PUBLIC;
GRANT SELECT ON assess.seat_event_kinds TO :"proctor";

INSERT INTO assess.seat_event_kinds (kind) SELECT unnest(assess.seat_kinds());

-- `append_event` asks this function, so it stays; it now reads the table.
CREATE OR REPLACE FUNCTION assess.seat_kinds() RETURNS text[]
    LANGUAGE sql STABLE SET search_path = assess, pg_temp AS $$
    SELECT coalesce(array_agg(kind ORDER BY kind), '{}') FROM assess.seat_event_kinds
$$;
REVOKE ALL ON FUNCTION assess.seat_kinds() FROM PUBLIC;
