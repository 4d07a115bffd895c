-- The refresh that built a warehouse file: its latest published run (releases.py).
SELECT run_id, finished_at
FROM meta.runs
WHERE status = 'published'
ORDER BY finished_at DESC
LIMIT 1
