-- key: forecast_record_id
-- Forecast accuracy scorecard (issue 19): every forecast whose target period has ended, paired with the realized
-- figure of the same series and period: an actual (original and press tiers first, then the newest). Errors
-- for point forecasts; a bound says only whether it held. Both documents are named.
CREATE OR REPLACE VIEW marts.forecast_accuracy AS
WITH obs AS (
    SELECT *, value * marts.unit_factor(unit) AS base_value, marts.unit_base(unit) AS base_unit,
           coalesce(source_tier, 'original') AS tier
    FROM core.observations
    WHERE series_key IS NOT NULL
),
realized AS (
    SELECT series_key, period, base_unit, base_value AS actual_value, value_qualifier AS actual_value_qualifier,
           publisher AS actual_publisher, published_on AS actual_published_on,
           published_precision AS actual_published_precision, url AS actual_url, title AS actual_title,
           evidence AS actual_evidence, record_id AS actual_record_id, tier AS actual_tier
    FROM obs
    WHERE kind = 'actual' AND coalesce(value_qualifier, '') NOT IN ('>', '>=', '<', '<=')
    QUALIFY row_number() OVER (PARTITION BY series_key, period, base_unit
                               ORDER BY tier IN ('original', 'press') DESC,
                                        coalesce(published_on, DATE '0001-01-01') DESC, record_id) = 1
)
SELECT f.series_key, f.indicator, f.entity_id, f.period, f.period_end, f.base_unit AS unit,
       f.publisher AS forecast_publisher, f.published_on AS forecast_published_on,
       f.published_precision AS forecast_published_precision, f.base_value AS forecast_value,
       f.value_qualifier AS forecast_value_qualifier,
       coalesce(f.value_qualifier, '') IN ('>', '>=', '<', '<=') AS forecast_is_bound,
       f.url AS forecast_url, f.title AS forecast_title, f.evidence AS forecast_evidence, f.record_id AS forecast_record_id,
       f.tier AS forecast_tier,
       r.actual_value, r.actual_value_qualifier, r.actual_publisher, r.actual_published_on,
       r.actual_published_precision, r.actual_url, r.actual_title,
       r.actual_evidence, r.actual_record_id, r.actual_tier,
       CASE WHEN coalesce(f.value_qualifier, '') NOT IN ('>', '>=', '<', '<=') AND r.actual_value <> 0
            THEN f.base_value / r.actual_value - 1 END AS signed_pct_error,
       CASE WHEN coalesce(f.value_qualifier, '') NOT IN ('>', '>=', '<', '<=') AND r.actual_value <> 0
            THEN abs(f.base_value / r.actual_value - 1) END AS abs_pct_error,
       CASE WHEN coalesce(f.value_qualifier, '') NOT IN ('>', '>=', '<', '<=') AND f.base_value > 0 AND r.actual_value > 0
            THEN ln(f.base_value / r.actual_value) END AS log_ratio,
       CASE WHEN f.value_qualifier IN ('>', '>=') THEN r.actual_value >= f.base_value
            WHEN f.value_qualifier IN ('<', '<=') THEN r.actual_value <= f.base_value END AS bound_held,
       CASE WHEN f.published_on IS NOT NULL THEN date_diff('month', f.published_on, f.period_end) END AS horizon_months
FROM obs f
JOIN realized r ON r.series_key = f.series_key AND r.period = f.period AND r.base_unit = f.base_unit
WHERE f.kind = 'forecast' AND f.period_end < current_date
  -- a forecast is a statement made before its period ended (marts.data_quality lists the others)
  AND (f.published_on IS NULL OR f.published_on <= f.period_end);

COMMENT ON VIEW marts.forecast_accuracy IS 'Forecast accuracy scorecard: every forecast whose target period has ended and was stated before the period ended, paired with the realized figure of the same series (same indicator, entity, segment, speed, fabric, region, scope and period basis), period and unit: the actual of the original and press tiers first, then the newest actual. Signed and absolute percentage error and log ratio for point forecasts; a bound (> <) says whether it held. Horizon is months from the forecast''s publication to the end of its period. Both documents are named. Estimates never stand in for an actual.';
COMMENT ON COLUMN marts.forecast_accuracy.series_key IS 'Series of both figures (title in marts.series_catalog).';
COMMENT ON COLUMN marts.forecast_accuracy.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.forecast_accuracy.entity_id IS 'Canonical entity.';
COMMENT ON COLUMN marts.forecast_accuracy.period IS 'Target period of the forecast.';
COMMENT ON COLUMN marts.forecast_accuracy.period_end IS 'Last day of the target period (before today).';
COMMENT ON COLUMN marts.forecast_accuracy.unit IS 'Base unit of both figures.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_publisher IS 'Who forecast it.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_published_on IS 'Vintage of the forecast.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_published_precision IS 'Precision of forecast_published_on as the source gave it: day, month, quarter or year (a vintage given as 2024 is 2024-01-01 with precision year); NULL when undated.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_value IS 'Forecast figure, in unit.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_value_qualifier IS 'Hedge on the forecast (> < ~ >= <=).';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_is_bound IS 'True when the forecast is a bound: no error, see bound_held.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_url IS 'Document of the forecast.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_title IS 'Title of the forecast''s document.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_evidence IS 'Evidence of the forecast.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_record_id IS 'Observation id of the forecast.';
COMMENT ON COLUMN marts.forecast_accuracy.forecast_tier IS 'Source tier of the forecast.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_value IS 'Realized figure, in unit.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_value_qualifier IS 'Hedge on the realized figure (~).';
COMMENT ON COLUMN marts.forecast_accuracy.actual_publisher IS 'Who reported the realized figure.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_published_on IS 'Vintage of the realized figure.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_published_precision IS 'Precision of actual_published_on as the source gave it: day, month, quarter or year; NULL when undated.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_url IS 'Document of the realized figure.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_title IS 'Title of the realized figure''s document.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_evidence IS 'Evidence of the realized figure.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_record_id IS 'Observation id of the realized figure.';
COMMENT ON COLUMN marts.forecast_accuracy.actual_tier IS 'Source tier of the realized figure.';
COMMENT ON COLUMN marts.forecast_accuracy.signed_pct_error IS 'forecast / actual - 1 (0.1 = forecast 10% too high); NULL for a bound.';
COMMENT ON COLUMN marts.forecast_accuracy.abs_pct_error IS '|forecast / actual - 1|; NULL for a bound.';
COMMENT ON COLUMN marts.forecast_accuracy.log_ratio IS 'ln(forecast / actual) (symmetric: +0.1 and -0.1 are equally far); NULL for a bound or a non-positive figure.';
COMMENT ON COLUMN marts.forecast_accuracy.bound_held IS 'For a bound forecast, whether the actual satisfies it; NULL for a point forecast.';
COMMENT ON COLUMN marts.forecast_accuracy.horizon_months IS 'Months from the forecast''s publication to the end of its target period; NULL when undated.';
