-- The release a reader sees: its run, how many runs it records, and the row counts it was published with.
SELECT run_id, (SELECT count(*) FROM meta.runs) AS n_runs, row_counts
FROM meta.runs
WHERE status = 'published'
ORDER BY finished_at DESC
LIMIT 1
