-- key: record_id
-- check: units_valid
-- check: shares_in_range columns=value only_unit=share
-- check: dates_not_in_future
-- Market sizes, growth rates and forecasts, one row per sourced figure and vintage.
CREATE OR REPLACE VIEW marts.market_size AS
SELECT
    o.indicator,
    i.name AS indicator_name,
    o.subject,
    o.segment,
    o.fabric,
    o.vendor,
    o.speed_gbps,
    o.region,
    o.product_id,
    o.period,
    o.period_start,
    o.period_end,
    marts.series_kind(o.period, o.segment) AS series_kind,
    o.value,
    o.value_qualifier,
    o.unit,
    CASE WHEN o.unit = 'USD' THEN o.value / 1e9 END AS value_usd_bn,
    o.kind,
    o.published_on,
    o.series_key,
    o.entity_id,
    concat_ws(' ', o.publisher, coalesce(CAST(o.published_on AS VARCHAR), 'undated')) AS vintage_label,
    concat_ws(' @ ', o.series_key, concat_ws(' ', o.publisher, coalesce(CAST(o.published_on AS VARCHAR), 'undated'))) AS line_key,
    o.date_basis,
    o.source_id,
    o.publisher,
    o.via,
    o.url,
    o.title,
    o.confidence,
    o.evidence,
    o.note,
    o.record_id
FROM core.observations_stated o
LEFT JOIN core.indicators i USING (indicator)
WHERE o.indicator IN ('ai_backend_network_revenue', 'dc_switch_revenue', 'dc_ethernet_switch_revenue',
                      'vendor_networking_revenue', 'optics_revenue', 'market_cagr', 'market_growth_rate')
   OR o.indicator IN (SELECT indicator FROM core.indicators WHERE category = 'market');

COMMENT ON VIEW marts.market_size IS 'Market sizes, growth rates and forecasts (market indicators plus optics revenue) by source, segment, period and vintage; cumulative multi-year figures are told apart from annual ones by series_kind.';
COMMENT ON COLUMN marts.market_size.indicator IS 'Indicator id (core.indicators), e.g. ai_backend_network_revenue, market_cagr.';
COMMENT ON COLUMN marts.market_size.indicator_name IS 'Indicator name from the catalog (NULL when the catalog lacks it).';
COMMENT ON COLUMN marts.market_size.subject IS 'What the figure is about: market, vendor or segment as the source words it.';
COMMENT ON COLUMN marts.market_size.segment IS 'Market segment or series qualifier (ai_backend, dc_switch, y/y, cumulative, ...).';
COMMENT ON COLUMN marts.market_size.fabric IS 'Fabric dimension (infiniband, ethernet, ...), NULL for all fabrics.';
COMMENT ON COLUMN marts.market_size.vendor IS 'Vendor dimension, NULL for the whole market.';
COMMENT ON COLUMN marts.market_size.speed_gbps IS 'Speed dimension, Gb/s (NULL when not split by speed).';
COMMENT ON COLUMN marts.market_size.region IS 'Region dimension, NULL for worldwide.';
COMMENT ON COLUMN marts.market_size.product_id IS 'Product dimension, NULL when not about one product.';
COMMENT ON COLUMN marts.market_size.period IS 'Period described: 2024, 2024Q3, 2024H2 or a cumulative range 2025-2029.';
COMMENT ON COLUMN marts.market_size.period_start IS 'First day of the period.';
COMMENT ON COLUMN marts.market_size.period_end IS 'Last day of the period.';
COMMENT ON COLUMN marts.market_size.series_kind IS 'annual, half_yearly, quarterly, monthly, daily or cumulative (multi-year range, or a segment marked cumulative); never mix kinds in one series.';
COMMENT ON COLUMN marts.market_size.value IS 'The figure in its unit (USD for money, ratio or share 0-1 for growth and CAGR).';
COMMENT ON COLUMN marts.market_size.value_qualifier IS 'Hedge the source put on the figure: > < ~ >= <=, NULL when exact.';
COMMENT ON COLUMN marts.market_size.unit IS 'Unit of value: USD, ratio or share (0-1).';
COMMENT ON COLUMN marts.market_size.value_usd_bn IS 'Money figures in billions of USD (value / 1e9), NULL for rates.';
COMMENT ON COLUMN marts.market_size.kind IS 'actual, estimate, forecast or vendor_claim.';
COMMENT ON COLUMN marts.market_size.published_on IS 'Vintage: date the source published the figure (NULL when undated).';
COMMENT ON COLUMN marts.market_size.series_key IS 'Series identity (core.observations.series_key): indicator | entity | segment | speed | fabric | region | period basis; figures of several publishers for one quantity share it, cumulative and annual figures never do.';
COMMENT ON COLUMN marts.market_size.entity_id IS 'Canonical entity (core.entities), NULL when unresolved.';
COMMENT ON COLUMN marts.market_size.vintage_label IS 'Publisher and vintage (published_on, or undated): one line per series and vintage in charts.';
COMMENT ON COLUMN marts.market_size.line_key IS 'series_key @ vintage_label: what a chart draws as one line.';
COMMENT ON COLUMN marts.market_size.date_basis IS 'How published_on is known (published, as_of, list_release, retrieved, undated).';
COMMENT ON COLUMN marts.market_size.source_id IS 'Source id (core.sources).';
COMMENT ON COLUMN marts.market_size.publisher IS 'Original publisher (e.g. Dell''Oro Group).';
COMMENT ON COLUMN marts.market_size.via IS 'Secondary carrier (repost, seed document) when the original was not read first-hand.';
COMMENT ON COLUMN marts.market_size.url IS 'Address of the document.';
COMMENT ON COLUMN marts.market_size.title IS 'Document title.';
COMMENT ON COLUMN marts.market_size.confidence IS 'reported, derived or analyst_estimate.';
COMMENT ON COLUMN marts.market_size.evidence IS 'Sentence, table cell or locator the figure came from.';
COMMENT ON COLUMN marts.market_size.note IS 'Analyst note (scope, normalization).';
COMMENT ON COLUMN marts.market_size.record_id IS 'Observation id (core.observations.record_id).';
