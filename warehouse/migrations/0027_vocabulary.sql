-- 0027: the controlled vocabulary of every key dimension (issue 19), source tiers of every source and
-- carrier (issue 20), and the columns that record how each row resolved: date precision, scope, tier.
CREATE TABLE core.vocabulary (
    dimension     VARCHAR NOT NULL,
    term          VARCHAR NOT NULL,
    name_en       VARCHAR NOT NULL,
    name_zh       VARCHAR NOT NULL,
    definition_en VARCHAR,
    definition_zh VARCHAR,
    parent        VARCHAR,
    aliases       VARCHAR[],
    rule          VARCHAR,
    PRIMARY KEY (dimension, term)
);
COMMENT ON TABLE core.vocabulary IS 'Controlled vocabulary of every key dimension (sources/curated/vocabulary/*.csv): indicator titles, segments, speed classes, fabrics, regions, scopes, period bases, date precisions, milestones and source tiers, in English and Traditional Chinese. Every curated row resolves each key dimension to a term here or is refused at load.';
COMMENT ON COLUMN core.vocabulary.dimension IS 'indicator, segment, speed, fabric, region, scope, period_basis, date_precision, milestone or source_tier.';
COMMENT ON COLUMN core.vocabulary.term IS 'Controlled term written into series keys (e.g. per_gpu, ethernet, worldwide, shipping).';
COMMENT ON COLUMN core.vocabulary.name_en IS 'Human name in English.';
COMMENT ON COLUMN core.vocabulary.name_zh IS 'Human name in Traditional Chinese (zh-TW).';
COMMENT ON COLUMN core.vocabulary.definition_en IS 'What the term means and includes, in English.';
COMMENT ON COLUMN core.vocabulary.definition_zh IS 'What the term means, in Traditional Chinese (NULL when only the English definition is written).';
COMMENT ON COLUMN core.vocabulary.parent IS 'Broader term of the same dimension (roce -> ethernet, sampling -> shipping), NULL at the top.';
COMMENT ON COLUMN core.vocabulary.aliases IS 'Wordings the ledger may write for this term (English and Chinese), matched after normalization (case, width, punctuation).';
COMMENT ON COLUMN core.vocabulary.rule IS 'Resolution rule of the term, in words and flags: for indicators speed_in_key=yes|no; for milestones pairs=yes|no; for fabrics implied_by=<entities>.';

CREATE TABLE core.carriers (
    carrier       VARCHAR PRIMARY KEY,
    carrier_class VARCHAR NOT NULL,
    tier          VARCHAR NOT NULL,
    owner         VARCHAR,
    spam_mirror   BOOLEAN NOT NULL,
    reason        VARCHAR NOT NULL
);
COMMENT ON TABLE core.carriers IS 'Every host that carried a curated figure (sources/curated/vocabulary/carriers.csv), with its class and source tier and the reason for it.';
COMMENT ON COLUMN core.carriers.carrier IS 'Host name of the document address, without www. (e.g. lightwaveonline.com).';
COMMENT ON COLUMN core.carriers.carrier_class IS 'publisher_site, wire, press, aggregator, spam_mirror, forum or generated.';
COMMENT ON COLUMN core.carriers.tier IS 'Source tier of the host (core.vocabulary dimension source_tier): original, press, aggregator or unverified. A publisher_site is original only for its owner''s own figures; quoting another publisher it is press.';
COMMENT ON COLUMN core.carriers.owner IS 'Publisher whose own site this is (publisher_site), NULL otherwise.';
COMMENT ON COLUMN core.carriers.spam_mirror IS 'True for a spam mirror: a throwaway or unrelated domain copying other sites'' pages.';
COMMENT ON COLUMN core.carriers.reason IS 'Why the host has its tier, in words.';

ALTER TABLE core.observations ADD COLUMN IF NOT EXISTS published_precision VARCHAR;
ALTER TABLE core.observations ADD COLUMN IF NOT EXISTS scope VARCHAR;
ALTER TABLE core.observations ADD COLUMN IF NOT EXISTS carrier VARCHAR;
ALTER TABLE core.observations ADD COLUMN IF NOT EXISTS source_tier VARCHAR;
ALTER TABLE core.observations ADD COLUMN IF NOT EXISTS tier_reason VARCHAR;
ALTER TABLE core.observations ADD COLUMN IF NOT EXISTS key_controlled BOOLEAN;
COMMENT ON COLUMN core.observations.published_precision IS 'Precision of published_on as the source gave it: day, month, quarter or year (a date given as 2024 is stored as 2024-01-01 with precision year); NULL when undated.';
COMMENT ON COLUMN core.observations.scope IS 'What the figure covers (core.vocabulary dimension scope, e.g. backend_switches_ib_eth): a series key dimension, so figures of different market definitions never meet; NULL when the indicator and entity define it.';
COMMENT ON COLUMN core.observations.carrier IS 'Host that carried the document (address host without www.), NULL for seed rows without an address.';
COMMENT ON COLUMN core.observations.source_tier IS 'original (the publisher''s own release, filing, documentation or repository), press (established press quoting it), aggregator (reposter, summary site or mirror) or unverified (forum, unattributed, generated or seed text); see core.carriers.';
COMMENT ON COLUMN core.observations.tier_reason IS 'Why the row has its source tier, in words.';
COMMENT ON COLUMN core.observations.key_controlled IS 'True when every key dimension resolved from the controlled vocabulary (curated rows: always, or the load refuses them); NULL for parsed rows, whose keys their parsers build.';

ALTER TABLE core.events ADD COLUMN IF NOT EXISTS published_precision VARCHAR;
ALTER TABLE core.events ADD COLUMN IF NOT EXISTS carrier VARCHAR;
ALTER TABLE core.events ADD COLUMN IF NOT EXISTS source_tier VARCHAR;
ALTER TABLE core.events ADD COLUMN IF NOT EXISTS tier_reason VARCHAR;
COMMENT ON COLUMN core.events.published_precision IS 'Precision of published_on as the source gave it: day, month, quarter or year; NULL when undated.';
COMMENT ON COLUMN core.events.carrier IS 'Host that carried the document, NULL without an address.';
COMMENT ON COLUMN core.events.source_tier IS 'original, press, aggregator or unverified (see core.observations.source_tier).';
COMMENT ON COLUMN core.events.tier_reason IS 'Why the event has its source tier, in words.';
ALTER TABLE core.events ADD COLUMN IF NOT EXISTS kind VARCHAR;
COMMENT ON COLUMN core.events.kind IS 'actual (the source says it happened, or states the date as fact), plan (a company''s plan or target date) or forecast (a third party''s expectation); a plan or forecast may be published before its date, an actual may not (marts.data_quality, event_before_publication).';
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS published_precision VARCHAR;
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS carrier VARCHAR;
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS source_tier VARCHAR;
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS tier_reason VARCHAR;
COMMENT ON COLUMN core.products.published_precision IS 'Precision of published_on as the source gave it: day, month or year; NULL when undated.';
COMMENT ON COLUMN core.products.carrier IS 'Host that carried the document, NULL without an address.';
COMMENT ON COLUMN core.products.source_tier IS 'original, press, aggregator or unverified (see core.observations.source_tier).';
COMMENT ON COLUMN core.products.tier_reason IS 'Why the product row has its source tier, in words.';
