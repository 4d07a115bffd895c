-- The observations a watch rule looks at, with the series' previous figure for percentage moves:
-- the previous vintage of the same period when there is one, else the latest earlier period of the same series.
-- A series never mixes period bases (series_key ends in it); multi-year totals (series_kind cumulative) are left
-- out unless the rule names their series with --series: a threshold on annual figures never fires on a
-- 2011-2020 total, and a move is never computed between a total and a year.
-- Parameters: $indicator, $subject_like (NULL = any), $series_key (NULL = any).
WITH obs AS (
    SELECT record_id, indicator, subject, series_key, period, period_start, period_end, value, value_qualifier,
           unit, kind, publisher, url, via, published_on, evidence,
           marts.series_kind(period, segment) AS series_kind
    FROM core.observations
    WHERE indicator = $indicator
      AND ($subject_like IS NULL OR subject ILIKE '%' || $subject_like || '%')
),
ranked AS (
    SELECT *,
           coalesce(series_key, indicator || '|' || subject || '|' || unit || '|' || series_kind) AS series,
           lag(value) OVER (PARTITION BY coalesce(series_key, indicator || '|' || subject || '|' || unit || '|' || series_kind),
                                         kind, period
                            ORDER BY published_on NULLS FIRST, record_id) AS previous_vintage_value
    FROM obs
)
SELECT r.*,
       coalesce(r.previous_vintage_value,
                (SELECT arg_max(p.value, p.period_end) FROM ranked AS p
                 WHERE p.series = r.series AND p.kind = r.kind AND p.series_kind = r.series_kind
                   AND p.period_end < r.period_start)) AS previous_value
FROM ranked AS r
WHERE ($series_key IS NULL AND r.series_kind <> 'cumulative') OR r.series_key = $series_key
ORDER BY r.published_on NULLS FIRST, r.period_start, r.record_id
