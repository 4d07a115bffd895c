-- key: record_id
-- What each cloud provider disclosed about its AI fabric: scale, per-GPU bandwidth, fabric and transport.
CREATE OR REPLACE VIEW marts.cloud_fabrics AS
WITH disclosures AS (
    SELECT coalesce(o.vendor, o.subject) AS provider, o.subject AS deployment, o.fabric,
           o.indicator AS disclosure,
           o.value, o.value_qualifier, o.unit,
           CASE WHEN marts.unit_base(o.unit) = 'Gbps' THEN o.value * marts.unit_factor(o.unit) END AS value_gbps,
           concat_ws('; ', o.segment, o.note) AS detail,
           coalesce(o.published_on, o.period_end) AS disclosed_on, o.period, o.kind,
           o.source_id, o.publisher, o.via, o.url, o.record_id
    FROM core.observations_stated o
    WHERE o.indicator IN ('cloud_cluster_gpus', 'cloud_per_gpu_bandwidth')
       OR o.indicator IN (SELECT indicator FROM core.indicators WHERE category = 'cloud')
    UNION ALL
    SELECT coalesce(e.vendor, e.subject), e.subject, e.fabric, 'deployment',
           NULL, NULL, NULL, NULL,
           concat_ws(': ', e.event, e.description), e.event_date, NULL, 'event',
           e.source_id, e.publisher, e.via, e.url, e.record_id
    FROM core.events e
    WHERE e.category = 'deployment'
)
SELECT provider, deployment, fabric, disclosure,
       CASE disclosure WHEN 'cloud_cluster_gpus' THEN 'cluster size (accelerators)'
                       WHEN 'cloud_per_gpu_bandwidth' THEN 'scale-out bandwidth per GPU'
                       WHEN 'deployment' THEN 'deployment / transport'
                       ELSE replace(disclosure, '_', ' ') END AS disclosure_label,
       value, value_qualifier, unit, value_gbps, detail, disclosed_on, period, kind,
       source_id, publisher, via, url, record_id
FROM disclosures;

COMMENT ON VIEW marts.cloud_fabrics IS 'Cloud providers'' disclosed AI fabrics, one row per disclosure: cluster scale, scale-out bandwidth per GPU and per rack (cloud indicators) and deployment events (fabric, transport).';
COMMENT ON COLUMN marts.cloud_fabrics.provider IS 'Provider (vendor of the figure, else its subject), e.g. AWS, Microsoft Azure, Meta.';
COMMENT ON COLUMN marts.cloud_fabrics.deployment IS 'Cluster, instance type or deployment the disclosure is about.';
COMMENT ON COLUMN marts.cloud_fabrics.fabric IS 'Fabric id, when disclosed.';
COMMENT ON COLUMN marts.cloud_fabrics.disclosure IS 'Indicator id of the figure (cloud_cluster_gpus, cloud_per_gpu_bandwidth, ...) or deployment for an event.';
COMMENT ON COLUMN marts.cloud_fabrics.disclosure_label IS 'Readable name of the disclosure.';
COMMENT ON COLUMN marts.cloud_fabrics.value IS 'The figure in unit; NULL for deployment events.';
COMMENT ON COLUMN marts.cloud_fabrics.value_qualifier IS 'Hedge on the figure (> < ~ >= <=), NULL when exact.';
COMMENT ON COLUMN marts.cloud_fabrics.unit IS 'Unit of value (gpus, Gbps, Tbps, count).';
COMMENT ON COLUMN marts.cloud_fabrics.value_gbps IS 'Bandwidth figures in Gb/s (Tb/s converted), NULL otherwise.';
COMMENT ON COLUMN marts.cloud_fabrics.detail IS 'Segment and note of a figure, or the event title and description (transport, topology).';
COMMENT ON COLUMN marts.cloud_fabrics.disclosed_on IS 'Publication date of the figure (end of its period when undated) or event date.';
COMMENT ON COLUMN marts.cloud_fabrics.period IS 'Period of the figure; NULL for events.';
COMMENT ON COLUMN marts.cloud_fabrics.kind IS 'actual, estimate, vendor_claim, ... for figures; event for deployment events.';
COMMENT ON COLUMN marts.cloud_fabrics.source_id IS 'Source id.';
COMMENT ON COLUMN marts.cloud_fabrics.publisher IS 'Original publisher.';
COMMENT ON COLUMN marts.cloud_fabrics.via IS 'Secondary carrier, when any.';
COMMENT ON COLUMN marts.cloud_fabrics.url IS 'Document address.';
COMMENT ON COLUMN marts.cloud_fabrics.record_id IS 'Observation or event id.';
