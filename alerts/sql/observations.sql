-- The observations a watch rule looks at, with the series' previous figure for percentage moves:
-- the previous vintage of the same period when there is one, else the latest earlier period.
-- Parameters: $indicator, $subject_like (NULL = any), $series_key (NULL = any).
WITH obs AS (
    SELECT record_id, indicator, subject, series_key, period, period_start, period_end, value, value_qualifier,
           unit, kind, publisher, url, via, published_on, evidence
    FROM core.observations
    WHERE indicator = $indicator
      AND ($subject_like IS NULL OR subject ILIKE '%' || $subject_like || '%')
),
ranked AS (
    SELECT *,
           coalesce(series_key, indicator || '|' || subject || '|' || unit) AS series,
           lag(value) OVER (PARTITION BY coalesce(series_key, indicator || '|' || subject || '|' || unit), kind, period
                            ORDER BY published_on NULLS FIRST, record_id) AS previous_vintage_value
    FROM obs
)
SELECT r.*,
       coalesce(r.previous_vintage_value,
                (SELECT arg_max(p.value, p.period_end) FROM ranked AS p
                 WHERE p.series = r.series AND p.kind = r.kind AND p.period_end < r.period_start)) AS previous_value
FROM ranked AS r
WHERE $series_key IS NULL OR r.series_key = $series_key
ORDER BY r.published_on NULLS FIRST, r.period_start, r.record_id
