-- key: record_id
-- check: shares_in_range columns=port_share,share_of_reported_total
-- check: dates_not_in_future
-- check: share_sums name=port_shares_sum severity=WARN column=port_share groups=source_id,segment,region,period,published_on,kind include=counts_toward_total
-- Data center switch ports by speed and period: units and shares, per source.
CREATE OR REPLACE VIEW marts.port_shipments AS
WITH figures AS (
    SELECT o.*,
           CASE WHEN o.indicator = 'switch_ports_shipped' THEN 'ports' ELSE 'share' END AS measure
    FROM core.observations_stated o
    WHERE o.indicator IN ('switch_ports_shipped', 'switch_port_share')
),
reports AS (
    SELECT *,
           -- the all-speed total the same report gives, when it gives one
           max(CASE WHEN measure = 'ports' AND speed_gbps IS NULL THEN value END)
               OVER (PARTITION BY source_id, segment, region, period, published_on, kind) AS total_ports_in_report,
           sum(CASE WHEN measure = 'share' AND speed_gbps IS NOT NULL THEN value END)
               OVER (PARTITION BY source_id, segment, region, period, published_on, kind) AS share_sum_in_report
    FROM figures
)
SELECT source_id, publisher, via, url, published_on, segment, region, subject, period, period_start, period_end,
       marts.series_kind(period, segment) AS series_kind, kind,
       speed_gbps, marts.speed_label(speed_gbps) AS speed_label, measure,
       CASE WHEN measure = 'ports' THEN value END AS ports,
       CASE WHEN measure = 'share' THEN value END AS port_share,
       value_qualifier,
       speed_gbps IS NOT NULL AS counts_toward_total,
       total_ports_in_report,
       CASE WHEN measure = 'ports' AND speed_gbps IS NOT NULL AND total_ports_in_report > 0
            THEN value / total_ports_in_report END AS share_of_reported_total,
       share_sum_in_report,
       series_key, entity_id,
       concat_ws(' ', publisher, coalesce(CAST(published_on AS VARCHAR), 'undated')) AS vintage_label,
       concat_ws(' @ ', series_key, concat_ws(' ', publisher, coalesce(CAST(published_on AS VARCHAR), 'undated'))) AS line_key,
       date_basis, confidence, note, record_id
FROM reports;

COMMENT ON VIEW marts.port_shipments IS 'Data center switch port shipments by speed (200G, 400G, 800G, 1.6T, 3.2T) and period: port counts and port shares as each source reports them, one row per figure.';
COMMENT ON COLUMN marts.port_shipments.source_id IS 'Source id.';
COMMENT ON COLUMN marts.port_shipments.publisher IS 'Original publisher (Dell''Oro Group, IDC, ...).';
COMMENT ON COLUMN marts.port_shipments.via IS 'Secondary carrier, when any.';
COMMENT ON COLUMN marts.port_shipments.url IS 'Document address.';
COMMENT ON COLUMN marts.port_shipments.published_on IS 'Vintage: when the source published it.';
COMMENT ON COLUMN marts.port_shipments.segment IS 'Segment (e.g. ai_backend, dc_switch); a report = source, segment, region, period, vintage and kind.';
COMMENT ON COLUMN marts.port_shipments.region IS 'Region, NULL for worldwide.';
COMMENT ON COLUMN marts.port_shipments.subject IS 'Subject as recorded.';
COMMENT ON COLUMN marts.port_shipments.period IS 'Period described.';
COMMENT ON COLUMN marts.port_shipments.period_start IS 'First day of the period.';
COMMENT ON COLUMN marts.port_shipments.period_end IS 'Last day of the period.';
COMMENT ON COLUMN marts.port_shipments.series_kind IS 'annual, quarterly, cumulative, ...';
COMMENT ON COLUMN marts.port_shipments.kind IS 'actual, estimate or forecast.';
COMMENT ON COLUMN marts.port_shipments.speed_gbps IS 'Port speed, Gb/s; NULL for an all-speed total.';
COMMENT ON COLUMN marts.port_shipments.speed_label IS 'Port speed as a label: 200G, 400G, 800G, 1.6T, 3.2T.';
COMMENT ON COLUMN marts.port_shipments.measure IS 'ports (switch_ports_shipped) or share (switch_port_share).';
COMMENT ON COLUMN marts.port_shipments.ports IS 'Ports shipped in the period, count of ports (measure ports).';
COMMENT ON COLUMN marts.port_shipments.port_share IS 'Reported share of ports at this speed, 0-1 (measure share).';
COMMENT ON COLUMN marts.port_shipments.value_qualifier IS 'Hedge on the figure (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.port_shipments.counts_toward_total IS 'True for per-speed figures (they add up within a report); false for all-speed totals.';
COMMENT ON COLUMN marts.port_shipments.total_ports_in_report IS 'All-speed port total of the same report, ports (NULL when the report gives none).';
COMMENT ON COLUMN marts.port_shipments.share_of_reported_total IS 'ports / total_ports_in_report, 0-1 (derived).';
COMMENT ON COLUMN marts.port_shipments.share_sum_in_report IS 'Sum of the per-speed shares in the same report, 0-1 (speed buckets like "800G and above" may overlap).';
COMMENT ON COLUMN marts.port_shipments.confidence IS 'reported, derived or analyst_estimate.';
COMMENT ON COLUMN marts.port_shipments.note IS 'Analyst note.';
COMMENT ON COLUMN marts.port_shipments.record_id IS 'Observation id.';
COMMENT ON COLUMN marts.port_shipments.series_key IS 'Series identity (core.observations.series_key): indicator | entity | segment | speed | fabric | region | period basis; figures of several publishers for one quantity share it.';
COMMENT ON COLUMN marts.port_shipments.entity_id IS 'Canonical entity (core.entities), NULL when unresolved.';
COMMENT ON COLUMN marts.port_shipments.vintage_label IS 'Publisher and vintage (published_on, or undated): one line per series and vintage in charts.';
COMMENT ON COLUMN marts.port_shipments.line_key IS 'series_key @ vintage_label: what a chart draws as one line.';
COMMENT ON COLUMN marts.port_shipments.date_basis IS 'How published_on is known (published, as_of, list_release, retrieved, undated).';
