-- key: conflict_on, series_key, period, forecast
-- Crowded disagreements, one row per series and period: the spread of every figure that takes part in a
-- real disagreement (n sources, min, max, newest), with its pairs beneath in marts.conflicts.
CREATE OR REPLACE VIEW marts.conflict_groups AS
WITH sides AS (
    SELECT conflict_on, series_key, period, kind = 'forecast' AS forecast, unit, a_record_id AS record_id,
           a_value AS value, a_event_date AS event_date, a_publisher AS publisher, a_published_on AS published_on
    FROM marts.conflicts
    UNION
    SELECT conflict_on, series_key, period, b_kind = 'forecast', unit, b_record_id, b_value, b_event_date, b_publisher,
           b_published_on
    FROM marts.conflicts
),
pairs AS (
    SELECT conflict_on, series_key, period, kind = 'forecast' AS forecast, count(*) AS pairs,
           max(relative_difference) AS max_relative_difference, max(days_apart) AS max_days_apart
    FROM marts.conflicts
    GROUP BY ALL
)
SELECT s.conflict_on, s.series_key, s.period, s.forecast, any_value(s.unit) AS unit,
       count(DISTINCT s.publisher) AS sources, count(DISTINCT s.record_id) AS statements, p.pairs,
       min(s.value) AS min_value, max(s.value) AS max_value, median(s.value) AS median_value,
       min(s.event_date) AS min_event_date, max(s.event_date) AS max_event_date,
       (max(s.value) - min(s.value)) / nullif(greatest(abs(max(s.value)), abs(min(s.value))), 0) AS spread,
       p.max_days_apart,
       max(s.published_on) AS newest_published_on,
       -- of two publishers' statements of the same day, the last by name: without a tie-break arg_max picks
       -- either, so two builds of the same rows could differ (tests/pipelines/test_incremental_equals_full.py)
       arg_max(s.publisher, (coalesce(s.published_on, DATE '0001-01-01'), s.publisher)) AS newest_publisher,
       string_agg(DISTINCT s.publisher, ', ' ORDER BY s.publisher) AS publishers
FROM sides s
JOIN pairs p USING (conflict_on, series_key, period, forecast)
GROUP BY s.conflict_on, s.series_key, s.period, s.forecast, p.pairs, p.max_days_apart;

COMMENT ON VIEW marts.conflict_groups IS 'One row per series and period in real disagreement (marts.conflicts): how many sources and statements, the spread of their figures (min, median, max) or dates, and the newest statement; the pairs themselves are beneath, in marts.conflicts (join on series_key and period). Sort by spread to see the largest disagreements first.';
COMMENT ON COLUMN marts.conflict_groups.conflict_on IS 'value or date.';
COMMENT ON COLUMN marts.conflict_groups.series_key IS 'Series in disagreement (for dates: entity | milestone).';
COMMENT ON COLUMN marts.conflict_groups.period IS 'Period (for dates: the milestone).';
COMMENT ON COLUMN marts.conflict_groups.forecast IS 'True for a disagreement among forecasts, false among actuals, estimates, specs and claims.';
COMMENT ON COLUMN marts.conflict_groups.unit IS 'Base unit of the figures; ''date'' for dates.';
COMMENT ON COLUMN marts.conflict_groups.sources IS 'Distinct publishers taking part, count.';
COMMENT ON COLUMN marts.conflict_groups.statements IS 'Distinct figures (records) taking part, count.';
COMMENT ON COLUMN marts.conflict_groups.pairs IS 'Pairs in marts.conflicts for this series and period, count.';
COMMENT ON COLUMN marts.conflict_groups.min_value IS 'Smallest figure, in unit.';
COMMENT ON COLUMN marts.conflict_groups.max_value IS 'Largest figure, in unit.';
COMMENT ON COLUMN marts.conflict_groups.median_value IS 'Median of the figures, in unit.';
COMMENT ON COLUMN marts.conflict_groups.min_event_date IS 'Earliest date given (date disagreements).';
COMMENT ON COLUMN marts.conflict_groups.max_event_date IS 'Latest date given (date disagreements).';
COMMENT ON COLUMN marts.conflict_groups.spread IS '(max - min) / max(|max|, |min|), 0-1: the size of the disagreement.';
COMMENT ON COLUMN marts.conflict_groups.max_days_apart IS 'Largest distance between two dates, days (date disagreements).';
COMMENT ON COLUMN marts.conflict_groups.newest_published_on IS 'Vintage of the newest statement.';
COMMENT ON COLUMN marts.conflict_groups.newest_publisher IS 'Publisher of the newest statement.';
COMMENT ON COLUMN marts.conflict_groups.publishers IS 'Publishers taking part, comma-separated.';
