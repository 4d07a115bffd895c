-- The refresh that built a warehouse file: its latest published run (releases.py), with the
-- fingerprint of the offline inputs it was built from (NULL for a live or selected refresh).
SELECT run_id, finished_at, input_fingerprint
FROM meta.runs
WHERE status = 'published'
ORDER BY finished_at DESC
LIMIT 1
