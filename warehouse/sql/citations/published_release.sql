-- The release a reader has open: the newest published refresh run.
SELECT run_id, finished_at, mode
FROM meta.runs
WHERE status = 'published'
ORDER BY finished_at DESC NULLS LAST
LIMIT 1
