-- key: problem, record_table, record_id
-- check: row_count_stable severity=WARN
-- check: data_quality_clear name=dates_explained problem=date_basis_mismatch severity=ERROR
-- check: data_quality_clear name=entities_resolved problem=unresolved_entity
-- check: data_quality_clear name=evidence_holds_value problem=evidence_without_value
-- check: data_quality_clear name=events_published_after_they_happened problem=event_before_publication severity=ERROR
-- check: data_quality_clear name=forecasts_before_their_period problem=forecast_after_period
-- check: data_quality_clear name=actuals_not_expected problem=actual_says_expected
-- check: data_quality_clear name=periods_match_evidence problem=period_contradicts_evidence
-- Rows that are kept but need an analyst's look: no canonical entity, evidence without the figure,
-- a date whose basis does not match it.
CREATE OR REPLACE VIEW marts.data_quality AS
SELECT 'unresolved_entity' AS problem, 'observations' AS record_table, record_id, indicator, subject, vendor, product_id,
       period, value, unit, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       'no entity: subject, product_id and vendor name no registered entity or alias (add one to entities.csv, or an entity_id to the row)' AS detail
FROM core.observations WHERE entity_id IS NULL
UNION ALL
SELECT 'unresolved_entity', 'events', record_id, NULL, subject, vendor, product_id,
       CAST(event_date AS VARCHAR), NULL, NULL, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       'no entity: subject, product_id and vendor name no registered entity or alias'
FROM core.events WHERE entity_id IS NULL
UNION ALL
SELECT 'evidence_without_value', 'observations', record_id, indicator, subject, vendor, product_id,
       period, value, unit, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       'the evidence does not state the value in any written form; quote the sentence that does, or mark evidence_kind = context and say in the note how the figure was computed'
FROM core.observations WHERE NOT coalesce(evidence_has_value, false) AND coalesce(evidence_kind, 'quote') = 'quote'
UNION ALL
SELECT 'date_basis_mismatch', 'observations', record_id, indicator, subject, vendor, product_id,
       period, value, unit, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       'published_on is NULL exactly when date_basis is undated, and date_basis is set'
FROM core.observations WHERE date_basis IS NULL OR (published_on IS NULL) <> (date_basis = 'undated')
UNION ALL
SELECT 'date_basis_mismatch', 'events', record_id, NULL, subject, vendor, product_id,
       CAST(event_date AS VARCHAR), NULL, NULL, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       'published_on is NULL exactly when date_basis is undated, and date_basis is set'
FROM core.events WHERE date_basis IS NULL OR (published_on IS NULL) <> (date_basis = 'undated')
UNION ALL
-- an event the source states as fact must have happened by the time the source was published: the whole span of
-- its publication date (2022 = all of 2022) ends before the event's first possible day. A plan or forecast says so
-- in its kind (core.events.kind).
SELECT 'event_before_publication', 'events', record_id, NULL, subject, vendor, product_id,
       CAST(event_date AS VARCHAR), NULL, NULL, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       printf('published %s (%s precision) before the event''s date %s (%s): a plan or forecast must say so (kind plan or forecast), else the date or the publication date is wrong',
              published_on, coalesce(published_precision, 'day'), event_date, date_precision)
FROM core.events
WHERE coalesce(kind, 'actual') = 'actual' AND published_on IS NOT NULL
  AND CASE coalesce(published_precision, 'day')
          WHEN 'year' THEN CAST(published_on + INTERVAL 1 YEAR - INTERVAL 1 DAY AS DATE)
          WHEN 'month' THEN CAST(published_on + INTERVAL 1 MONTH - INTERVAL 1 DAY AS DATE)
          ELSE published_on END < event_date
UNION ALL
-- a forecast is made before its period ends: one published after its period ended is an actual or an estimate
SELECT 'forecast_after_period', 'observations', record_id, indicator, subject, vendor, product_id,
       period, value, unit, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       printf('a forecast published %s, after its period %s had ended (%s): is it an actual or an estimate?', published_on, period, period_end)
