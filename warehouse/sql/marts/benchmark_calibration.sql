-- key: point_id
-- Every calibration point of the fabric model: recorded nccl-tests rows and published benchmark figures,
-- measured vs predicted with NCCL's algorithm choice, and the status that keeps failed runs, thresholds
-- and vendor claims apart from the fitted measurements.
CREATE OR REPLACE VIEW marts.benchmark_calibration AS
SELECT c.point_id, c.kind AS origin, c.status, c.fitted, c.within_tolerance,
       coalesce(o.kind, 'actual') AS figure_kind, o.value_qualifier,
       coalesce(o.subject, r.system, c.description) AS system, o.segment AS setup,
       c.collective, c.gpu, c.ngpus, c.gpus_per_node, c.nvlink_domain, c.nics_per_node, c.nic_gbps, c.fabric,
       c.size_bytes, c.measured_busbw_GBps, c.predicted_busbw_GBps, c.rel_error, c.requested_algorithm,
       c.nccl_choice, c.miss_reason, c.run_id, o.record_id,
       coalesce(o.publisher, s.publisher) AS publisher, coalesce(o.title, 'nccl-tests log') AS title,
       coalesce(o.url, r.url, c.source) AS url, coalesce(o.published_on, r.published_on, c.published_on) AS published_on,
       coalesce(o.evidence, c.description) AS evidence, o.via, coalesce(o.confidence, 'reported') AS confidence
FROM model.calibration c
LEFT JOIN core.observations o ON c.kind = 'published' AND o.record_id = substr(c.point_id, 11)
LEFT JOIN core.nccl_runs r ON c.kind = 'nccl' AND r.run_id = c.run_id
LEFT JOIN core.sources s ON s.source_id = r.source_id;

COMMENT ON VIEW marts.benchmark_calibration IS 'The fabric model against measurements: one row per recorded nccl-tests row and per published collective benchmark, with predicted bus bandwidth (NCCL''s own algorithm choice), error and status (ok, failed, truncated, threshold, vendor_claim, ...). Only fitted rows are measurements the calibration holds to its tolerance.';
COMMENT ON COLUMN marts.benchmark_calibration.point_id IS 'Calibration point (model.calibration).';
COMMENT ON COLUMN marts.benchmark_calibration.origin IS 'nccl (a recorded nccl-tests row) or published (a figure in the curated ledger).';
COMMENT ON COLUMN marts.benchmark_calibration.status IS 'ok, failed (0 GB/s or wrong results), truncated, misconfigured, small_message, hardware_unknown, threshold (expected value or pass bar), vendor_claim.';
COMMENT ON COLUMN marts.benchmark_calibration.fitted IS 'True when the point is a healthy measurement with known hardware at >= 64 MiB (counts in the calibration).';
COMMENT ON COLUMN marts.benchmark_calibration.within_tolerance IS 'True when |rel_error| is within the calibration tolerance (15 %).';
COMMENT ON COLUMN marts.benchmark_calibration.figure_kind IS 'Kind of the figure: actual (measured), estimate (expected value or threshold), vendor_claim.';
COMMENT ON COLUMN marts.benchmark_calibration.value_qualifier IS 'Hedge on a published figure: > < ~ >= <=, NULL when exact.';
COMMENT ON COLUMN marts.benchmark_calibration.system IS 'System the figure describes (cloud instance, cluster, server).';
COMMENT ON COLUMN marts.benchmark_calibration.setup IS 'Collective, node count and message size as the source states them.';
COMMENT ON COLUMN marts.benchmark_calibration.collective IS 'Collective: all_reduce, all_gather, reduce_scatter, ...';
COMMENT ON COLUMN marts.benchmark_calibration.gpu IS 'GPU model.';
COMMENT ON COLUMN marts.benchmark_calibration.ngpus IS 'Ranks (GPUs), count.';
COMMENT ON COLUMN marts.benchmark_calibration.gpus_per_node IS 'GPUs per server, count.';
COMMENT ON COLUMN marts.benchmark_calibration.nvlink_domain IS 'GPUs in one NVLink domain, count.';
COMMENT ON COLUMN marts.benchmark_calibration.nics_per_node IS 'Scale-out NICs per server, count.';
COMMENT ON COLUMN marts.benchmark_calibration.nic_gbps IS 'Line rate of one scale-out NIC, Gb/s.';
COMMENT ON COLUMN marts.benchmark_calibration.fabric IS 'Scale-out fabric.';
COMMENT ON COLUMN marts.benchmark_calibration.size_bytes IS 'Message size, bytes.';
COMMENT ON COLUMN marts.benchmark_calibration.measured_busbw_GBps IS 'Measured (or stated) bus bandwidth, GB/s.';
COMMENT ON COLUMN marts.benchmark_calibration.predicted_busbw_GBps IS 'Bus bandwidth the model predicts, GB/s.';
COMMENT ON COLUMN marts.benchmark_calibration.rel_error IS 'Model relative error (predicted - measured) / measured.';
COMMENT ON COLUMN marts.benchmark_calibration.requested_algorithm IS 'Algorithm the run forced (NCCL_ALGO), or auto.';
COMMENT ON COLUMN marts.benchmark_calibration.nccl_choice IS 'Algorithm/protocol the model says NCCL ran.';
COMMENT ON COLUMN marts.benchmark_calibration.miss_reason IS 'Documented reason the model misses the point, or why it is not modelled.';
COMMENT ON COLUMN marts.benchmark_calibration.run_id IS 'nccl-tests run for recorded rows (core.nccl_runs).';
COMMENT ON COLUMN marts.benchmark_calibration.record_id IS 'Observation (core.observations) for published figures.';
COMMENT ON COLUMN marts.benchmark_calibration.publisher IS 'Original publisher.';
COMMENT ON COLUMN marts.benchmark_calibration.title IS 'Document the figure comes from.';
COMMENT ON COLUMN marts.benchmark_calibration.url IS 'Address of the document or log.';
COMMENT ON COLUMN marts.benchmark_calibration.published_on IS 'Publication date.';
COMMENT ON COLUMN marts.benchmark_calibration.evidence IS 'The quoted figure or the log''s system description.';
COMMENT ON COLUMN marts.benchmark_calibration.via IS 'Secondary carrier (mirror, summary) when not read first-hand.';
COMMENT ON COLUMN marts.benchmark_calibration.confidence IS 'reported, derived or analyst_estimate.';
