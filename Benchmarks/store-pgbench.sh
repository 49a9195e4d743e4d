#!/bin/bash
# The store alone, by pgbench: each client a seat that adds one event and one answer to its
# own attempt in one transaction, as fast as it can, for 10 and 100 seats; then pgbench's
# own TPC-B-like load on the same server, for scale. A first look, not yet the issue-27 row
# (seats once a second, durable p99).
#   ASSESS_POSTGRES_FSYNC=on .ci/with-postgres Benchmarks/store-pgbench.sh .build/debug/assess now
set -e
bin=$1; label=$2
base=${ASSESS_TEST_POSTGRES%%\?*}; query=${ASSESS_TEST_POSTGRES#*\?}
db=bench_$label
psql "$ASSESS_TEST_POSTGRES" -qc "CREATE DATABASE $db" 
url="postgresql:///$db?$query"
ASSESS_STORE="$url" $bin store init --seat "benchseat:*" >/dev/null 2>&1 || ASSESS_STORE="$url" $bin store init --seat "benchseat:*"
psql "$url" -qc "INSERT INTO assess.attempts (id, exam_id, exam_key, candidate, status, started_at, is_practice, settings, seat_role, seconds_allowed)
  SELECT 'a' || g, 'algebra', 'k', 'c' || g, 'inProgress', now(), false, '{}', 'benchseat', 3600 FROM generate_series(0, 299) g"
cat > "${TMPDIR:-/tmp}/store-pgbench-seat.sql" <<'SQL'
BEGIN;
SELECT * FROM assess.append_event(0, 0, 'answer.saved', '{"characters":"5","questionID":"q1"}', 'a' || :client_id);
INSERT INTO assess.responses (attempt_id, question_id, value, flagged, saved_at) VALUES ('a' || :client_id, 'q1', '{"text":"abc"}', false, now());
COMMIT;
SQL
for clients in 10 100; do
  echo "== $label, $clients seats"
  pgbench -n -f "${TMPDIR:-/tmp}/store-pgbench-seat.sql" -c $clients -j 2 -T 10 "postgresql:///$db?$query&user=benchseat" 2>&1 | grep -E "latency average|tps|failed"
done
echo "== pgbench's own (tpcb-like, 100 clients) for the same server"
pgbench -i -q -s 10 "$url" >/dev/null 2>&1
pgbench -n -c 100 -j 2 -T 10 "$url" 2>&1 | grep -E "tps|latency average"