FROM core.observations
WHERE kind = 'forecast' AND published_on > period_end
UNION ALL
-- an actual whose own evidence speaks of an expectation, a guidance or an outlook (expected, 預計, guidance)
SELECT 'actual_says_expected', 'observations', record_id, indicator, subject, vendor, product_id,
       period, value, unit, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       'kind is actual but the evidence speaks of an expectation (expected, forecast, guidance, outlook, 預計, 預期): is it a forecast?'
FROM core.observations
WHERE kind = 'actual'
  AND regexp_matches(evidence, '(?i)\b(expected|expects|expecting|forecasts?|forecasted|guidance|outlook|projected|projects)\b|預計|预计|預期|预期|預估|预估')
UNION ALL
-- the evidence names years and none of them is a year of the row's period (seed 000 stamping 2025 on a 2024 fact)
SELECT 'period_contradicts_evidence', 'observations', record_id, indicator, subject, vendor, product_id,
       period, value, unit, source_id, publisher, published_on, date_basis, evidence_kind, evidence, origin,
       printf('the evidence names %s but the period is %s', array_to_string(years, ', '), period)
FROM (SELECT *, list_distinct(regexp_extract_all(evidence, '(?:^|[^0-9.,])(20[1-3][0-9])(?:[^0-9万萬亿億.,]|$)', 1)) AS years
      FROM core.observations WHERE origin = 'curated')
WHERE len(years) > 0
  AND NOT list_has_any(years, [CAST(y AS VARCHAR) FOR y IN range(year(period_start), year(period_end) + 1)]);

COMMENT ON VIEW marts.data_quality IS 'One row per kept row with a data-quality problem: unresolved_entity (no canonical entity; the row keeps its own series), evidence_without_value (a quoted evidence that does not hold the figure; table locators and computed context are not required to) date_basis_mismatch (published_on NULL but date_basis not undated, or the reverse), event_before_publication (an event stated as fact in a document published before it happened; ERROR), forecast_after_period (a forecast published after its period ended), actual_says_expected (an actual whose evidence speaks of an expectation) and period_contradicts_evidence (the evidence names years, none of them the period''s). Nothing here is dropped or guessed.';
COMMENT ON COLUMN marts.data_quality.problem IS 'unresolved_entity, evidence_without_value, date_basis_mismatch, event_before_publication, forecast_after_period, actual_says_expected or period_contradicts_evidence.';
COMMENT ON COLUMN marts.data_quality.record_table IS 'observations or events (core.<record_table>).';
COMMENT ON COLUMN marts.data_quality.record_id IS 'Id of the row in its table.';
COMMENT ON COLUMN marts.data_quality.indicator IS 'Indicator id (observations).';
COMMENT ON COLUMN marts.data_quality.subject IS 'Subject as the source words it.';
COMMENT ON COLUMN marts.data_quality.vendor IS 'Vendor field of the row.';
COMMENT ON COLUMN marts.data_quality.product_id IS 'Product field of the row.';
COMMENT ON COLUMN marts.data_quality.period IS 'Period (observations) or event date (events).';
COMMENT ON COLUMN marts.data_quality.value IS 'Value in its normalized unit (observations).';
COMMENT ON COLUMN marts.data_quality.unit IS 'Unit of value.';
COMMENT ON COLUMN marts.data_quality.source_id IS 'Source id.';
COMMENT ON COLUMN marts.data_quality.publisher IS 'Publisher.';
COMMENT ON COLUMN marts.data_quality.published_on IS 'Vintage of the row.';
COMMENT ON COLUMN marts.data_quality.date_basis IS 'How published_on is known.';
COMMENT ON COLUMN marts.data_quality.evidence_kind IS 'quote, table or context.';
COMMENT ON COLUMN marts.data_quality.evidence IS 'Evidence text of the row.';
COMMENT ON COLUMN marts.data_quality.origin IS 'Loader that wrote the row (curated or a parser asset).';
COMMENT ON COLUMN marts.data_quality.detail IS 'What is wrong and how to fix it.';
