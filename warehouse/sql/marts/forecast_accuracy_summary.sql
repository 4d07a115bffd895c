-- key: forecast_publisher, indicator
-- The scorecard aggregated per publisher and indicator (marts.forecast_accuracy).
CREATE OR REPLACE VIEW marts.forecast_accuracy_summary AS
SELECT forecast_publisher, indicator,
       count(*) FILTER (WHERE NOT forecast_is_bound) AS point_forecasts,
       median(abs_pct_error) AS median_abs_pct_error,
       median(signed_pct_error) AS bias,
       avg(log_ratio) AS mean_log_ratio,
       median(horizon_months) AS median_horizon_months,
       count(*) FILTER (WHERE forecast_is_bound) AS bound_forecasts,
       count(*) FILTER (WHERE bound_held) AS bounds_held,
       count(DISTINCT (series_key, period)) AS targets
FROM marts.forecast_accuracy
GROUP BY forecast_publisher, indicator;

COMMENT ON VIEW marts.forecast_accuracy_summary IS 'Forecast accuracy per publisher and indicator: point forecasts scored (n), median absolute percentage error, bias (median signed error: positive = too high), mean log ratio, median horizon; bound forecasts and how many held. From marts.forecast_accuracy; small n means little evidence.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.forecast_publisher IS 'Publisher of the forecasts.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.point_forecasts IS 'Point forecasts scored, count.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.median_abs_pct_error IS 'Median of |forecast / actual - 1|.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.bias IS 'Median of forecast / actual - 1 (positive: forecasts too high).';
COMMENT ON COLUMN marts.forecast_accuracy_summary.mean_log_ratio IS 'Mean of ln(forecast / actual).';
COMMENT ON COLUMN marts.forecast_accuracy_summary.median_horizon_months IS 'Median months from publication to the end of the target period.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.bound_forecasts IS 'Bound forecasts (> <) with a realized figure, count.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.bounds_held IS 'Of those, how many the actual satisfies.';
COMMENT ON COLUMN marts.forecast_accuracy_summary.targets IS 'Distinct series and periods scored, count.';
