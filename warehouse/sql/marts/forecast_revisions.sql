-- key: series_key, period, unit, publisher, bound, vintage_number
-- How each publisher revised its figure for one metric and target period, vintage by vintage.
CREATE OR REPLACE VIEW marts.forecast_revisions AS
WITH vintages AS (
    -- One row per publisher, vintage and value: reposts of the same figure collapse into one.
    SELECT series_key, any_value(indicator) AS indicator, min(subject) AS subject, any_value(segment) AS segment,
           any_value(fabric) AS fabric, min(vendor) AS vendor, any_value(speed_gbps) AS speed_gbps,
           any_value(region) AS region, min(product_id) AS product_id, any_value(series_kind) AS series_kind,
           period, period_start, period_end, unit, publisher, published_on, kind, value, value_qualifier,
           -- a range ("$60-90B") is two rows, a lower and an upper bound: each bound is its own trail
           CASE WHEN value_qualifier IN ('>', '>=') THEN 'lower' WHEN value_qualifier IN ('<', '<=') THEN 'upper'
                ELSE 'point' END AS bound,
           string_agg(DISTINCT source_id, ', ' ORDER BY source_id) AS source_ids,
           min(url) AS url
    FROM marts.market_size
    WHERE published_on IS NOT NULL
    GROUP BY series_key, period, period_start, period_end, unit, publisher, published_on, kind, value, value_qualifier,
             bound
),
realized AS (
    -- the realized figure of the trail's series and period (any publisher): an actual, original and press tiers
    -- first, then the newest (the same rule as marts.forecast_accuracy). Trails are market series
    -- (marts.market_size, which reads core.observations_stated) and a series key starts with its indicator, so
    -- only stated observations can realize one: reading core.observations_stated here gives the same rows, and
    -- lineage then knows an nccl-tests log or a TOP500 list does not change this mart (issue 23)
    SELECT series_key, period, unit, value AS realized_value, publisher AS realized_publisher,
           published_on AS realized_published_on, record_id AS realized_record_id
    FROM core.observations_stated
    WHERE kind = 'actual' AND series_key IS NOT NULL AND coalesce(value_qualifier, '') NOT IN ('>', '>=', '<', '<=')
    QUALIFY row_number() OVER (PARTITION BY series_key, period, unit
                               ORDER BY coalesce(source_tier, 'original') IN ('original', 'press') DESC,
                                        coalesce(published_on, DATE '0001-01-01') DESC, record_id) = 1
),
ordered AS (
    SELECT *,
           row_number() OVER w AS vintage_number,
           count(*) OVER (PARTITION BY series_key, period, unit, publisher, bound) AS vintage_count,
           lag(published_on) OVER w AS previous_published_on,
           lag(value) OVER w AS previous_value,
           lag(value_qualifier) OVER w AS previous_value_qualifier,
           lag(kind) OVER w AS previous_kind
    FROM vintages
    -- kind breaks a tie (one publisher's forecast and estimate of one value the same day): without it two
    -- builds of the same rows could number them either way (tests/pipelines/test_incremental_equals_full.py)
    WINDOW w AS (PARTITION BY series_key, period, unit, publisher, bound ORDER BY published_on, value, kind)
)
SELECT o.series_key, indicator, subject, segment, fabric, vendor, speed_gbps, region, product_id, series_kind,
       o.period, period_start, period_end, o.unit, publisher, bound, vintage_number, vintage_count,
       vintage_number = vintage_count AS is_latest_vintage,
       published_on, kind, value, value_qualifier,
       previous_published_on, previous_kind, previous_value, previous_value_qualifier,
       value - previous_value AS change,
       CASE WHEN previous_value <> 0 THEN value / previous_value - 1 END AS change_ratio,
       CASE WHEN previous_value IS NULL THEN NULL
            WHEN value > previous_value THEN 'up'
            WHEN value < previous_value THEN 'down'
            ELSE 'unchanged' END AS revision,
       date_diff('day', previous_published_on, published_on) AS days_since_previous_vintage,
       source_ids, url,
       r.realized_value, r.realized_publisher, r.realized_published_on, r.realized_record_id,
       CASE WHEN r.realized_value <> 0 AND bound = 'point' THEN value / r.realized_value - 1 END AS error_vs_realized
FROM ordered o
LEFT JOIN realized r USING (series_key, period, unit);

COMMENT ON VIEW marts.forecast_revisions IS 'Vintage trail per series (series_key: indicator, canonical entity, dimensions, period basis), target period, unit and publisher: each dated figure with its change from the previous vintage, whatever wording each vintage used. Undated figures are left out; cumulative and annual series never share a trail.';
COMMENT ON COLUMN marts.forecast_revisions.series_key IS 'Series identity (core.observations.series_key).';
COMMENT ON COLUMN marts.forecast_revisions.indicator IS 'Indicator id.';
COMMENT ON COLUMN marts.forecast_revisions.subject IS 'What the figure is about (the first wording, alphabetically, when the vintage''s sources word it differently).';
COMMENT ON COLUMN marts.forecast_revisions.segment IS 'Market segment or series qualifier.';
COMMENT ON COLUMN marts.forecast_revisions.fabric IS 'Fabric dimension.';
COMMENT ON COLUMN marts.forecast_revisions.vendor IS 'Vendor dimension.';
COMMENT ON COLUMN marts.forecast_revisions.speed_gbps IS 'Speed dimension, Gb/s.';
COMMENT ON COLUMN marts.forecast_revisions.region IS 'Region dimension.';
COMMENT ON COLUMN marts.forecast_revisions.product_id IS 'Product dimension.';
COMMENT ON COLUMN marts.forecast_revisions.series_kind IS 'annual, quarterly, cumulative, ... (see marts.market_size).';
COMMENT ON COLUMN marts.forecast_revisions.period IS 'Target period the figure describes (e.g. 2027, 2025-2029).';
COMMENT ON COLUMN marts.forecast_revisions.period_start IS 'First day of the target period.';
COMMENT ON COLUMN marts.forecast_revisions.period_end IS 'Last day of the target period.';
COMMENT ON COLUMN marts.forecast_revisions.unit IS 'Unit of value (USD, ratio, share 0-1).';
COMMENT ON COLUMN marts.forecast_revisions.publisher IS 'Publisher whose successive vintages form the trail (e.g. Dell''Oro Group).';
COMMENT ON COLUMN marts.forecast_revisions.bound IS 'point, or lower/upper when the source gave a bound or a range (each bound is revised on its own).';
COMMENT ON COLUMN marts.forecast_revisions.vintage_number IS 'Position of this vintage in the trail, 1 = oldest.';
COMMENT ON COLUMN marts.forecast_revisions.vintage_count IS 'Vintages in the trail, count.';
COMMENT ON COLUMN marts.forecast_revisions.is_latest_vintage IS 'True for the newest vintage of the trail.';
COMMENT ON COLUMN marts.forecast_revisions.published_on IS 'Vintage: date the figure was published.';
COMMENT ON COLUMN marts.forecast_revisions.kind IS 'forecast, estimate, actual or vendor_claim at this vintage (a trail may end in an actual).';
COMMENT ON COLUMN marts.forecast_revisions.value IS 'Figure at this vintage, in unit.';
COMMENT ON COLUMN marts.forecast_revisions.value_qualifier IS 'Hedge on value (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.forecast_revisions.previous_published_on IS 'Date of the previous vintage, NULL for the first.';
COMMENT ON COLUMN marts.forecast_revisions.previous_kind IS 'Kind of the previous vintage.';
COMMENT ON COLUMN marts.forecast_revisions.previous_value IS 'Figure at the previous vintage, in unit.';
COMMENT ON COLUMN marts.forecast_revisions.previous_value_qualifier IS 'Hedge on the previous figure.';
COMMENT ON COLUMN marts.forecast_revisions.change IS 'value - previous_value, in unit.';
COMMENT ON COLUMN marts.forecast_revisions.change_ratio IS 'value / previous_value - 1 (0.25 = revised up 25%), NULL for the first vintage.';
COMMENT ON COLUMN marts.forecast_revisions.revision IS 'up, down or unchanged against the previous vintage; NULL for the first.';
COMMENT ON COLUMN marts.forecast_revisions.days_since_previous_vintage IS 'Days between the previous vintage and this one.';
COMMENT ON COLUMN marts.forecast_revisions.source_ids IS 'Sources that carried this figure at this vintage (comma-separated).';
COMMENT ON COLUMN marts.forecast_revisions.url IS 'One address carrying the figure (the first in sort order).';
COMMENT ON COLUMN marts.forecast_revisions.realized_value IS 'Where the trail ends: the realized figure (an actual of any publisher; original and press tiers first, then the newest) for the same series, period and unit, NULL while the period has no actual.';
COMMENT ON COLUMN marts.forecast_revisions.realized_publisher IS 'Publisher of the realized figure.';
COMMENT ON COLUMN marts.forecast_revisions.realized_published_on IS 'Vintage of the realized figure.';
COMMENT ON COLUMN marts.forecast_revisions.realized_record_id IS 'Observation id of the realized figure.';
COMMENT ON COLUMN marts.forecast_revisions.error_vs_realized IS 'value / realized_value - 1 for a point figure (0.1 = 10% above what happened), NULL for a bound or without an actual.';
