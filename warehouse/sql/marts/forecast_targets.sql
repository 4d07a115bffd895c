-- key: series_key, period, unit
-- Every series and period a forecast aimed at whose period has ended, and whether an actual realizes it yet:
-- the honest denominator of the scorecard (marts.forecast_accuracy).
CREATE OR REPLACE VIEW marts.forecast_targets AS
WITH f AS (
    SELECT series_key, period, marts.unit_base(unit) AS unit, any_value(indicator) AS indicator,
           any_value(entity_id) AS entity_id, any_value(period_end) AS period_end,
           count(*) AS forecasts, count(DISTINCT publisher) AS forecast_publishers,
           string_agg(DISTINCT publisher, ', ' ORDER BY publisher) AS publisher_list
    FROM core.observations
    WHERE kind = 'forecast' AND series_key IS NOT NULL AND period_end < current_date
    GROUP BY series_key, period, marts.unit_base(unit)
),
a AS (
    SELECT series_key, period, marts.unit_base(unit) AS unit, count(*) AS actuals,
           count(*) FILTER (WHERE coalesce(value_qualifier, '') NOT IN ('>', '>=', '<', '<=')) AS point_actuals
    FROM core.observations
    WHERE kind = 'actual' AND series_key IS NOT NULL
    GROUP BY ALL
)
SELECT f.series_key, f.indicator, f.entity_id, f.period, f.period_end, f.unit, f.forecasts, f.forecast_publishers,
       f.publisher_list, coalesce(a.point_actuals, 0) > 0 AS has_actual, coalesce(a.actuals, 0) AS actuals
FROM f
LEFT JOIN a USING (series_key, period, unit);

COMMENT ON VIEW marts.forecast_targets IS 'Every series and period that forecasts aimed at and that has ended, with how many forecasts and publishers, and whether a (point) actual of the same series and period realizes it: the scorecard''s denominator, so a page can say how many passed targets still lack an actual and which.';
COMMENT ON COLUMN marts.forecast_targets.series_key IS 'Series (title in marts.series_catalog).';
COMMENT ON COLUMN marts.forecast_targets.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.forecast_targets.entity_id IS 'Canonical entity.';
COMMENT ON COLUMN marts.forecast_targets.period IS 'Target period.';
COMMENT ON COLUMN marts.forecast_targets.period_end IS 'Last day of the target period.';
COMMENT ON COLUMN marts.forecast_targets.unit IS 'Base unit.';
COMMENT ON COLUMN marts.forecast_targets.forecasts IS 'Forecasts aimed at it, count.';
COMMENT ON COLUMN marts.forecast_targets.forecast_publishers IS 'Publishers that forecast it, count.';
COMMENT ON COLUMN marts.forecast_targets.publisher_list IS 'Those publishers, comma-separated.';
COMMENT ON COLUMN marts.forecast_targets.has_actual IS 'True when a point actual of the same series, period and unit exists.';
COMMENT ON COLUMN marts.forecast_targets.actuals IS 'Actual figures (points and bounds) for it, count.';
