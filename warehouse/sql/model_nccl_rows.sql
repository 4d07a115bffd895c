-- nccl-tests out-of-place bus bandwidth per run and message size, the model's calibration input.
SELECT r.run_id, r.url, r.collective, w.size_bytes, w.oop_busbw_GBps AS busbw_GBps, r.has_errors
FROM core.nccl_rows w
JOIN core.nccl_runs r USING (run_id)
WHERE r.collective IS NOT NULL AND w.oop_busbw_GBps IS NOT NULL
ORDER BY r.run_id, w.size_bytes;
