WITH latest AS (SELECT run_id, row_counts FROM meta.runs WHERE status = 'published' ORDER BY finished_at DESC LIMIT 1)
SELECT (SELECT count(*) FROM meta.runs) AS n_runs,
       (SELECT run_id FROM latest) AS run_id,
       (SELECT count(*) FROM raw.fetch_log)
         = (SELECT CAST(json_extract_string(row_counts, '$."raw.fetch_log"') AS BIGINT) FROM latest)
       AND (SELECT count(*) FROM raw.parse_history)
         = (SELECT CAST(json_extract_string(row_counts, '$."raw.parse_history"') AS BIGINT) FROM latest) AS consistent
