-- key: a_record_id, b_record_id
-- Pairs of one series and period (or one milestone) that differ only in appearance, kept inspectable with the
-- reason (issue 19): compatible bounds, a difference within the stated rounding, two statements of one
-- document, imprecise dates whose spans overlap. Real disagreements are in marts.conflicts.
CREATE OR REPLACE VIEW marts.apparent_conflicts AS
SELECT apparent_reason, conflict_on, conflict_type, series_key, entity_id, indicator, subject, period, kind, b_kind, unit,
       a_value, a_value_qualifier, b_value, b_value_qualifier, a_event_date, a_date_precision, b_event_date, b_date_precision,
       relative_difference, days_apart,
       a_publisher, a_carrier, a_published_on, a_url, a_evidence, a_record_id,
       b_publisher, b_carrier, b_published_on, b_url, b_evidence, b_record_id
FROM marts.conflict_pairs
WHERE apparent_reason IS NOT NULL;

COMMENT ON VIEW marts.apparent_conflicts IS 'Pairs that look like disagreements but are not, each with the reason: compatible_bounds (">80" and ">100" admit a common value), within_rounding ("nearly 11" and 10.98: within half the last significant digit of the less precise side), same_document (two statements of one publisher in one document), compatible_dates ("2025" and 2025-06-11). Both rows stay in core.';
COMMENT ON COLUMN marts.apparent_conflicts.apparent_reason IS 'compatible_bounds, within_rounding, same_document or compatible_dates.';
COMMENT ON COLUMN marts.apparent_conflicts.conflict_on IS 'value (two figures for one series and period) or date (two dates for one milestone).';
COMMENT ON COLUMN marts.apparent_conflicts.conflict_type IS 'between_sources, between_vintages, between_carriers or within_source (see marts.conflicts).';
COMMENT ON COLUMN marts.apparent_conflicts.series_key IS 'Series both sides belong to; for dates, entity | milestone.';
COMMENT ON COLUMN marts.apparent_conflicts.entity_id IS 'Canonical entity, NULL when unresolved.';
COMMENT ON COLUMN marts.apparent_conflicts.indicator IS 'Indicator id; NULL for dates.';
COMMENT ON COLUMN marts.apparent_conflicts.subject IS 'Subject as side a words it.';
COMMENT ON COLUMN marts.apparent_conflicts.period IS 'Period both figures describe; for dates, the milestone.';
COMMENT ON COLUMN marts.apparent_conflicts.kind IS 'Kind (or event category) of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.b_kind IS 'Kind (or event category) of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.unit IS 'Base unit of both values; ''date'' for dates.';
COMMENT ON COLUMN marts.apparent_conflicts.a_value IS 'Value of side a, in unit.';
COMMENT ON COLUMN marts.apparent_conflicts.a_value_qualifier IS 'Hedge on side a (> < ~ >= <=).';
COMMENT ON COLUMN marts.apparent_conflicts.b_value IS 'Value of side b, in unit.';
COMMENT ON COLUMN marts.apparent_conflicts.b_value_qualifier IS 'Hedge on side b.';
COMMENT ON COLUMN marts.apparent_conflicts.a_event_date IS 'Date side a gives (first day of its precision).';
COMMENT ON COLUMN marts.apparent_conflicts.a_date_precision IS 'Precision of side a''s date.';
COMMENT ON COLUMN marts.apparent_conflicts.b_event_date IS 'Date side b gives.';
COMMENT ON COLUMN marts.apparent_conflicts.b_date_precision IS 'Precision of side b''s date.';
COMMENT ON COLUMN marts.apparent_conflicts.relative_difference IS '|a - b| / max(|a|, |b|), 0-1.';
COMMENT ON COLUMN marts.apparent_conflicts.days_apart IS 'Days between the two dates.';
COMMENT ON COLUMN marts.apparent_conflicts.a_publisher IS 'Publisher of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_carrier IS 'Who carried side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_published_on IS 'Vintage of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_url IS 'Document address of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_evidence IS 'Evidence of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.a_record_id IS 'Observation or event id of side a.';
COMMENT ON COLUMN marts.apparent_conflicts.b_publisher IS 'Publisher of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_carrier IS 'Who carried side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_published_on IS 'Vintage of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_url IS 'Document address of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_evidence IS 'Evidence of side b.';
COMMENT ON COLUMN marts.apparent_conflicts.b_record_id IS 'Observation or event id of side b.';
