-- 0031: lineage at the grain of the rows a mart reads. The marts of market figures, specs, cloud
-- fabrics and UEC membership select indicators that only publishers state (the ledger, press
-- releases, spec pages, the UEC site); the nccl-tests and TOP500 parsers write their own indicators
-- (nccl_busbw*, top500_*), read by their own marts. This view is every observation except the rows
-- of those measurement parsers (by origin, the loader that wrote them), so a mart reading it is not
-- rebuilt when an nccl-tests log or a TOP500 list arrives. pipelines/lineage.py reads the origins
-- excluded here from this statement (DuckDB's parser): what the view holds and what lineage says it
-- holds cannot drift apart.
CREATE OR REPLACE VIEW core.observations_stated AS
SELECT o.*
FROM core.observations o
WHERE o.origin NOT IN ('parse_nccl_logs', 'parse_top500_lists');
COMMENT ON VIEW core.observations_stated IS 'Observations stated by publishers: every row of core.observations except those parsed from nccl-tests logs and TOP500 lists (origins parse_nccl_logs, parse_top500_lists), which their own marts read. Marts selecting market, spec, cloud or UEC indicators read this view, so a new benchmark log or list does not rebuild them.';
-- The view's columns are core.observations' columns, with their comments:
COMMENT ON COLUMN core.observations_stated.record_id IS 'Stable id: hash of the fact, its source and vintage.';
COMMENT ON COLUMN core.observations_stated.indicator IS 'Indicator id (core.indicators).';
COMMENT ON COLUMN core.observations_stated.subject IS 'What the number is about: vendor, product, fabric, market segment or system.';
COMMENT ON COLUMN core.observations_stated.period IS 'Period described: 2024, 2024Q3, 2024H2, 2024-07, 2024-07-15, or a cumulative range 2025-2029.';
COMMENT ON COLUMN core.observations_stated.period_start IS 'First day of the period.';
COMMENT ON COLUMN core.observations_stated.period_end IS 'Last day of the period.';
COMMENT ON COLUMN core.observations_stated.value IS 'The number, in the normalized unit (shares 0-1, money in USD, speeds in Gbps).';
COMMENT ON COLUMN core.observations_stated.value_qualifier IS 'Hedge the source put on the number: > < ~ >= <=, NULL when exact.';
COMMENT ON COLUMN core.observations_stated.unit IS 'Normalized unit.';
COMMENT ON COLUMN core.observations_stated.kind IS 'actual, estimate, forecast, vendor_claim or spec.';
COMMENT ON COLUMN core.observations_stated.speed_gbps IS 'Port or link speed dimension in Gb/s, NULL when not applicable.';
COMMENT ON COLUMN core.observations_stated.fabric IS 'Fabric dimension: infiniband, ethernet, roce, spectrum-x, uec, nvlink, slingshot, omni-path, other.';
COMMENT ON COLUMN core.observations_stated.vendor IS 'Vendor dimension.';
COMMENT ON COLUMN core.observations_stated.product_id IS 'Product dimension (core.products.product_id).';
COMMENT ON COLUMN core.observations_stated.region IS 'Region dimension.';
COMMENT ON COLUMN core.observations_stated.segment IS 'Market segment or series qualifier (e.g. ai_backend, dc_switch, cumulative).';
COMMENT ON COLUMN core.observations_stated.note IS 'Analyst note (caveats, how a figure was normalized).';
COMMENT ON COLUMN core.observations_stated.source_id IS 'Source id (core.sources).';
COMMENT ON COLUMN core.observations_stated.publisher IS 'Original publisher of the number.';
COMMENT ON COLUMN core.observations_stated.title IS 'Title of the document the number comes from.';
COMMENT ON COLUMN core.observations_stated.url IS 'Address of the document.';
COMMENT ON COLUMN core.observations_stated.via IS 'Secondary carrier (seed document, repost) when the original was not read first-hand.';
COMMENT ON COLUMN core.observations_stated.published_on IS 'Vintage: when the source said it. Forecast revisions are rows with later vintages.';
COMMENT ON COLUMN core.observations_stated.evidence IS 'The sentence, table cell or locator the number came from.';
COMMENT ON COLUMN core.observations_stated.document_sha IS 'sha256 of the stored document it was parsed from (raw.documents), NULL for curated rows.';
COMMENT ON COLUMN core.observations_stated.confidence IS 'reported (read in the source), derived (computed from reported figures) or analyst_estimate.';
COMMENT ON COLUMN core.observations_stated.origin IS 'Which loader wrote the row: curated or a parser asset name.';
COMMENT ON COLUMN core.observations_stated.loaded_at IS 'When the row was loaded (UTC).';
COMMENT ON COLUMN core.observations_stated.entity_id IS 'Canonical entity (core.entities) the figure is about, NULL when no field names a registered entity (see marts.data_quality).';
COMMENT ON COLUMN core.observations_stated.entity_resolution IS 'How entity_id was found: explicit (the row names it), subject, product_id or vendor (the first field whose normalized text is an alias), or unresolved.';
COMMENT ON COLUMN core.observations_stated.series_key IS 'Series identity: indicator | entity | segment | speed Gb/s | fabric | region | period_basis (dash = not split; an unresolved row uses subject:<normalized subject>). Two figures with the same series_key and period describe the same quantity.';
COMMENT ON COLUMN core.observations_stated.period_basis IS 'annual, half_yearly, quarterly, monthly, daily or cumulative (a multi-year range or a running total).';
COMMENT ON COLUMN core.observations_stated.date_basis IS 'How published_on is known: published (the document''s own date), as_of (a date the document states), list_release (a TOP500 list''s release), retrieved (when an undated page was read) or undated (published_on NULL).';
COMMENT ON COLUMN core.observations_stated.evidence_kind IS 'quote (the evidence holds the figure), table (a table cell or locator) or context (the figure is computed from quoted figures; the note says how).';
COMMENT ON COLUMN core.observations_stated.evidence_has_value IS 'True when the evidence states the value in some written form ($100 B, 100B, 1,000億, 60%, 13.4 TB for 13400 GB; sources/evidence.py); false rows are listed in marts.data_quality unless evidence_kind is context.';
-- columns added by 0028 (the vocabulary) and comments it amended: the view says what the table says
COMMENT ON COLUMN core.observations_stated.published_precision IS 'Precision of published_on as the source gave it: day, month, quarter or year (a date given as 2024 is stored as 2024-01-01 with precision year); NULL when undated.';
COMMENT ON COLUMN core.observations_stated.scope IS 'What the figure covers (core.vocabulary dimension scope, e.g. backend_switches_ib_eth): a series key dimension, so figures of different market definitions never meet; NULL when the indicator and entity define it.';
COMMENT ON COLUMN core.observations_stated.carrier IS 'Host that carried the document (address host without www.), NULL for seed rows without an address.';
COMMENT ON COLUMN core.observations_stated.source_tier IS 'original (the publisher''s own release, filing, documentation or repository), press (established press quoting it), aggregator (reposter, summary site or mirror) or unverified (forum, unattributed, generated or seed text); see core.carriers.';
COMMENT ON COLUMN core.observations_stated.tier_reason IS 'Why the row has its source tier, in words.';
COMMENT ON COLUMN core.observations_stated.key_controlled IS 'True when every key dimension resolved from the controlled vocabulary (curated rows: always, or the load refuses them); NULL for parsed rows, whose keys their parsers build.';
