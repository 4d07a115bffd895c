-- The page changes the newest refresh detected: the rows of marts.source_changes of the run with the latest detected_at.
SELECT * FROM marts.source_changes
WHERE run_id = (SELECT arg_max(run_id, detected_at) FROM marts.source_changes);
