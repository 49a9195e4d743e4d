-- v16: answers and log records no longer send a notification. PostgreSQL serializes the
-- commits of the transactions that notified (each holds the notification queue's lock from
-- before its commit record until that is flushed), so a NOTIFY per answer and per log record
-- made a whole lab's commits go one fsync at a time: the store alone held 50 to 100 seats
-- on the benchmark's machine (docs/performance.md, "The store alone"). Each such statement
-- now moves a sequence instead, which holds nothing until the commit, and a monitor reads
-- the sequence's last value a few times a second beside its LISTEN, which still carries the
-- rarer changes (attempts, leases, commands, the roster, openings). A sequence moved by a
-- statement that then rolled back only wakes a monitor for nothing.
CREATE SEQUENCE assess.room_version;
GRANT SELECT ON SEQUENCE assess.room_version TO :"proctor";

-- Runs as the schema's owner, so that a seat's role needs no privilege on the sequence.
CREATE FUNCTION assess.room_version_moved() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = assess, pg_temp AS $$
BEGIN
    PERFORM nextval('assess.room_version');
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION assess.room_version_moved() FROM PUBLIC;

DROP TRIGGER room_changed ON assess.responses;
DROP TRIGGER room_changed ON assess.events;
CREATE TRIGGER room_version_moved AFTER INSERT ON assess.responses
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_version_moved();
CREATE TRIGGER room_version_moved AFTER INSERT ON assess.events
    FOR EACH STATEMENT EXECUTE FUNCTION assess.room_version_moved();
