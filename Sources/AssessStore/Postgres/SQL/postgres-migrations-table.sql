-- Which migrations ran (their recorded names); created before any runs.

CREATE SCHEMA IF NOT EXISTS assess;
CREATE TABLE IF NOT EXISTS assess.migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
);
