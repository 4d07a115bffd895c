-- key: run_id, row_index
-- nccl-tests results per run and message size, beside the model's prediction for the same point.
CREATE OR REPLACE VIEW marts.nccl_results AS
SELECT r.run_id, r.system, r.collective, r.gpu, r.ngpus, r.hosts AS nodes, r.nccl_version, r.nccl_tests_version,
       w.row_index, w.size_bytes, w.type, w.redop,
       w.oop_time_us AS time_us,
       w.oop_algbw_GBps AS algbw_GBps,
       w.oop_busbw_GBps AS busbw_GBps,
       w.ip_busbw_GBps AS inplace_busbw_GBps,
       w.oop_busbw_GBps = max(w.oop_busbw_GBps) OVER (PARTITION BY r.run_id) AS is_peak_size,
       r.peak_busbw_GBps, r.avg_busbw_GBps,
       c.predicted_busbw_GBps,
       c.rel_error AS model_rel_error,
       c.nccl_choice AS model_algorithm,
       coalesce(c.status, CASE WHEN r.has_errors THEN 'failed' WHEN r.truncated THEN 'truncated' ELSE 'ok' END) AS run_status,
       coalesce(c.status, CASE WHEN r.has_errors THEN 'failed' ELSE 'ok' END) = 'failed' AS is_failed,
       coalesce(c.fitted, false) AS model_fitted,
       c.miss_reason AS model_miss_reason,
       r.has_errors, r.truncated, r.source_id, r.url, r.published_on
FROM core.nccl_runs r
JOIN core.nccl_rows w USING (run_id)
LEFT JOIN model.calibration c ON c.kind = 'nccl' AND c.run_id = r.run_id AND c.size_bytes = w.size_bytes;

COMMENT ON VIEW marts.nccl_results IS 'nccl-tests bus bandwidth per run and message size with the run''s system, collective and peak, beside the fabric model''s prediction for the same run and size (model.calibration: NCCL''s algorithm choice, error, status; NULL until calibrated). Failed and truncated runs are flagged, never averaged in.';
COMMENT ON COLUMN marts.nccl_results.run_id IS 'nccl-tests run (core.nccl_runs).';
COMMENT ON COLUMN marts.nccl_results.row_index IS 'Position of the row in the run''s table (sizes can repeat when several processes print).';
COMMENT ON COLUMN marts.nccl_results.system IS 'System description (GPU, nodes, fabric).';
COMMENT ON COLUMN marts.nccl_results.collective IS 'Collective: all_reduce, all_gather, reduce_scatter, alltoall, ...';
COMMENT ON COLUMN marts.nccl_results.gpu IS 'GPU model.';
COMMENT ON COLUMN marts.nccl_results.ngpus IS 'Ranks (GPUs) in the run, count.';
COMMENT ON COLUMN marts.nccl_results.nodes IS 'Hosts in the run, count.';
COMMENT ON COLUMN marts.nccl_results.nccl_version IS 'NCCL library version.';
COMMENT ON COLUMN marts.nccl_results.nccl_tests_version IS 'nccl-tests version.';
COMMENT ON COLUMN marts.nccl_results.size_bytes IS 'Message size, bytes.';
COMMENT ON COLUMN marts.nccl_results.type IS 'Data type (float, half, ...).';
COMMENT ON COLUMN marts.nccl_results.redop IS 'Reduction operation, NULL when not a reduction.';
COMMENT ON COLUMN marts.nccl_results.time_us IS 'Out-of-place time, microseconds.';
COMMENT ON COLUMN marts.nccl_results.algbw_GBps IS 'Out-of-place algorithm bandwidth, GB/s.';
COMMENT ON COLUMN marts.nccl_results.busbw_GBps IS 'Out-of-place bus bandwidth, GB/s (nccl-tests definition).';
COMMENT ON COLUMN marts.nccl_results.inplace_busbw_GBps IS 'In-place bus bandwidth, GB/s.';
COMMENT ON COLUMN marts.nccl_results.is_peak_size IS 'True for the message size(s) reaching the run''s highest out-of-place bus bandwidth.';
COMMENT ON COLUMN marts.nccl_results.peak_busbw_GBps IS 'Run peak out-of-place bus bandwidth, GB/s.';
COMMENT ON COLUMN marts.nccl_results.avg_busbw_GBps IS 'Run average bus bandwidth printed by nccl-tests, GB/s.';
COMMENT ON COLUMN marts.nccl_results.predicted_busbw_GBps IS 'Bus bandwidth the fabric model predicts for this run and size with NCCL''s own algorithm choice, GB/s (NULL when the hardware is unknown or the run failed).';
COMMENT ON COLUMN marts.nccl_results.model_rel_error IS 'Model relative error (predicted - measured) / measured.';
COMMENT ON COLUMN marts.nccl_results.model_algorithm IS 'Algorithm/protocol the model says NCCL ran (e.g. Ring/Simple, NVLS/Simple, Tree/LL128).';
COMMENT ON COLUMN marts.nccl_results.run_status IS 'ok, failed (0 GB/s or wrong results), truncated (log cut short), misconfigured, small_message (shown, not fitted), hardware_unknown.';
COMMENT ON COLUMN marts.nccl_results.is_failed IS 'True when the run failed (0 GB/s or wrong results): its rows are not measurements and are never plotted as data.';
COMMENT ON COLUMN marts.nccl_results.model_fitted IS 'True when this row counts in the model''s calibration (healthy run, known hardware, >= 64 MiB).';
COMMENT ON COLUMN marts.nccl_results.model_miss_reason IS 'Documented reason the model misses this row by more than the tolerance, or why it is not modelled.';
COMMENT ON COLUMN marts.nccl_results.has_errors IS 'True when the run reported wrong results (do not average it in).';
COMMENT ON COLUMN marts.nccl_results.truncated IS 'True when the log was cut short.';
COMMENT ON COLUMN marts.nccl_results.source_id IS 'Source of the log.';
COMMENT ON COLUMN marts.nccl_results.url IS 'Where the log was published.';
COMMENT ON COLUMN marts.nccl_results.published_on IS 'When the log was published.';
