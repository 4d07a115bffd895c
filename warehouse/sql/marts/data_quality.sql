-- key: problem, record_table, record_id
-- check: row_count_stable severity=WARN
-- check: data_quality_clear name=dates_explained problem=date_basis_mismatch severity=ERROR
-- check: data_quality_clear name=entities_resolved problem=unresolved_entity
-- check: data_quality_clear name=evidence_holds_value problem=evidence_without_value
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
FROM core.events WHERE date_basis IS NULL OR (published_on IS NULL) <> (date_basis = 'undated');

COMMENT ON VIEW marts.data_quality IS 'One row per kept row with a data-quality problem: unresolved_entity (no canonical entity; the row keeps its own series), evidence_without_value (a quoted evidence that does not hold the figure; table locators and computed context are not required to) and date_basis_mismatch (published_on NULL but date_basis not undated, or the reverse). Nothing here is dropped or guessed.';
COMMENT ON COLUMN marts.data_quality.problem IS 'unresolved_entity, evidence_without_value or date_basis_mismatch.';
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
