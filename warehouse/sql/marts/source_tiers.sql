-- key: source_id, publisher, carrier, tier
-- Source tiers (issue 20): every source and carrier that stands behind a figure or event, with its tier
-- from the vocabulary and the reason. Low tiers (aggregator, unverified) are kept, counted, and never mixed
-- into marts.consensus.
-- check: rows_present
CREATE OR REPLACE VIEW marts.source_tiers AS
WITH records AS (
    SELECT source_id, publisher, carrier, coalesce(source_tier, 'original') AS tier,
           coalesce(tier_reason, 'parsed from the publisher''s own document (fetched source registry)') AS tier_reason,
           'observation' AS record_kind
    FROM core.observations
    UNION ALL
    SELECT source_id, publisher, carrier, coalesce(source_tier, 'original'),
           coalesce(tier_reason, 'parsed from the publisher''s own document (fetched source registry)'), 'event'
    FROM core.events
)
SELECT r.source_id, r.publisher, coalesce(r.carrier, '-') AS carrier, c.carrier_class,
       r.tier, t.name_en AS tier_name_en, t.name_zh AS tier_name_zh,
       TRY_CAST(regexp_extract(coalesce(t.rule, ''), 'rank=(\d+)', 1) AS INTEGER) AS tier_rank,
       r.tier IN ('original', 'press') AS in_consensus,
       coalesce(c.spam_mirror, false) AS spam_mirror,
       any_value(r.tier_reason) AS reason,
       count(*) FILTER (WHERE r.record_kind = 'observation') AS observations,
       count(*) FILTER (WHERE r.record_kind = 'event') AS events
FROM records r
LEFT JOIN core.carriers c ON c.carrier = r.carrier
LEFT JOIN core.vocabulary t ON t.dimension = 'source_tier' AND t.term = r.tier
GROUP BY r.source_id, r.publisher, coalesce(r.carrier, '-'), c.carrier_class, r.tier, t.name_en, t.name_zh, t.rule,
         c.spam_mirror;

COMMENT ON VIEW marts.source_tiers IS 'Every source, publisher and carrier behind a figure or event, with its tier (original: the publisher''s own release, filing, documentation or repository; press: established press quoting it; aggregator: reposts, recaps, summaries and spam mirrors; unverified: forums, unattributed or generated pages, seed documents), the reason, and how many records it carries. Only original and press enter marts.consensus.';
COMMENT ON COLUMN marts.source_tiers.source_id IS 'Source id (core.sources).';
COMMENT ON COLUMN marts.source_tiers.publisher IS 'Original publisher the records name.';
COMMENT ON COLUMN marts.source_tiers.carrier IS 'Host that carried the documents (without www.), ''-'' without an address (seed rows).';
COMMENT ON COLUMN marts.source_tiers.carrier_class IS 'publisher_site, wire, press, aggregator, spam_mirror, forum or generated (core.carriers); NULL for parsed sources.';
COMMENT ON COLUMN marts.source_tiers.tier IS 'original, press, aggregator or unverified.';
COMMENT ON COLUMN marts.source_tiers.tier_name_en IS 'Tier name in English.';
COMMENT ON COLUMN marts.source_tiers.tier_name_zh IS 'Tier name in Traditional Chinese.';
COMMENT ON COLUMN marts.source_tiers.tier_rank IS '1 (original) to 4 (unverified).';
COMMENT ON COLUMN marts.source_tiers.in_consensus IS 'True when figures of this tier enter marts.consensus (original and press).';
COMMENT ON COLUMN marts.source_tiers.spam_mirror IS 'True when the carrier is a spam mirror (a throwaway or unrelated domain copying others'' pages).';
COMMENT ON COLUMN marts.source_tiers.reason IS 'Why the records have this tier, in words.';
COMMENT ON COLUMN marts.source_tiers.observations IS 'Observations carried, count.';
COMMENT ON COLUMN marts.source_tiers.events IS 'Events carried, count.';
