-- key: source_id
-- The one definition of a source's fetch status, read by `fabricwatch refresh`, `fabricwatch sources`
-- and the dashboard's Sources tab.
CREATE OR REPLACE VIEW marts.source_status AS
WITH docs AS (
    SELECT source_id,
           count(*) AS documents,
           count(*) FILTER (WHERE last_outcome IN ('error', 'disallowed')) AS failing,
           count(*) FILTER (WHERE last_outcome = 'not_recorded') AS not_recorded,
           max(last_checked_at) AS last_fetch,
           arg_max(last_outcome, last_checked_at) AS last_outcome,
           max(last_changed_at) AS last_change,
           max(recorded_at) FILTER (WHERE last_outcome = 'replayed') AS recorded_on
    FROM raw.documents GROUP BY source_id
), errors AS (
    SELECT source_id, arg_max(error_class || ': ' || coalesce(error_message, ''), started_at) AS last_error,
           max(started_at) AS last_error_at
    FROM raw.fetch_log WHERE outcome IN ('error', 'disallowed') GROUP BY source_id
), parsing AS (
    SELECT source_id, count(*) FILTER (WHERE status IN ('error', 'empty')) AS parse_failing
    FROM raw.parse_state GROUP BY source_id
), carried AS (
    SELECT source_id, count(*) AS carried, min(since) AS carried_since FROM raw.parse_carried GROUP BY source_id
), known AS (
    SELECT source_id, publisher, kind, title, homepage, cadence, origin FROM core.sources
    UNION ALL
    SELECT DISTINCT d.source_id, NULL, NULL, NULL, NULL, NULL, NULL
    FROM raw.documents d ANTI JOIN core.sources s USING (source_id)
)
SELECT k.source_id, k.publisher, k.kind, k.title, k.homepage, k.cadence, k.origin,
       coalesce(d.documents, 0) AS documents,
       coalesce(d.documents - d.failing - d.not_recorded, 0) AS stored,
       coalesce(d.failing, 0) AS failing,
       coalesce(d.not_recorded, 0) AS not_recorded,
       d.last_fetch, d.last_outcome, d.recorded_on, d.last_change, e.last_error, e.last_error_at,
       coalesce(p.parse_failing, 0) AS parse_failing,
       coalesce(c.carried, 0) AS carried,
       c.carried_since
FROM known k
LEFT JOIN docs d USING (source_id)
LEFT JOIN errors e USING (source_id)
LEFT JOIN parsing p USING (source_id)
LEFT JOIN carried c USING (source_id);

COMMENT ON VIEW marts.source_status IS 'Every source (registry and curated) with the state of its documents: how many are stored, failing or not recorded, when it was last fetched and changed, and its last fetch error, and whether its parser is failing (documents that fail to parse or yield nothing; documents whose previous records are carried forward, raw.parse_carried).';
COMMENT ON COLUMN marts.source_status.source_id IS 'Source id.';
COMMENT ON COLUMN marts.source_status.publisher IS 'Who publishes it.';
COMMENT ON COLUMN marts.source_status.kind IS 'Kind of source (vendor_page, press_release, statistics, ...).';
COMMENT ON COLUMN marts.source_status.title IS 'Source title.';
COMMENT ON COLUMN marts.source_status.homepage IS 'Source homepage.';
COMMENT ON COLUMN marts.source_status.cadence IS 'Expected update cadence (daily, weekly, monthly, quarterly, irregular).';
COMMENT ON COLUMN marts.source_status.origin IS 'registry (fetched) or curated (cited in the analyst ledger); NULL for documents of a source no longer registered.';
COMMENT ON COLUMN marts.source_status.documents IS 'Document addresses known for the source, count.';
COMMENT ON COLUMN marts.source_status.stored IS 'Documents whose last check stored or confirmed a body, count.';
COMMENT ON COLUMN marts.source_status.failing IS 'Documents whose last check failed (error or disallowed by robots.txt), count.';
COMMENT ON COLUMN marts.source_status.not_recorded IS 'Documents with no recording to replay offline, count.';
COMMENT ON COLUMN marts.source_status.last_fetch IS 'Last check of any of its documents (UTC).';
COMMENT ON COLUMN marts.source_status.last_outcome IS 'Outcome of that last check (fetched, not_modified, error, disallowed, not_recorded, ...).';
COMMENT ON COLUMN marts.source_status.recorded_on IS 'Offline replay: the day the newest recording replayed at the last check was made (sources/snapshots manifests), so the age of the data is known; NULL when nothing was replayed.';
COMMENT ON COLUMN marts.source_status.last_change IS 'Last time one of its documents got a new version (UTC).';
COMMENT ON COLUMN marts.source_status.last_error IS 'Newest fetch error (class: message).';
COMMENT ON COLUMN marts.source_status.last_error_at IS 'When that error happened (UTC).';
COMMENT ON COLUMN marts.source_status.parse_failing IS 'Documents whose last parse failed or found nothing (raw.parse_state), count.';
COMMENT ON COLUMN marts.source_status.carried IS 'Documents whose previous records are carried forward because their parser now fails or finds nothing (raw.parse_carried), count; their rows are stale.';
COMMENT ON COLUMN marts.source_status.carried_since IS 'Since when the oldest of those has been carried forward (UTC); NULL when none.';
