-- key: series_key, period, unit
-- The reference line of a series (issue 20), one rule written down: for each period,
--   1. the latest actual of the original and press tiers (the newest published actual figure; a tie goes to the
--      original tier, then the smaller record id);
--   2. else the latest estimate of those tiers, by the same order: an estimate says what happened, measured
--      indirectly (a research firm's sizing of a past year), so it outranks any forecast of the period but never
--      a reported actual;
--   3. else the median of the publishers' latest point forecasts (marts.consensus);
--   otherwise no reference for the period. Bounds never make a reference. Every row says which rule gave it.
CREATE OR REPLACE VIEW marts.reference_line AS
WITH actuals AS (
    SELECT series_key, period, unit, period_start, period_end, kind, value, value_qualifier, publisher, published_on,
           published_label, record_id
    FROM marts.consensus_points
    WHERE kind IN ('actual', 'estimate') AND in_consensus AND NOT is_bound
    QUALIFY row_number() OVER (PARTITION BY series_key, period, unit
                               ORDER BY kind = 'actual' DESC, coalesce(published_on, DATE '0001-01-01') DESC,
                                        tier = 'original' DESC, record_id) = 1
),
forecasts AS (
    SELECT series_key, period, unit, period_start, period_end, median_value, publishers, points, newest_published_on
    FROM marts.consensus
    WHERE kind = 'forecast' AND median_value IS NOT NULL
)
SELECT coalesce(a.series_key, f.series_key) AS series_key, coalesce(a.period, f.period) AS period,
       coalesce(a.unit, f.unit) AS unit, coalesce(a.period_start, f.period_start) AS period_start,
       coalesce(a.period_end, f.period_end) AS period_end,
       CASE WHEN a.kind = 'actual' THEN 'latest_actual' WHEN a.kind = 'estimate' THEN 'latest_estimate'
            ELSE 'median_forecast' END AS basis,
       coalesce(a.value, f.median_value) AS value,
       CASE WHEN a.record_id IS NOT NULL THEN a.value_qualifier END AS value_qualifier,
       CASE WHEN a.record_id IS NOT NULL THEN 1 ELSE f.points END AS figures,
       CASE WHEN a.record_id IS NOT NULL THEN a.publisher END AS publisher,
       coalesce(a.published_on, f.newest_published_on) AS published_on,
       a.record_id,
       CASE WHEN a.record_id IS NOT NULL
            THEN printf('Latest %s (%s, %s)', a.kind, a.publisher, coalesce(a.published_label, 'undated'))
            ELSE printf('Median forecast of %d figure(s) from %d publisher(s)', f.points, f.publishers) END AS label_en,
       CASE WHEN a.record_id IS NOT NULL
            THEN printf('最新%s（%s，%s）', CASE a.kind WHEN 'actual' THEN '實際值' ELSE '估計值' END, a.publisher,
                        coalesce(a.published_label, '未註明日期'))
            ELSE printf('%d 家機構 %d 個預測值的中位數', f.publishers, f.points) END AS label_zh
FROM actuals a
FULL JOIN forecasts f ON f.series_key = a.series_key AND f.period = a.period AND f.unit = a.unit;

COMMENT ON VIEW marts.reference_line IS 'The reference line of every series, one row per period, by one written rule: the latest actual of the original and press tiers (newest published actual; ties go to the original tier, then the smaller record id); else the latest estimate of those tiers (an estimate says what happened, measured indirectly: it outranks a forecast, never an actual); else the median of the publishers'' latest point forecasts (marts.consensus, kind forecast). basis and label_en / label_zh say which rule gave each point; bounds never make a reference.';
COMMENT ON COLUMN marts.reference_line.series_key IS 'Series identity (title in marts.series_catalog).';
COMMENT ON COLUMN marts.reference_line.period IS 'Period.';
COMMENT ON COLUMN marts.reference_line.unit IS 'Base unit of value.';
COMMENT ON COLUMN marts.reference_line.period_start IS 'First day of the period.';
COMMENT ON COLUMN marts.reference_line.period_end IS 'Last day of the period.';
COMMENT ON COLUMN marts.reference_line.basis IS 'latest_actual, latest_estimate or median_forecast: the rule that gave the point.';
COMMENT ON COLUMN marts.reference_line.value IS 'Reference figure, in unit.';
COMMENT ON COLUMN marts.reference_line.value_qualifier IS 'Hedge of the actual or estimate (~), NULL for a median.';
COMMENT ON COLUMN marts.reference_line.figures IS 'Figures behind the point: 1 for an actual or estimate, the forecasts in the median otherwise.';
COMMENT ON COLUMN marts.reference_line.publisher IS 'Publisher of the actual or estimate, NULL for a median.';
COMMENT ON COLUMN marts.reference_line.published_on IS 'Vintage of the actual or estimate, or of the newest forecast in the median.';
COMMENT ON COLUMN marts.reference_line.record_id IS 'Observation id of the actual or estimate, NULL for a median.';
COMMENT ON COLUMN marts.reference_line.label_en IS 'What the point is, in English (e.g. "Latest actual (IDC, 2025-03-04)", "Latest estimate (IDC, 2025)", "Median forecast of 5 figure(s) from 4 publisher(s)").';
COMMENT ON COLUMN marts.reference_line.label_zh IS 'What the point is, in Traditional Chinese.';
