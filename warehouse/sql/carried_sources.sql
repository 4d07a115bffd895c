-- Sources whose previous records are carried forward (raw.parse_carried), for the refresh summary and
-- the dashboard's banner: how many documents, since when, and when the carried rows were parsed.
SELECT source_id,
       count(*) AS documents,
       min(since) AS since,
       min(carried_parsed_at) AS parsed_at,
       sum(carried_records) AS records,
       list(DISTINCT status ORDER BY status) AS statuses
FROM raw.parse_carried
GROUP BY source_id
ORDER BY source_id
