-- key: a_record_id, b_record_id
-- check: no_conflicts severity=WARN
-- check: row_count_stable severity=WARN
-- Same indicator, subject, dimensions, period and kind; different values: both sides with their sources.
CREATE OR REPLACE VIEW marts.conflicts AS
WITH obs AS (
    SELECT *,
           value * marts.unit_factor(unit) AS base_value,
           marts.unit_base(unit) AS base_unit,
           -- the interval a hedged value allows: ">100" is [100, inf), "<400" is (-inf, 400]
           CASE WHEN value_qualifier IN ('<', '<=') THEN CAST('-inf' AS DOUBLE) ELSE value * marts.unit_factor(unit) END AS lower_bound,
           CASE WHEN value_qualifier IN ('>', '>=') THEN CAST('inf' AS DOUBLE) ELSE value * marts.unit_factor(unit) END AS upper_bound,
           coalesce(published_on, DATE '0001-01-01') AS vintage_sort
    FROM core.observations
)
SELECT a.indicator, a.subject, a.period, a.kind, a.segment, a.speed_gbps, a.fabric, a.vendor, a.product_id, a.region,
       CASE WHEN a.source_id <> b.source_id AND a.publisher <> b.publisher THEN 'between_sources'
            WHEN a.published_on IS DISTINCT FROM b.published_on THEN 'between_vintages'
            WHEN a.source_id <> b.source_id THEN 'between_carriers'
            ELSE 'within_source' END AS conflict_type,
       a.base_unit AS unit,
       a.base_value AS a_value, a.value_qualifier AS a_value_qualifier,
       b.base_value AS b_value, b.value_qualifier AS b_value_qualifier,
       abs(a.base_value - b.base_value) / greatest(abs(a.base_value), abs(b.base_value)) AS relative_difference,
       greatest(a.lower_bound, b.lower_bound) <= least(a.upper_bound, b.upper_bound) AS bounds_compatible,
       a.source_id AS a_source_id, a.publisher AS a_publisher, a.via AS a_via, a.published_on AS a_published_on,
       a.url AS a_url, a.evidence AS a_evidence, a.confidence AS a_confidence, a.record_id AS a_record_id,
       b.source_id AS b_source_id, b.publisher AS b_publisher, b.via AS b_via, b.published_on AS b_published_on,
       b.url AS b_url, b.evidence AS b_evidence, b.confidence AS b_confidence, b.record_id AS b_record_id
FROM obs a
JOIN obs b
  ON a.indicator = b.indicator AND a.subject = b.subject AND a.period = b.period AND a.kind = b.kind
 AND a.segment IS NOT DISTINCT FROM b.segment AND a.speed_gbps IS NOT DISTINCT FROM b.speed_gbps
 AND a.fabric IS NOT DISTINCT FROM b.fabric AND a.vendor IS NOT DISTINCT FROM b.vendor
 AND a.product_id IS NOT DISTINCT FROM b.product_id AND a.region IS NOT DISTINCT FROM b.region
 AND a.base_unit = b.base_unit
 AND (a.vintage_sort < b.vintage_sort OR (a.vintage_sort = b.vintage_sort AND a.record_id < b.record_id))
WHERE abs(a.base_value - b.base_value) > 1e-9 * greatest(abs(a.base_value), abs(b.base_value))
  -- one statement cannot contradict itself: the two bounds of a range, or several figures one
  -- sentence gives for the same thing, come from the same address and evidence
  AND NOT (a.url IS NOT DISTINCT FROM b.url AND a.evidence = b.evidence);

COMMENT ON VIEW marts.conflicts IS 'Pairs of observations with the same indicator, subject, dimensions, period and kind but different values (after unit normalization), both sides with their sources; side a is the older vintage. Both are kept in core.observations, never overwritten.';
COMMENT ON COLUMN marts.conflicts.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.conflicts.subject IS 'Subject both figures describe.';
COMMENT ON COLUMN marts.conflicts.period IS 'Period both figures describe.';
COMMENT ON COLUMN marts.conflicts.kind IS 'actual, estimate, forecast, vendor_claim or spec (same on both sides).';
COMMENT ON COLUMN marts.conflicts.segment IS 'Segment dimension (same on both sides).';
COMMENT ON COLUMN marts.conflicts.speed_gbps IS 'Speed dimension, Gb/s (same on both sides).';
COMMENT ON COLUMN marts.conflicts.fabric IS 'Fabric dimension (same on both sides).';
COMMENT ON COLUMN marts.conflicts.vendor IS 'Vendor dimension (same on both sides).';
COMMENT ON COLUMN marts.conflicts.product_id IS 'Product dimension (same on both sides).';
COMMENT ON COLUMN marts.conflicts.region IS 'Region dimension (same on both sides).';
COMMENT ON COLUMN marts.conflicts.conflict_type IS 'between_sources (different publishers), between_vintages (same publisher, different dates: a revision), between_carriers (same publisher and date, different carriers) or within_source.';
COMMENT ON COLUMN marts.conflicts.unit IS 'Base unit both values are expressed in (ns, W, Gbps, GBps, GB, ... after converting us, kW, Tbps, TBps, TB).';
COMMENT ON COLUMN marts.conflicts.a_value IS 'Value of side a, in unit.';
COMMENT ON COLUMN marts.conflicts.a_value_qualifier IS 'Hedge on side a (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.conflicts.b_value IS 'Value of side b, in unit.';
COMMENT ON COLUMN marts.conflicts.b_value_qualifier IS 'Hedge on side b, NULL when exact.';
COMMENT ON COLUMN marts.conflicts.relative_difference IS '|a - b| / max(|a|, |b|), 0-1.';
COMMENT ON COLUMN marts.conflicts.bounds_compatible IS 'True when the hedges admit a common value (e.g. ">50" and ">100"), so the disagreement may be only apparent.';
COMMENT ON COLUMN marts.conflicts.a_source_id IS 'Source id of side a.';
COMMENT ON COLUMN marts.conflicts.a_publisher IS 'Publisher of side a.';
COMMENT ON COLUMN marts.conflicts.a_via IS 'Secondary carrier of side a.';
COMMENT ON COLUMN marts.conflicts.a_published_on IS 'Vintage of side a (the older, or undated).';
COMMENT ON COLUMN marts.conflicts.a_url IS 'Document address of side a.';
COMMENT ON COLUMN marts.conflicts.a_evidence IS 'Evidence of side a.';
COMMENT ON COLUMN marts.conflicts.a_confidence IS 'Confidence of side a.';
COMMENT ON COLUMN marts.conflicts.a_record_id IS 'Observation id of side a.';
COMMENT ON COLUMN marts.conflicts.b_source_id IS 'Source id of side b.';
COMMENT ON COLUMN marts.conflicts.b_publisher IS 'Publisher of side b.';
COMMENT ON COLUMN marts.conflicts.b_via IS 'Secondary carrier of side b.';
COMMENT ON COLUMN marts.conflicts.b_published_on IS 'Vintage of side b (the newer).';
COMMENT ON COLUMN marts.conflicts.b_url IS 'Document address of side b.';
COMMENT ON COLUMN marts.conflicts.b_evidence IS 'Evidence of side b.';
COMMENT ON COLUMN marts.conflicts.b_confidence IS 'Confidence of side b.';
COMMENT ON COLUMN marts.conflicts.b_record_id IS 'Observation id of side b.';
