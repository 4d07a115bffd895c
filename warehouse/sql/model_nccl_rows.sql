-- nccl-tests out-of-place rows per run and message size with the run's flags: the model's calibration input.
SELECT r.run_id, r.url, r.collective, r.system, r.gpu AS gpu_logged, r.ngpus AS ngpus_logged, r.hosts,
       r.published_on, w.size_bytes, w.oop_time_us AS time_us, w.oop_busbw_GBps AS busbw_GBps,
       r.has_errors, r.truncated
FROM core.nccl_rows w
JOIN core.nccl_runs r USING (run_id)
WHERE r.collective IS NOT NULL AND w.oop_busbw_GBps IS NOT NULL
ORDER BY r.run_id, w.size_bytes;
