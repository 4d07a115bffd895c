-- $1: indicator ids (a list): every figure of their series with what a headline card needs (core.observations),
-- one row per sourced figure; the card picks the series and periods (dashboard/answers.py).
SELECT o.series_key, o.indicator, o.entity_id, o.subject, o.segment, o.fabric, o.vendor, o.speed_gbps, o.region,
       o.period, o.period_start, o.period_end, marts.series_kind(o.period, o.segment) AS series_kind,
       o.value, o.value_qualifier, o.unit, o.kind, o.published_on, o.published_precision, o.publisher, o.via, o.url, o.title, o.evidence,
       o.source_id, o.confidence, o.record_id
FROM core.observations o
WHERE list_contains(CAST($1 AS VARCHAR[]), o.indicator);
