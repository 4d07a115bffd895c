-- 0009: canonical entities and series identity; how each date is known; what the evidence is.
CREATE TABLE core.entities (
    entity_id VARCHAR PRIMARY KEY,
    kind      VARCHAR NOT NULL,
    name      VARCHAR NOT NULL,
    parent_id VARCHAR,
    aliases   VARCHAR[],
    note      VARCHAR
);
COMMENT ON TABLE core.entities IS 'Canonical entities (sources/curated/entities*.csv): companies, products, markets and segments, consortia, clusters, benchmarks, standards and software, with their aliases. Observations and events resolve to them.';
COMMENT ON COLUMN core.entities.entity_id IS 'Stable slug id (e.g. nvidia, connectx-8, uec, ethernet-switch-market).';
COMMENT ON COLUMN core.entities.kind IS 'company, product, market, segment, consortium, cluster, benchmark, standard or software.';
COMMENT ON COLUMN core.entities.name IS 'Canonical name.';
COMMENT ON COLUMN core.entities.parent_id IS 'Parent entity (product -> vendor, segment -> market), NULL at the top.';
COMMENT ON COLUMN core.entities.aliases IS 'Other spellings, abbreviations and languages (e.g. 輝達 for NVIDIA) matched after normalization (case, width, punctuation).';
COMMENT ON COLUMN core.entities.note IS 'Analyst note.';

ALTER TABLE core.observations ADD COLUMN entity_id VARCHAR;
ALTER TABLE core.observations ADD COLUMN entity_resolution VARCHAR;
ALTER TABLE core.observations ADD COLUMN series_key VARCHAR;
ALTER TABLE core.observations ADD COLUMN period_basis VARCHAR;
ALTER TABLE core.observations ADD COLUMN date_basis VARCHAR;
ALTER TABLE core.observations ADD COLUMN evidence_kind VARCHAR;
ALTER TABLE core.observations ADD COLUMN evidence_has_value BOOLEAN;
COMMENT ON COLUMN core.observations.entity_id IS 'Canonical entity (core.entities) the figure is about, NULL when no field names a registered entity (see marts.data_quality).';
COMMENT ON COLUMN core.observations.entity_resolution IS 'How entity_id was found: explicit (the row names it), subject, product_id or vendor (the first field whose normalized text is an alias), or unresolved.';
COMMENT ON COLUMN core.observations.series_key IS 'Series identity: indicator | entity | segment | speed Gb/s | fabric | region | period_basis (dash = not split; an unresolved row uses subject:<normalized subject>). Two figures with the same series_key and period describe the same quantity.';
COMMENT ON COLUMN core.observations.period_basis IS 'annual, half_yearly, quarterly, monthly, daily or cumulative (a multi-year range or a running total).';
COMMENT ON COLUMN core.observations.date_basis IS 'How published_on is known: published (the document''s own date), as_of (a date the document states), list_release (a TOP500 list''s release), retrieved (when an undated page was read) or undated (published_on NULL).';
COMMENT ON COLUMN core.observations.evidence_kind IS 'quote (the evidence holds the figure), table (a table cell or locator) or context (the figure is computed from quoted figures; the note says how).';
COMMENT ON COLUMN core.observations.evidence_has_value IS 'True when the evidence states the value in some written form ($100 B, 100B, 1,000億, 60%, 13.4 TB for 13400 GB; sources/evidence.py); false rows are listed in marts.data_quality unless evidence_kind is context.';

ALTER TABLE core.events ADD COLUMN entity_id VARCHAR;
ALTER TABLE core.events ADD COLUMN entity_resolution VARCHAR;
ALTER TABLE core.events ADD COLUMN milestone VARCHAR;
ALTER TABLE core.events ADD COLUMN date_basis VARCHAR;
ALTER TABLE core.events ADD COLUMN evidence_kind VARCHAR;
COMMENT ON COLUMN core.events.entity_id IS 'Canonical entity (core.entities) of the event, NULL when unresolved.';
COMMENT ON COLUMN core.events.entity_resolution IS 'How entity_id was found: explicit, subject, product_id, vendor or unresolved.';
COMMENT ON COLUMN core.events.milestone IS 'Slug naming the milestone (e.g. uec-1.0-release): two sources'' events with the same entity and milestone describe one event (see marts.conflicts, conflict_on = date).';
COMMENT ON COLUMN core.events.date_basis IS 'How the source''s published_on is known (published, as_of, list_release, retrieved, undated).';
COMMENT ON COLUMN core.events.evidence_kind IS 'quote, table or context (see core.observations.evidence_kind).';

COMMENT ON COLUMN core.indicators.cadence IS 'Expected update cadence (daily, weekly, monthly, quarterly, half_yearly, yearly, irregular); drives freshness (intervals in marts.cadence_days).';
