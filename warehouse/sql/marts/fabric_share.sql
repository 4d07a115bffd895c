-- key: record_id
-- check: shares_in_range columns=share,share_of_reported_revenue
-- check: dates_not_in_future
-- check: share_sums name=fabric_shares_sum column=share groups=source_id,segment,period,published_on,kind include=counts_toward_total
-- InfiniBand vs Ethernet (and other fabrics): reported shares and revenue per source, report and period.
CREATE OR REPLACE VIEW marts.fabric_share AS
WITH figures AS (
    SELECT o.*,
           CASE WHEN o.indicator = 'fabric_revenue_share' THEN 'share' ELSE 'revenue' END AS measure,
           -- Ethernet-based fabrics overlap with 'ethernet'; they count toward a report's total
           -- only when the report gives no Ethernet figure of its own.
           CASE WHEN o.fabric IN ('roce', 'spectrum-x', 'uec', 'slingshot') THEN 'ethernet_based' ELSE 'top' END AS fabric_level
    FROM core.observations_stated o
    WHERE o.fabric IS NOT NULL
      AND (o.indicator = 'fabric_revenue_share'
           OR (o.unit = 'USD' AND o.indicator IN ('ai_backend_network_revenue', 'dc_switch_revenue',
                                                   'dc_ethernet_switch_revenue', 'vendor_networking_revenue')))
),
flagged AS (
    SELECT *,
           fabric_level = 'top'
             OR NOT bool_or(fabric = 'ethernet') OVER (PARTITION BY source_id, segment, period, published_on, kind, indicator)
             AS counts_toward_total
    FROM figures
),
summed AS (
    SELECT *,
           sum(CASE WHEN measure = 'share' AND counts_toward_total THEN value END)
               OVER (PARTITION BY source_id, segment, period, published_on, kind) AS share_sum_in_report,
           sum(CASE WHEN measure = 'revenue' AND counts_toward_total THEN value END)
               OVER (PARTITION BY source_id, segment, period, published_on, kind, indicator) AS revenue_in_report
    FROM flagged
)
SELECT source_id, publisher, via, url, published_on, segment, subject, period, period_start, period_end,
       marts.series_kind(period, segment) AS series_kind, kind, fabric, fabric_level, measure, indicator,
       CASE WHEN measure = 'share' THEN value END AS share,
       CASE WHEN measure = 'revenue' THEN value END AS revenue_usd,
       value_qualifier,
       counts_toward_total,
       share_sum_in_report,
       CASE WHEN measure = 'revenue' AND counts_toward_total AND revenue_in_report > 0
            THEN value / revenue_in_report END AS share_of_reported_revenue,
       series_key, entity_id,
       concat_ws(' ', publisher, coalesce(CAST(published_on AS VARCHAR), 'undated')) AS vintage_label,
       concat_ws(' @ ', series_key, concat_ws(' ', publisher, coalesce(CAST(published_on AS VARCHAR), 'undated'))) AS line_key,
       date_basis, confidence, note, record_id
FROM summed;

COMMENT ON VIEW marts.fabric_share IS 'Fabric split of AI back-end and data center network markets over time, per source: reported revenue shares (fabric_revenue_share) and revenue figures with a fabric dimension, one row per figure.';
COMMENT ON COLUMN marts.fabric_share.source_id IS 'Source id.';
COMMENT ON COLUMN marts.fabric_share.publisher IS 'Original publisher (e.g. Dell''Oro Group).';
COMMENT ON COLUMN marts.fabric_share.via IS 'Secondary carrier, when any.';
COMMENT ON COLUMN marts.fabric_share.url IS 'Document address.';
COMMENT ON COLUMN marts.fabric_share.published_on IS 'Vintage: when the source published it.';
COMMENT ON COLUMN marts.fabric_share.segment IS 'Market the split is of (e.g. ai_backend); a report = source, segment, period, vintage and kind.';
COMMENT ON COLUMN marts.fabric_share.subject IS 'Subject as recorded.';
COMMENT ON COLUMN marts.fabric_share.period IS 'Period described.';
COMMENT ON COLUMN marts.fabric_share.period_start IS 'First day of the period.';
COMMENT ON COLUMN marts.fabric_share.period_end IS 'Last day of the period.';
COMMENT ON COLUMN marts.fabric_share.series_kind IS 'annual, quarterly, cumulative, ...';
COMMENT ON COLUMN marts.fabric_share.kind IS 'actual, estimate or forecast.';
COMMENT ON COLUMN marts.fabric_share.fabric IS 'Fabric id: infiniband, ethernet, roce, spectrum-x, uec, nvlink, slingshot, omni-path, other.';
COMMENT ON COLUMN marts.fabric_share.fabric_level IS 'top (infiniband, ethernet, nvlink, omni-path, other) or ethernet_based (roce, spectrum-x, uec, slingshot: subsets of Ethernet).';
COMMENT ON COLUMN marts.fabric_share.measure IS 'share (a reported revenue share) or revenue (a revenue figure).';
COMMENT ON COLUMN marts.fabric_share.indicator IS 'Indicator id of the figure.';
COMMENT ON COLUMN marts.fabric_share.share IS 'Reported share of the market''s revenue, 0-1 (measure share).';
COMMENT ON COLUMN marts.fabric_share.revenue_usd IS 'Reported revenue of the fabric, USD (measure revenue).';
COMMENT ON COLUMN marts.fabric_share.value_qualifier IS 'Hedge on the figure (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.fabric_share.counts_toward_total IS 'True when the figure counts toward its report''s total (Ethernet-based fabrics only when the report has no Ethernet figure).';
COMMENT ON COLUMN marts.fabric_share.share_sum_in_report IS 'Sum of the counted shares in the same report, 0-1; above 1 means the figures are inconsistent.';
COMMENT ON COLUMN marts.fabric_share.share_of_reported_revenue IS 'Revenue / total counted revenue of the same indicator in the report, 0-1 (derived; a market share only when the report covers every fabric).';
COMMENT ON COLUMN marts.fabric_share.confidence IS 'reported, derived or analyst_estimate.';
COMMENT ON COLUMN marts.fabric_share.note IS 'Analyst note.';
COMMENT ON COLUMN marts.fabric_share.record_id IS 'Observation id.';
COMMENT ON COLUMN marts.fabric_share.series_key IS 'Series identity (core.observations.series_key): indicator | entity | segment | speed | fabric | region | period basis; figures of several publishers for one quantity share it.';
COMMENT ON COLUMN marts.fabric_share.entity_id IS 'Canonical entity (core.entities), NULL when unresolved.';
COMMENT ON COLUMN marts.fabric_share.vintage_label IS 'Publisher and vintage (published_on, or undated): one line per series and vintage in charts.';
COMMENT ON COLUMN marts.fabric_share.line_key IS 'series_key @ vintage_label: what a chart draws as one line.';
COMMENT ON COLUMN marts.fabric_share.date_basis IS 'How published_on is known (published, as_of, list_release, retrieved, undated).';
