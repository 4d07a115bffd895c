-- key: series_key, period, kind, unit
-- Consensus and spread (issue 20): per series, period and kind (actuals and forecasts apart), the latest vintage
-- of each publisher (marts.consensus_points); n publishers, median, min and max over the original and press
-- tiers, and the same over every tier beside it (low tiers are counted, never mixed in silently).
CREATE OR REPLACE VIEW marts.consensus AS
SELECT series_key, any_value(indicator) AS indicator, any_value(entity_id) AS entity_id, period,
       any_value(period_start) AS period_start, any_value(period_end) AS period_end, kind, unit,
       count(DISTINCT publisher) FILTER (WHERE in_consensus) AS publishers,
       count(*) FILTER (WHERE in_consensus AND NOT is_bound) AS points,
       count(*) FILTER (WHERE in_consensus AND is_bound) AS bounds,
       median(value) FILTER (WHERE in_consensus AND NOT is_bound) AS median_value,
       min(value) FILTER (WHERE in_consensus AND NOT is_bound) AS min_value,
       max(value) FILTER (WHERE in_consensus AND NOT is_bound) AS max_value,
       max(value) FILTER (WHERE in_consensus AND is_bound AND value_qualifier IN ('>', '>=')) AS strongest_lower_bound,
       min(value) FILTER (WHERE in_consensus AND is_bound AND value_qualifier IN ('<', '<=')) AS strongest_upper_bound,
       max(published_on) FILTER (WHERE in_consensus) AS newest_published_on,
       string_agg(DISTINCT publisher, ', ' ORDER BY publisher) FILTER (WHERE in_consensus) AS publisher_list,
       count(DISTINCT publisher) FILTER (WHERE NOT in_consensus) AS low_tier_publishers,
       count(DISTINCT publisher) AS all_publishers,
       median(value) FILTER (WHERE NOT is_bound) AS median_value_all_tiers,
       min(value) FILTER (WHERE NOT is_bound) AS min_value_all_tiers,
       max(value) FILTER (WHERE NOT is_bound) AS max_value_all_tiers
FROM marts.consensus_points
GROUP BY series_key, period, kind, unit;

COMMENT ON VIEW marts.consensus IS 'Consensus and spread per series, period, kind and unit: from the latest vintage of each publisher (marts.consensus_points), the number of publishers, median, min and max of the point figures of the original and press tiers (bounds are counted apart and give the strongest lower and upper bound); beside them the same over every tier, and how many publishers only low tiers carry. Actuals and forecasts are never mixed: kind is part of the key. The reference line of a chart is marts.reference_line.';
COMMENT ON COLUMN marts.consensus.series_key IS 'Series identity (core.observations.series_key; its title is in marts.series_catalog).';
COMMENT ON COLUMN marts.consensus.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.consensus.entity_id IS 'Canonical entity of the series.';
COMMENT ON COLUMN marts.consensus.period IS 'Period (2025, 2025Q3, 2025-2029).';
COMMENT ON COLUMN marts.consensus.period_start IS 'First day of the period.';
COMMENT ON COLUMN marts.consensus.period_end IS 'Last day of the period.';
COMMENT ON COLUMN marts.consensus.kind IS 'actual, estimate, forecast, vendor_claim or spec.';
COMMENT ON COLUMN marts.consensus.unit IS 'Base unit of the figures.';
COMMENT ON COLUMN marts.consensus.publishers IS 'Publishers of the original and press tiers with a figure or bound, count.';
COMMENT ON COLUMN marts.consensus.points IS 'Point figures (exact or ~) of those publishers, count.';
COMMENT ON COLUMN marts.consensus.bounds IS 'Bounds (> >= < <=) of those publishers, count: never in the median.';
COMMENT ON COLUMN marts.consensus.median_value IS 'Median of the point figures (original and press tiers), in unit; NULL when there are only bounds.';
COMMENT ON COLUMN marts.consensus.min_value IS 'Smallest point figure (original and press tiers).';
COMMENT ON COLUMN marts.consensus.max_value IS 'Largest point figure (original and press tiers).';
COMMENT ON COLUMN marts.consensus.strongest_lower_bound IS 'Largest lower bound (> >=) stated, NULL when none.';
COMMENT ON COLUMN marts.consensus.strongest_upper_bound IS 'Smallest upper bound (< <=) stated, NULL when none.';
COMMENT ON COLUMN marts.consensus.newest_published_on IS 'Newest vintage among the consensus points.';
COMMENT ON COLUMN marts.consensus.publisher_list IS 'Publishers in the consensus, comma-separated.';
COMMENT ON COLUMN marts.consensus.low_tier_publishers IS 'Publishers carried only by aggregator or unverified tiers, count (shown on request, not in the consensus).';
COMMENT ON COLUMN marts.consensus.all_publishers IS 'Publishers of every tier, count.';
COMMENT ON COLUMN marts.consensus.median_value_all_tiers IS 'Median of the point figures of every tier (for the "all sources" toggle).';
COMMENT ON COLUMN marts.consensus.min_value_all_tiers IS 'Smallest point figure of every tier.';
COMMENT ON COLUMN marts.consensus.max_value_all_tiers IS 'Largest point figure of every tier.';
