-- The analysts' watch rules and what they fired (SQLite, $FABRICWATCH_HOME/alerts.sqlite3).
-- Kept beside the published warehouse, not in it: a refresh or a restore replaces the published
-- file, the rules and the delivery log stay.
CREATE TABLE IF NOT EXISTS rules (
    name          TEXT PRIMARY KEY,          -- the analyst's name for the rule
    indicator     TEXT NOT NULL,             -- core.indicators id it watches
    subject_like  TEXT,                      -- case-insensitive substring of the subject, or NULL
    series_key    TEXT,                      -- one series (core.observations.series_key), or NULL
    condition     TEXT NOT NULL CHECK (condition IN ('above', 'below', 'change_pct')),
    threshold     REAL NOT NULL,             -- value for above/below; percent for change_pct
    channel       TEXT NOT NULL CHECK (channel IN ('webhook', 'email', 'apprise')),
    target        TEXT NOT NULL,             -- webhook URL, email address or Apprise URL
    backfill      INTEGER NOT NULL DEFAULT 0,-- 1 until the first evaluation has covered existing data
    created_at    TEXT NOT NULL
);
-- Observations already considered: what a release adds is what is not here yet.
CREATE TABLE IF NOT EXISTS seen (
    record_id     TEXT PRIMARY KEY,
    first_run     TEXT,                      -- run id of the release that brought it
    seen_at       TEXT NOT NULL
);
-- One row per rule and observation that matched: delivered once, retried while it failed.
CREATE TABLE IF NOT EXISTS deliveries (
    rule          TEXT NOT NULL,
    record_id     TEXT NOT NULL,
    run_id        TEXT,                      -- release in which it matched
    status        TEXT NOT NULL CHECK (status IN ('sent', 'failed')),
    attempts      INTEGER NOT NULL,
    last_error    TEXT,
    payload       TEXT NOT NULL,             -- the JSON object delivered for this observation
    first_at      TEXT NOT NULL,
    last_at       TEXT NOT NULL,
    PRIMARY KEY (rule, record_id)
);
