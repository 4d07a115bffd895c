-- key: indicator
-- check: indicators_fresh severity=WARN
-- check: row_count_stable severity=WARN
-- Last observation per indicator against its cadence: is the indicator stale?
CREATE OR REPLACE VIEW marts.indicator_freshness AS
WITH last_seen AS (
    SELECT o.indicator, count(*) AS observations,
           max(o.published_on) AS last_published_on,
           arg_max(o.source_id, o.published_on) AS last_source_id,
           -- a vintage the source gave as a month or a year may be as late as that span's last day (not later
           -- than today): freshness counts from there, never from a made-up first day
           max(least(marts.date_end(o.published_on, o.published_precision), current_date)) AS last_published_by,
           max(o.period_end) FILTER (WHERE o.kind IN ('actual', 'estimate')) AS last_actual_period_end,
           -- rows a failing parser's documents carry forward (raw.parse_carried): their figures may be outdated
           min(c.since) AS carried_since
    FROM core.observations o
    LEFT JOIN raw.parse_carried c ON c.source_id = o.source_id AND c.carried_sha256 = o.document_sha
    GROUP BY o.indicator
),
joined AS (
    SELECT coalesce(i.indicator, l.indicator) AS indicator, i.name, i.category, i.cadence,
           marts.cadence_days(i.cadence) AS expected_interval_days,
           -- one and a half intervals: a release may come a little late before it counts as missed
           CAST(ceil(marts.cadence_days(i.cadence) * 1.5) AS INTEGER) AS stale_after_days,
           coalesce(l.observations, 0) AS observations,
           l.last_published_on, l.last_source_id, l.last_actual_period_end, l.carried_since,
           date_diff('day', l.last_published_by, current_date) AS days_since_last_published
    FROM core.indicators i
    FULL OUTER JOIN last_seen l ON l.indicator = i.indicator
)
SELECT indicator, name, category, cadence, expected_interval_days, stale_after_days, observations,
       last_published_on, last_source_id, last_actual_period_end, days_since_last_published,
       CASE WHEN cadence IS NULL THEN 'not_in_catalog'
            WHEN observations = 0 THEN 'no_data'
            WHEN carried_since IS NOT NULL THEN 'stale'
            WHEN expected_interval_days IS NULL THEN 'irregular'
            WHEN last_published_on IS NULL THEN 'undated'
            WHEN days_since_last_published > stale_after_days THEN 'stale'
            ELSE 'fresh' END AS status,
       coalesce(carried_since IS NOT NULL
                OR (expected_interval_days IS NOT NULL AND days_since_last_published > stale_after_days), false) AS stale,
       carried_since
FROM joined;

COMMENT ON VIEW marts.indicator_freshness IS 'Freshness of every indicator: its last published observation against the interval its cadence implies (stale after 1.5 intervals); computed against today''s date when queried.';
COMMENT ON COLUMN marts.indicator_freshness.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.indicator_freshness.name IS 'Indicator name.';
COMMENT ON COLUMN marts.indicator_freshness.category IS 'Indicator category.';
COMMENT ON COLUMN marts.indicator_freshness.cadence IS 'Expected cadence (daily, weekly, monthly, quarterly, half_yearly, yearly, irregular); TOP500 lists are half_yearly (June and November).';
COMMENT ON COLUMN marts.indicator_freshness.expected_interval_days IS 'Days between updates the cadence implies (1, 7, 31, 92, 184, 366: marts.cadence_days, the one home of these intervals); NULL for irregular.';
COMMENT ON COLUMN marts.indicator_freshness.stale_after_days IS 'Days without a new observation after which the indicator is stale (1.5 x the interval).';
COMMENT ON COLUMN marts.indicator_freshness.observations IS 'Observations of the indicator, count.';
COMMENT ON COLUMN marts.indicator_freshness.last_published_on IS 'Newest vintage (published_on) of any observation.';
COMMENT ON COLUMN marts.indicator_freshness.last_source_id IS 'Source of that newest observation.';
COMMENT ON COLUMN marts.indicator_freshness.last_actual_period_end IS 'End of the latest period with an actual or estimated figure.';
COMMENT ON COLUMN marts.indicator_freshness.days_since_last_published IS 'Days from the newest vintage to today, counted from the last day its precision allows (a vintage given as 2025-06 counts from 2025-06-30, one given as 2025 from 2025-12-31 or today, whichever is earlier).';
COMMENT ON COLUMN marts.indicator_freshness.status IS 'fresh, stale (also when some of its observations are carried forward from a parser that now fails), irregular (no cadence to miss), undated (no dated observation), no_data, or not_in_catalog.';
COMMENT ON COLUMN marts.indicator_freshness.stale IS 'True when status is stale.';
COMMENT ON COLUMN marts.indicator_freshness.carried_since IS 'Since when some of its observations are carried forward (their document now fails to parse or yields nothing; raw.parse_carried), UTC; NULL when none.';
