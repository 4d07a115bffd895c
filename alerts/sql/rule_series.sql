-- The series a rule without --series watches (each on its own): $indicator and $subject_like (NULL = any);
-- multi-year totals left out as observations.sql leaves them out. One row per series: key, figures, a subject.
SELECT series_key, count(*) AS figures, mode(subject) AS subject, marts.series_kind(any_value(period), any_value(segment)) AS series_kind
FROM core.observations
WHERE indicator = $indicator
  AND ($subject_like IS NULL OR subject ILIKE '%' || $subject_like || '%')
  AND marts.series_kind(period, segment) <> 'cumulative'
GROUP BY series_key
ORDER BY figures DESC, series_key
