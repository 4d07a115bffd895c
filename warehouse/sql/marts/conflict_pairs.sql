-- key: a_record_id, b_record_id
-- Every candidate pair of one series and period (or one entity and milestone) whose figures or dates differ,
-- with the reason it is only apparent (NULL when it is a real disagreement): marts.conflicts keeps the real
-- ones, marts.apparent_conflicts the others. Each side's statement meets as described below.
CREATE OR REPLACE VIEW marts.conflict_pairs AS
-- Which figures meet (linear in vintages, not quadratic): a side is one publisher, source and carrier, and
-- a statement one figure or range of a side (one vintage, address and evidence). The newest statement of
-- each side meets the newest statement of every other side of the series and period; within a side, each
-- statement meets the one before it in vintage order (a restatement). An older statement of one side is
-- not paired again with another side: its disagreement is the restatement that replaced it, or the newest
-- statements' own disagreement.
WITH obs AS NOT MATERIALIZED (
    -- every figure with what the pair needs (read twice, by record id, once the pairs are known); carrier is
    -- who carried the figure as named (via), else the host (core's own carrier column is the host alone)
    SELECT * EXCLUDE (carrier),
           value * marts.unit_factor(unit) AS base_value,
           marts.unit_base(unit) AS base_unit,
           -- the interval a hedged value allows: ">100" is [100, inf), "<400" is (-inf, 400]
           CASE WHEN value_qualifier IN ('<', '<=') THEN CAST('-inf' AS DOUBLE) ELSE value * marts.unit_factor(unit) END AS lower_bound,
           CASE WHEN value_qualifier IN ('>', '>=') THEN CAST('inf' AS DOUBLE) ELSE value * marts.unit_factor(unit) END AS upper_bound,
           -- who carried the figure: the named carrier, else the document's host
           coalesce(via, regexp_extract(url, '^https?://([^/]+)', 1), source_id) AS carrier
    FROM core.observations
),
obs_sides AS (
    -- only the columns that decide which figures meet (narrow: at 100x the wide rows cost the refresh memory)
    SELECT record_id, series_key, period, marts.unit_base(unit) AS base_unit, kind = 'forecast' AS is_forecast,
           value * marts.unit_factor(unit) AS base_value, publisher, source_id,
           coalesce(via, regexp_extract(url, '^https?://([^/]+)', 1), source_id) AS carrier,
           coalesce(published_on, DATE '0001-01-01') AS vintage_sort, url, evidence,
           -- the side's statements for this series, period, unit and forecast-or-not, 1 = the newest; the two
           -- bounds of a range share their statement (one address and evidence)
           dense_rank() OVER (PARTITION BY series_key, period, marts.unit_base(unit), kind = 'forecast', publisher,
                                           source_id, coalesce(via, regexp_extract(url, '^https?://([^/]+)', 1), source_id)
                              ORDER BY coalesce(published_on, DATE '0001-01-01') DESC, url DESC NULLS LAST,
                                       evidence DESC) AS side_statement
    FROM core.observations
    WHERE series_key IS NOT NULL AND period IS NOT NULL
),
value_edges AS (
    -- what is (actual, estimate, spec, vendor claim) is compared with what is; a forecast only with
    -- a forecast (a forecast against the later actual is a revision: marts.forecast_revisions).
    -- One statement cannot contradict itself: the two bounds of a range, or several figures one
    -- sentence gives for the same thing, come from the same address and evidence.
    -- newest statement against newest statement, between sides
    SELECT a.record_id AS a_record_id, b.record_id AS b_record_id
    FROM obs_sides a
    JOIN obs_sides b
      ON a.series_key = b.series_key AND a.period = b.period AND a.base_unit = b.base_unit AND a.is_forecast = b.is_forecast
     AND a.side_statement = 1 AND b.side_statement = 1
     AND (a.publisher, a.source_id, a.carrier) IS DISTINCT FROM (b.publisher, b.source_id, b.carrier)
     AND marts.stated_before(a.vintage_sort, a.record_id, b.vintage_sort, b.record_id)
    WHERE abs(a.base_value - b.base_value) > 1e-9 * greatest(abs(a.base_value), abs(b.base_value))
      AND NOT (a.url IS NOT DISTINCT FROM b.url AND a.evidence = b.evidence)
    UNION ALL
    -- within a side, each statement against the one before it; side a is the older (then the smaller id)
    SELECT CASE WHEN marts.stated_before(a.vintage_sort, a.record_id, b.vintage_sort, b.record_id)
                THEN a.record_id ELSE b.record_id END,
           CASE WHEN marts.stated_before(a.vintage_sort, a.record_id, b.vintage_sort, b.record_id)
                THEN b.record_id ELSE a.record_id END
    FROM obs_sides a
    JOIN obs_sides b
      ON a.series_key = b.series_key AND a.period = b.period AND a.base_unit = b.base_unit AND a.is_forecast = b.is_forecast
     AND a.publisher = b.publisher AND a.source_id = b.source_id AND a.carrier = b.carrier
     AND a.side_statement = b.side_statement + 1
    WHERE abs(a.base_value - b.base_value) > 1e-9 * greatest(abs(a.base_value), abs(b.base_value))
      AND NOT (a.url IS NOT DISTINCT FROM b.url AND a.evidence = b.evidence)
),
value_pairs AS (
    SELECT 'value' AS conflict_on, a.series_key, a.entity_id, a.indicator, a.subject AS a_subject, b.subject AS b_subject,
           a.period, a.kind, b.kind AS b_kind, a.segment, a.speed_gbps, a.fabric, a.vendor, a.product_id, a.region,
           a.base_unit AS unit,
           a.base_value AS a_value, a.value_qualifier AS a_value_qualifier,
           b.base_value AS b_value, b.value_qualifier AS b_value_qualifier,
           NULL::DATE AS a_event_date, NULL::VARCHAR AS a_date_precision,
           NULL::DATE AS b_event_date, NULL::VARCHAR AS b_date_precision,
           abs(a.base_value - b.base_value) / greatest(abs(a.base_value), abs(b.base_value)) AS relative_difference,
           NULL::INTEGER AS days_apart,
           greatest(a.lower_bound, b.lower_bound) <= least(a.upper_bound, b.upper_bound) AS bounds_compatible,
           a.source_id AS a_source_id, a.publisher AS a_publisher, a.via AS a_via, a.carrier AS a_carrier,
           a.published_on AS a_published_on, a.date_basis AS a_date_basis, a.url AS a_url, a.evidence AS a_evidence,
           a.confidence AS a_confidence, a.record_id AS a_record_id,
           b.source_id AS b_source_id, b.publisher AS b_publisher, b.via AS b_via, b.carrier AS b_carrier,
           b.published_on AS b_published_on, b.date_basis AS b_date_basis, b.url AS b_url, b.evidence AS b_evidence,
           b.confidence AS b_confidence, b.record_id AS b_record_id
    FROM value_edges e
    JOIN obs a ON a.record_id = e.a_record_id
    JOIN obs b ON b.record_id = e.b_record_id
),
ev AS (
    SELECT * EXCLUDE (carrier),
           event_date AS date_start,
           CAST(CASE date_precision
                    WHEN 'day' THEN event_date
                    WHEN 'month' THEN event_date + INTERVAL 1 MONTH - INTERVAL 1 DAY
                    WHEN 'quarter' THEN event_date + INTERVAL 3 MONTH - INTERVAL 1 DAY
                    WHEN 'half' THEN event_date + INTERVAL 6 MONTH - INTERVAL 1 DAY
                    ELSE event_date + INTERVAL 1 YEAR - INTERVAL 1 DAY END AS DATE) AS date_end,
           coalesce(published_on, DATE '0001-01-01') AS vintage_sort,
           coalesce(via, regexp_extract(url, '^https?://([^/]+)', 1), source_id) AS carrier
    FROM core.events
    WHERE milestone IS NOT NULL AND entity_id IS NOT NULL
      -- an event resolved only through its vendor is about something of that vendor the registry does not
      -- name (AWS's SRD, Trn2 and Trn3 are not one deployment): it has no milestone of the vendor to share
      AND coalesce(entity_resolution, '') <> 'vendor'
      -- a milestone pairs unless the vocabulary says each such event stands alone (software tags,
      -- membership counts, roadmap statements: core.vocabulary rule pairs=no)
      AND milestone NOT IN (SELECT term FROM core.vocabulary WHERE dimension = 'milestone' AND rule LIKE '%pairs=no%')
      -- a plan or forecast of a date is not a statement that it happened
      AND coalesce(kind, 'actual') = 'actual'
),
ev_sides AS (
    SELECT *,
           dense_rank() OVER (PARTITION BY entity_id, milestone, publisher, source_id, carrier
                              ORDER BY vintage_sort DESC, url DESC NULLS LAST, evidence DESC) AS side_statement
    FROM ev
),
date_edges AS (
    SELECT a.record_id AS a_record_id, b.record_id AS b_record_id
    FROM ev_sides a
    JOIN ev_sides b
      ON a.entity_id = b.entity_id AND a.milestone = b.milestone AND a.side_statement = 1 AND b.side_statement = 1
     AND (a.publisher, a.source_id, a.carrier) IS DISTINCT FROM (b.publisher, b.source_id, b.carrier)
     AND marts.stated_before(a.vintage_sort, a.record_id, b.vintage_sort, b.record_id)
    UNION ALL
    SELECT CASE WHEN marts.stated_before(a.vintage_sort, a.record_id, b.vintage_sort, b.record_id)
                THEN a.record_id ELSE b.record_id END,
           CASE WHEN marts.stated_before(a.vintage_sort, a.record_id, b.vintage_sort, b.record_id)
                THEN b.record_id ELSE a.record_id END
    FROM ev_sides a
    JOIN ev_sides b
      ON a.entity_id = b.entity_id AND a.milestone = b.milestone
     AND a.publisher = b.publisher AND a.source_id = b.source_id AND a.carrier = b.carrier
     AND a.side_statement = b.side_statement + 1
),
date_pairs AS (
    SELECT 'date' AS conflict_on, a.entity_id || '|' || a.milestone AS series_key, a.entity_id, NULL::VARCHAR AS indicator,
           a.subject AS a_subject, b.subject AS b_subject,
           a.milestone AS period, a.category AS kind, b.category AS b_kind, NULL::VARCHAR AS segment, NULL::DOUBLE AS speed_gbps,
           a.fabric, a.vendor, a.product_id, NULL::VARCHAR AS region, 'date' AS unit,
           NULL::DOUBLE AS a_value, NULL::VARCHAR AS a_value_qualifier, NULL::DOUBLE AS b_value, NULL::VARCHAR AS b_value_qualifier,
           a.event_date AS a_event_date, a.date_precision AS a_date_precision,
           b.event_date AS b_event_date, b.date_precision AS b_date_precision,
           NULL::DOUBLE AS relative_difference,
           abs(date_diff('day', a.event_date, b.event_date)) AS days_apart,
           -- imprecise dates that overlap ("2025" and "2025-06-11") may describe the same day
           greatest(a.date_start, b.date_start) <= least(a.date_end, b.date_end) AS bounds_compatible,
           a.source_id, a.publisher, a.via, a.carrier, a.published_on, a.date_basis, a.url, a.evidence, a.confidence, a.record_id,
           b.source_id, b.publisher, b.via, b.carrier, b.published_on, b.date_basis, b.url, b.evidence, b.confidence, b.record_id
    FROM date_edges e
    JOIN ev_sides a ON a.record_id = e.a_record_id
    JOIN ev_sides b ON b.record_id = e.b_record_id
    WHERE (a.event_date, a.date_precision) IS DISTINCT FROM (b.event_date, b.date_precision)
),
pairs AS (
    SELECT * FROM value_pairs
    UNION ALL
    SELECT * FROM date_pairs
),
classified AS (
    SELECT *,
           -- half the place of the last significant digit of the less precise side, counting only sides
           -- with at least two significant digits ("14" vs 14.4; "nearly 11" vs 10.98; never 500 vs 450)
           0.5 * greatest(CASE WHEN marts.sig_digits(a_value) >= 2 THEN pow(10, marts.sig_place(a_value)) END,
                          CASE WHEN marts.sig_digits(b_value) >= 2 THEN pow(10, marts.sig_place(b_value)) END) AS rounding_tolerance
    FROM pairs
)
SELECT conflict_on,
       CASE WHEN a_publisher <> b_publisher THEN 'between_sources'
            WHEN a_published_on IS DISTINCT FROM b_published_on THEN 'between_vintages'
            WHEN a_carrier IS DISTINCT FROM b_carrier OR a_source_id <> b_source_id THEN 'between_carriers'
            ELSE 'within_source' END AS conflict_type,
       CASE WHEN conflict_on = 'date' AND bounds_compatible THEN 'compatible_dates'
            WHEN conflict_on = 'value' AND bounds_compatible
                 AND (a_value_qualifier IN ('>', '>=', '<', '<=') OR b_value_qualifier IN ('>', '>=', '<', '<='))
                THEN 'compatible_bounds'
            WHEN conflict_on = 'value' AND abs(a_value - b_value) <= rounding_tolerance * (1 + 1e-9)
                THEN 'within_rounding'
            WHEN a_url = b_url AND a_publisher = b_publisher THEN 'same_document'
       END AS apparent_reason,
       a_subject AS subject,
       * EXCLUDE (conflict_on, rounding_tolerance)
FROM classified;
COMMENT ON VIEW marts.conflict_pairs IS 'Candidate disagreements (real and apparent: see apparent_reason) on one series, both sides with their sources and carriers (side a is the older vintage): two figures with the same series_key, period and kind but different values after unit normalization (conflict_on = value), or two dates for the same entity and milestone (conflict_on = date). A figure is never paired with its own range bound (same address and evidence), nor with a figure of another period or period basis (cumulative vs annual). Pairs grow linearly with vintages: a side (one publisher, source and carrier) meets every other side with its newest statement (one vintage, address and evidence: a figure or both bounds of a range), and within a side each statement meets the one before it in vintage order (a restatement); a superseded statement is not paired with other sides again. Both rows stay in core; nothing is overwritten.';
COMMENT ON COLUMN marts.conflict_pairs.conflict_on IS 'value (two figures for one series and period) or date (two dates for one milestone).';
COMMENT ON COLUMN marts.conflict_pairs.apparent_reason IS 'Why the pair is not a real disagreement, NULL when it is one: compatible_bounds (hedges that admit a common value, ">80" and ">100"), within_rounding (the difference is within half the last significant digit of the less precise side, "nearly 11" and 10.98; a one-digit figure never counts as rounded), same_document (two statements of one publisher in one document), compatible_dates (imprecise dates whose spans overlap).';
COMMENT ON COLUMN marts.conflict_pairs.conflict_type IS 'between_sources (different publishers), between_vintages (same publisher, different dates: a revision), between_carriers (same publisher and date, carried by different reposts or documents: see a_carrier, b_carrier) or within_source (one carrier, one date).';
COMMENT ON COLUMN marts.conflict_pairs.series_key IS 'Series both sides belong to (core.observations.series_key); for dates, entity | milestone.';
COMMENT ON COLUMN marts.conflict_pairs.entity_id IS 'Canonical entity (core.entities), NULL when the series is unresolved.';
COMMENT ON COLUMN marts.conflict_pairs.indicator IS 'Indicator id; NULL for date conflicts.';
COMMENT ON COLUMN marts.conflict_pairs.subject IS 'Subject as side a words it (see a_subject, b_subject).';
COMMENT ON COLUMN marts.conflict_pairs.vendor IS 'Vendor dimension of side a.';
COMMENT ON COLUMN marts.conflict_pairs.product_id IS 'Product dimension of side a.';
COMMENT ON COLUMN marts.conflict_pairs.a_subject IS 'Side a''s own wording of the subject.';
COMMENT ON COLUMN marts.conflict_pairs.b_subject IS 'Side b''s own wording of the subject.';
COMMENT ON COLUMN marts.conflict_pairs.period IS 'Period both figures describe; for date conflicts, the milestone.';
COMMENT ON COLUMN marts.conflict_pairs.kind IS 'Observation kind of side a (actual, estimate, spec and vendor_claim are compared with each other, a forecast only with a forecast); for date conflicts, side a''s event category.';
COMMENT ON COLUMN marts.conflict_pairs.b_kind IS 'Observation kind (or event category) of side b.';
COMMENT ON COLUMN marts.conflict_pairs.segment IS 'Segment dimension (same on both sides).';
COMMENT ON COLUMN marts.conflict_pairs.speed_gbps IS 'Speed dimension, Gb/s (same on both sides).';
COMMENT ON COLUMN marts.conflict_pairs.fabric IS 'Fabric dimension (side a''s for date conflicts).';
COMMENT ON COLUMN marts.conflict_pairs.region IS 'Region dimension (same on both sides).';
COMMENT ON COLUMN marts.conflict_pairs.unit IS 'Base unit both values are expressed in (ns, W, Gbps, GBps, GB, ... after converting us, kW, Tbps, TBps, TB); ''date'' for date conflicts.';
COMMENT ON COLUMN marts.conflict_pairs.a_value IS 'Value of side a, in unit (NULL for date conflicts).';
COMMENT ON COLUMN marts.conflict_pairs.a_value_qualifier IS 'Hedge on side a (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.conflict_pairs.b_value IS 'Value of side b, in unit.';
COMMENT ON COLUMN marts.conflict_pairs.b_value_qualifier IS 'Hedge on side b, NULL when exact.';
COMMENT ON COLUMN marts.conflict_pairs.a_event_date IS 'Date side a gives for the milestone (first day of its precision), NULL for value conflicts.';
COMMENT ON COLUMN marts.conflict_pairs.a_date_precision IS 'Precision of side a''s date: day, month, quarter, half or year.';
COMMENT ON COLUMN marts.conflict_pairs.b_event_date IS 'Date side b gives for the milestone.';
COMMENT ON COLUMN marts.conflict_pairs.b_date_precision IS 'Precision of side b''s date.';
COMMENT ON COLUMN marts.conflict_pairs.relative_difference IS '|a - b| / max(|a|, |b|), 0-1 (value conflicts).';
COMMENT ON COLUMN marts.conflict_pairs.days_apart IS 'Days between the two dates (date conflicts).';
COMMENT ON COLUMN marts.conflict_pairs.bounds_compatible IS 'True when the two sides admit a common value: hedges that overlap (">50" and ">100") or imprecise dates whose spans overlap ("2025" and 2025-06-11); the disagreement may be only apparent.';
COMMENT ON COLUMN marts.conflict_pairs.a_source_id IS 'Source id of side a.';
COMMENT ON COLUMN marts.conflict_pairs.a_publisher IS 'Publisher of side a.';
COMMENT ON COLUMN marts.conflict_pairs.a_via IS 'Secondary carrier of side a as recorded (NULL when read first-hand).';
COMMENT ON COLUMN marts.conflict_pairs.a_carrier IS 'Who carried side a: its via, else its document''s host.';
COMMENT ON COLUMN marts.conflict_pairs.a_published_on IS 'Vintage of side a (the older, or undated).';
COMMENT ON COLUMN marts.conflict_pairs.a_date_basis IS 'How side a''s vintage is known (published, as_of, list_release, retrieved, undated).';
COMMENT ON COLUMN marts.conflict_pairs.a_url IS 'Document address of side a.';
COMMENT ON COLUMN marts.conflict_pairs.a_evidence IS 'Evidence of side a.';
COMMENT ON COLUMN marts.conflict_pairs.a_confidence IS 'Confidence of side a.';
COMMENT ON COLUMN marts.conflict_pairs.a_record_id IS 'Observation or event id of side a.';
COMMENT ON COLUMN marts.conflict_pairs.b_source_id IS 'Source id of side b.';
COMMENT ON COLUMN marts.conflict_pairs.b_publisher IS 'Publisher of side b.';
COMMENT ON COLUMN marts.conflict_pairs.b_via IS 'Secondary carrier of side b as recorded.';
COMMENT ON COLUMN marts.conflict_pairs.b_carrier IS 'Who carried side b: its via, else its document''s host.';
COMMENT ON COLUMN marts.conflict_pairs.b_published_on IS 'Vintage of side b (the newer).';
COMMENT ON COLUMN marts.conflict_pairs.b_date_basis IS 'How side b''s vintage is known.';
COMMENT ON COLUMN marts.conflict_pairs.b_url IS 'Document address of side b.';
COMMENT ON COLUMN marts.conflict_pairs.b_evidence IS 'Evidence of side b.';
COMMENT ON COLUMN marts.conflict_pairs.b_confidence IS 'Confidence of side b.';
COMMENT ON COLUMN marts.conflict_pairs.b_record_id IS 'Observation or event id of side b.';
