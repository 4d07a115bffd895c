-- key: a_record_id, b_record_id
-- check: no_conflicts severity=WARN
-- check: row_count_stable severity=WARN
-- Real disagreements on one series: two figures for the same series_key and period (forecasts apart) with different
-- values (conflict_on = 'value'), or two dates for the same milestone of one entity (conflict_on = 'date'); pairs
-- that are only apparent (compatible bounds, rounding, one document, overlapping dates) are in marts.apparent_conflicts.
CREATE OR REPLACE VIEW marts.conflicts AS
SELECT * EXCLUDE (apparent_reason)
FROM marts.conflict_pairs
WHERE apparent_reason IS NULL;

COMMENT ON VIEW marts.conflicts IS 'Real disagreements on one series (marts.conflict_pairs without the apparent ones: compatible bounds, differences within the stated rounding, two statements of one document, overlapping imprecise dates; those are in marts.apparent_conflicts with the reason), both sides with their sources and carriers (side a is the older vintage): two figures with the same series_key, period and kind but different values after unit normalization (conflict_on = value), or two dates for the same entity and milestone (conflict_on = date). A figure is never paired with its own range bound (same address and evidence), nor with a figure of another period or period basis (cumulative vs annual). Pairs grow linearly with vintages: a side (one publisher, source and carrier) meets every other side with its newest statement (one vintage, address and evidence: a figure or both bounds of a range), and within a side each statement meets the one before it in vintage order (a restatement); a superseded statement is not paired with other sides again. Both rows stay in core; nothing is overwritten.';
COMMENT ON COLUMN marts.conflicts.conflict_on IS 'value (two figures for one series and period) or date (two dates for one milestone).';
COMMENT ON COLUMN marts.conflicts.conflict_type IS 'between_sources (different publishers), between_vintages (same publisher, different dates: a revision), between_carriers (same publisher and date, carried by different reposts or documents: see a_carrier, b_carrier) or within_source (one carrier, one date).';
COMMENT ON COLUMN marts.conflicts.series_key IS 'Series both sides belong to (core.observations.series_key); for dates, entity | milestone.';
COMMENT ON COLUMN marts.conflicts.entity_id IS 'Canonical entity (core.entities), NULL when the series is unresolved.';
COMMENT ON COLUMN marts.conflicts.indicator IS 'Indicator id; NULL for date conflicts.';
COMMENT ON COLUMN marts.conflicts.subject IS 'Subject as side a words it (see a_subject, b_subject).';
COMMENT ON COLUMN marts.conflicts.vendor IS 'Vendor dimension of side a.';
COMMENT ON COLUMN marts.conflicts.product_id IS 'Product dimension of side a.';
COMMENT ON COLUMN marts.conflicts.a_subject IS 'Side a''s own wording of the subject.';
COMMENT ON COLUMN marts.conflicts.b_subject IS 'Side b''s own wording of the subject.';
COMMENT ON COLUMN marts.conflicts.period IS 'Period both figures describe; for date conflicts, the milestone.';
COMMENT ON COLUMN marts.conflicts.kind IS 'Observation kind of side a (actual, estimate, spec and vendor_claim are compared with each other, a forecast only with a forecast); for date conflicts, side a''s event category.';
COMMENT ON COLUMN marts.conflicts.b_kind IS 'Observation kind (or event category) of side b.';
COMMENT ON COLUMN marts.conflicts.segment IS 'Segment dimension (same on both sides).';
COMMENT ON COLUMN marts.conflicts.speed_gbps IS 'Speed dimension, Gb/s (same on both sides).';
COMMENT ON COLUMN marts.conflicts.fabric IS 'Fabric dimension (side a''s for date conflicts).';
COMMENT ON COLUMN marts.conflicts.region IS 'Region dimension (same on both sides).';
COMMENT ON COLUMN marts.conflicts.unit IS 'Base unit both values are expressed in (ns, W, Gbps, GBps, GB, ... after converting us, kW, Tbps, TBps, TB); ''date'' for date conflicts.';
COMMENT ON COLUMN marts.conflicts.a_value IS 'Value of side a, in unit (NULL for date conflicts).';
COMMENT ON COLUMN marts.conflicts.a_value_qualifier IS 'Hedge on side a (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.conflicts.b_value IS 'Value of side b, in unit.';
COMMENT ON COLUMN marts.conflicts.b_value_qualifier IS 'Hedge on side b, NULL when exact.';
COMMENT ON COLUMN marts.conflicts.a_event_date IS 'Date side a gives for the milestone (first day of its precision), NULL for value conflicts.';
COMMENT ON COLUMN marts.conflicts.a_date_precision IS 'Precision of side a''s date: day, month, quarter, half or year.';
COMMENT ON COLUMN marts.conflicts.b_event_date IS 'Date side b gives for the milestone.';
COMMENT ON COLUMN marts.conflicts.b_date_precision IS 'Precision of side b''s date.';
COMMENT ON COLUMN marts.conflicts.relative_difference IS '|a - b| / max(|a|, |b|), 0-1 (value conflicts).';
COMMENT ON COLUMN marts.conflicts.days_apart IS 'Days between the two dates (date conflicts).';
COMMENT ON COLUMN marts.conflicts.bounds_compatible IS 'True when the two sides admit a common value: hedges that overlap (">50" and ">100") or imprecise dates whose spans overlap ("2025" and 2025-06-11); the disagreement may be only apparent.';
COMMENT ON COLUMN marts.conflicts.a_source_id IS 'Source id of side a.';
COMMENT ON COLUMN marts.conflicts.a_publisher IS 'Publisher of side a.';
COMMENT ON COLUMN marts.conflicts.a_via IS 'Secondary carrier of side a as recorded (NULL when read first-hand).';
COMMENT ON COLUMN marts.conflicts.a_carrier IS 'Who carried side a: its via, else its document''s host.';
COMMENT ON COLUMN marts.conflicts.a_published_on IS 'Vintage of side a (the older, or undated).';
COMMENT ON COLUMN marts.conflicts.a_date_basis IS 'How side a''s vintage is known (published, as_of, list_release, retrieved, undated).';
COMMENT ON COLUMN marts.conflicts.a_url IS 'Document address of side a.';
COMMENT ON COLUMN marts.conflicts.a_evidence IS 'Evidence of side a.';
COMMENT ON COLUMN marts.conflicts.a_confidence IS 'Confidence of side a.';
COMMENT ON COLUMN marts.conflicts.a_record_id IS 'Observation or event id of side a.';
COMMENT ON COLUMN marts.conflicts.b_source_id IS 'Source id of side b.';
COMMENT ON COLUMN marts.conflicts.b_publisher IS 'Publisher of side b.';
COMMENT ON COLUMN marts.conflicts.b_via IS 'Secondary carrier of side b as recorded.';
COMMENT ON COLUMN marts.conflicts.b_carrier IS 'Who carried side b: its via, else its document''s host.';
COMMENT ON COLUMN marts.conflicts.b_published_on IS 'Vintage of side b (the newer).';
COMMENT ON COLUMN marts.conflicts.b_date_basis IS 'How side b''s vintage is known.';
COMMENT ON COLUMN marts.conflicts.b_url IS 'Document address of side b.';
COMMENT ON COLUMN marts.conflicts.b_evidence IS 'Evidence of side b.';
COMMENT ON COLUMN marts.conflicts.b_confidence IS 'Confidence of side b.';
COMMENT ON COLUMN marts.conflicts.b_record_id IS 'Observation or event id of side b.';
