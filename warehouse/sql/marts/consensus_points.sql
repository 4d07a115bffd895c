-- key: record_id
-- The points behind marts.consensus: for every series, period, kind and publisher, its latest vintage (the
-- newest published statement; both bounds when it is a range), with its tier and whether it enters the consensus.
CREATE OR REPLACE VIEW marts.consensus_points AS
WITH obs AS (
    SELECT series_key, indicator, entity_id, period, period_start, period_end, kind, publisher, source_id, carrier,
           value * marts.unit_factor(unit) AS value, marts.unit_base(unit) AS unit, value_qualifier,
           coalesce(value_qualifier, '') IN ('>', '>=', '<', '<=') AS is_bound,
           published_on, published_precision, coalesce(source_tier, 'original') AS tier, record_id, url, title, evidence
    FROM core.observations
    WHERE series_key IS NOT NULL
),
ranked AS (
    SELECT *,
           -- the publisher's newest statement; the two bounds of a range share their vintage and address
           dense_rank() OVER (PARTITION BY series_key, period, kind, unit, publisher
                              ORDER BY coalesce(published_on, DATE '0001-01-01') DESC,
                                       tier IN ('original', 'press') DESC, url DESC NULLS LAST) AS vintage_rank
    FROM obs
)
SELECT series_key, indicator, entity_id, period, period_start, period_end, kind, unit, publisher, source_id, carrier,
       tier, tier IN ('original', 'press') AS in_consensus, value, value_qualifier, is_bound,
       published_on, marts.date_label(published_on, published_precision) AS published_label, record_id, url, title, evidence
FROM ranked
WHERE vintage_rank = 1;

COMMENT ON VIEW marts.consensus_points IS 'Latest vintage of each publisher per series, period, kind and unit (the newest published statement; both bounds of a range), with its source tier: the points marts.consensus summarizes and a chart shows on hover. All vintages stay in core.observations and marts.forecast_revisions.';
COMMENT ON COLUMN marts.consensus_points.series_key IS 'Series identity (core.observations.series_key).';
COMMENT ON COLUMN marts.consensus_points.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.consensus_points.entity_id IS 'Canonical entity of the series.';
COMMENT ON COLUMN marts.consensus_points.period IS 'Period the figure describes (2025, 2025Q3, 2025-2029).';
COMMENT ON COLUMN marts.consensus_points.period_start IS 'First day of the period.';
COMMENT ON COLUMN marts.consensus_points.period_end IS 'Last day of the period.';
COMMENT ON COLUMN marts.consensus_points.kind IS 'actual, estimate, forecast, vendor_claim or spec (each kind its own consensus).';
COMMENT ON COLUMN marts.consensus_points.unit IS 'Base unit of value (Gbps, GBps, ns, W, GB, USD, ...).';
COMMENT ON COLUMN marts.consensus_points.publisher IS 'Original publisher of the figure.';
COMMENT ON COLUMN marts.consensus_points.source_id IS 'Source id.';
COMMENT ON COLUMN marts.consensus_points.carrier IS 'Host that carried the document, NULL without an address.';
COMMENT ON COLUMN marts.consensus_points.tier IS 'Source tier: original, press, aggregator or unverified (marts.source_tiers).';
COMMENT ON COLUMN marts.consensus_points.in_consensus IS 'True for tiers original and press: the point enters the consensus; low tiers are shown on request only.';
COMMENT ON COLUMN marts.consensus_points.value IS 'Figure in unit.';
COMMENT ON COLUMN marts.consensus_points.value_qualifier IS 'Hedge (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.consensus_points.is_bound IS 'True for a lower or upper bound (> >= < <=): drawn as a bound, never in a median.';
COMMENT ON COLUMN marts.consensus_points.published_on IS 'Vintage of the figure.';
COMMENT ON COLUMN marts.consensus_points.published_label IS 'The vintage as precisely as the source gave it: 2024, 2024-06 or 2024-06-11 (never a made-up first day).';
COMMENT ON COLUMN marts.consensus_points.record_id IS 'Observation id.';
COMMENT ON COLUMN marts.consensus_points.url IS 'Document address.';
COMMENT ON COLUMN marts.consensus_points.title IS 'Document title.';
COMMENT ON COLUMN marts.consensus_points.evidence IS 'Sentence, table cell or locator the figure came from.';
