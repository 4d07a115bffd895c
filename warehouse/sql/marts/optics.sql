-- key: record_id
-- check: units_valid
-- check: dates_not_in_future
-- Optical transceivers: units, revenue and prices by speed and period, per source.
CREATE OR REPLACE VIEW marts.optics AS
SELECT source_id, publisher, via, url, published_on, segment, region, subject, period, period_start, period_end,
       marts.series_kind(period, segment) AS series_kind, kind,
       speed_gbps, marts.speed_label(speed_gbps) AS speed_label,
       CASE indicator WHEN 'optics_units_shipped' THEN 'units' WHEN 'optics_revenue' THEN 'revenue'
                      WHEN 'optics_asp' THEN 'asp' ELSE 'price_per_gbps' END AS measure,
       indicator,
       CASE WHEN indicator = 'optics_units_shipped' THEN value END AS units,
       CASE WHEN indicator = 'optics_revenue' THEN value END AS revenue_usd,
       CASE WHEN indicator = 'optics_asp' THEN value END AS asp_usd,
       CASE WHEN indicator = 'optics_price_per_gbps' THEN value
            WHEN indicator = 'optics_asp' AND speed_gbps > 0 THEN value / speed_gbps END AS usd_per_gbps,
       indicator = 'optics_asp' AND speed_gbps > 0 AS usd_per_gbps_derived,
       value_qualifier, unit, series_key, entity_id,
       concat_ws(' ', publisher, coalesce(CAST(published_on AS VARCHAR), 'undated')) AS vintage_label,
       concat_ws(' @ ', series_key, concat_ws(' ', publisher, coalesce(CAST(published_on AS VARCHAR), 'undated'))) AS line_key,
       date_basis, confidence, note, record_id
FROM core.observations_stated
WHERE indicator IN ('optics_units_shipped', 'optics_revenue', 'optics_asp', 'optics_price_per_gbps');

COMMENT ON VIEW marts.optics IS 'Optical transceivers by speed and period, per source: units shipped, revenue, average selling price and price per Gb/s, one row per figure.';
COMMENT ON COLUMN marts.optics.source_id IS 'Source id.';
COMMENT ON COLUMN marts.optics.publisher IS 'Original publisher (LightCounting, TrendForce, Yole, ...).';
COMMENT ON COLUMN marts.optics.via IS 'Secondary carrier, when any.';
COMMENT ON COLUMN marts.optics.url IS 'Document address.';
COMMENT ON COLUMN marts.optics.published_on IS 'Vintage: when the source published it.';
COMMENT ON COLUMN marts.optics.segment IS 'Segment or scope (e.g. 800G and above, datacom).';
COMMENT ON COLUMN marts.optics.region IS 'Region, NULL for worldwide.';
COMMENT ON COLUMN marts.optics.subject IS 'Subject as recorded.';
COMMENT ON COLUMN marts.optics.period IS 'Period described.';
COMMENT ON COLUMN marts.optics.period_start IS 'First day of the period.';
COMMENT ON COLUMN marts.optics.period_end IS 'Last day of the period.';
COMMENT ON COLUMN marts.optics.series_kind IS 'annual, quarterly, cumulative, ...';
COMMENT ON COLUMN marts.optics.kind IS 'actual, estimate or forecast.';
COMMENT ON COLUMN marts.optics.speed_gbps IS 'Module speed, Gb/s; NULL when not split by speed.';
COMMENT ON COLUMN marts.optics.speed_label IS 'Module speed as a label (400G, 800G, 1.6T).';
COMMENT ON COLUMN marts.optics.measure IS 'units, revenue, asp or price_per_gbps.';
COMMENT ON COLUMN marts.optics.indicator IS 'Indicator id of the figure.';
COMMENT ON COLUMN marts.optics.units IS 'Modules shipped, units (measure units).';
COMMENT ON COLUMN marts.optics.revenue_usd IS 'Market revenue, USD (measure revenue).';
COMMENT ON COLUMN marts.optics.asp_usd IS 'Average selling price per module, USD (measure asp).';
COMMENT ON COLUMN marts.optics.usd_per_gbps IS 'Price per Gb/s, USD per Gb/s: reported, or derived as asp_usd / speed_gbps.';
COMMENT ON COLUMN marts.optics.usd_per_gbps_derived IS 'True when usd_per_gbps was computed from the ASP and the speed.';
COMMENT ON COLUMN marts.optics.value_qualifier IS 'Hedge on the figure (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.optics.unit IS 'Unit of the figure as recorded (units, USD, USD_per_Gbps).';
COMMENT ON COLUMN marts.optics.confidence IS 'reported, derived or analyst_estimate.';
COMMENT ON COLUMN marts.optics.note IS 'Analyst note.';
COMMENT ON COLUMN marts.optics.record_id IS 'Observation id.';
COMMENT ON COLUMN marts.optics.series_key IS 'Series identity (core.observations.series_key): indicator | entity | segment | speed | fabric | region | period basis; figures of several publishers for one quantity share it.';
COMMENT ON COLUMN marts.optics.entity_id IS 'Canonical entity (core.entities), NULL when unresolved.';
COMMENT ON COLUMN marts.optics.vintage_label IS 'Publisher and vintage (published_on, or undated): one line per series and vintage in charts.';
COMMENT ON COLUMN marts.optics.line_key IS 'series_key @ vintage_label: what a chart draws as one line.';
COMMENT ON COLUMN marts.optics.date_basis IS 'How published_on is known (published, as_of, list_release, retrieved, undated).';
