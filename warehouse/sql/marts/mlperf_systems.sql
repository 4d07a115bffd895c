-- key: system_id
-- check: rows_present
-- check: mlperf_fabric_vocabulary name=fabric_vocabulary
-- check: mlperf_rounds_yield name=rounds_yield
-- MLPerf Training submitted systems, one row per system-description file per round, with provenance.
CREATE OR REPLACE VIEW marts.mlperf_systems AS
SELECT s.system_id,
       s.round,
       CAST(split_part(substr(s.round, 2), '.', 1) AS INTEGER) * 100
           + CAST(split_part(substr(s.round, 2), '.', 2) AS INTEGER) AS round_order,
       s.published_on,
       strftime(s.published_on, '%Y-%m') AS published_month,
       s.date_basis,
       s.submitter,
       s.system_name,
       s.division,
       s.status,
       s.nodes,
       s.accelerators_per_node,
       s.accelerators_total,
       s.accelerator,
       s.fabric,
       CASE s.fabric WHEN 'infiniband' THEN 'InfiniBand' WHEN 'roce' THEN 'RoCE (Ethernet)'
                     WHEN 'ethernet' THEN 'Ethernet' WHEN 'slingshot' THEN 'Slingshot' WHEN 'efa' THEN 'AWS EFA'
                     WHEN 'omni-path' THEN 'Omni-Path' WHEN 'tpu-ici' THEN 'TPU ICI' WHEN 'other' THEN 'Other'
                     ELSE 'Not stated' END AS fabric_label,
       s.nic_gbps,
       s.compute_nics_per_node,
       s.nic_gbps * s.compute_nics_per_node AS scaleout_gbps_per_node,
       CASE WHEN s.accelerators_per_node > 0
            THEN s.nic_gbps * s.compute_nics_per_node / s.accelerators_per_node END AS scaleout_gbps_per_accelerator,
       s.nic_model,
       s.scaleup_interconnect,
       s.nccl_version,
       s.warnings,
       s.url,
       s.repository,
       s.commit,
       s.file_path,
       s.document_sha,
       s.source_id
FROM core.mlperf_systems s;

COMMENT ON VIEW marts.mlperf_systems IS 'MLPerf Training submitted systems: one row per system-description file of a results round (mlcommons/training_results_vX.Y), with scale, accelerator, scale-out fabric, compute NICs and provenance (file at its commit).';
COMMENT ON COLUMN marts.mlperf_systems.system_id IS 'Stable id: round and the file''s path in its repository.';
COMMENT ON COLUMN marts.mlperf_systems.round IS 'MLPerf Training round, vX.Y.';
COMMENT ON COLUMN marts.mlperf_systems.round_order IS 'Sortable round number (major x 100 + minor: v4.1 = 401).';
COMMENT ON COLUMN marts.mlperf_systems.published_on IS 'When the round''s results were published: first day of the announcement month (date_basis published), or the retrieval date of a round fetched live and not yet recorded (date_basis retrieved).';
COMMENT ON COLUMN marts.mlperf_systems.published_month IS 'Publication month of the round, YYYY-MM.';
COMMENT ON COLUMN marts.mlperf_systems.date_basis IS 'How published_on is known: published, retrieved or undated.';
COMMENT ON COLUMN marts.mlperf_systems.submitter IS 'Submitter as written in the file (folder name when the file has none).';
COMMENT ON COLUMN marts.mlperf_systems.system_name IS 'System name as written in the file.';
COMMENT ON COLUMN marts.mlperf_systems.division IS 'closed or open.';
COMMENT ON COLUMN marts.mlperf_systems.status IS 'Availability as written (available, preview, research, cloud, ...).';
COMMENT ON COLUMN marts.mlperf_systems.nodes IS 'Number of nodes.';
COMMENT ON COLUMN marts.mlperf_systems.accelerators_per_node IS 'Accelerators per node.';
COMMENT ON COLUMN marts.mlperf_systems.accelerators_total IS 'Accelerators in the system (nodes x accelerators per node), count.';
COMMENT ON COLUMN marts.mlperf_systems.accelerator IS 'Accelerator model as written.';
COMMENT ON COLUMN marts.mlperf_systems.fabric IS 'Scale-out compute fabric: infiniband, roce, ethernet, slingshot, efa, omni-path, tpu-ici, other; NULL when the file does not tell.';
COMMENT ON COLUMN marts.mlperf_systems.fabric_label IS 'Display name of the fabric (Not stated when fabric is NULL).';
COMMENT ON COLUMN marts.mlperf_systems.nic_gbps IS 'Speed of one compute NIC, Gb/s.';
COMMENT ON COLUMN marts.mlperf_systems.compute_nics_per_node IS 'Compute NICs per node (storage and management NICs excluded).';
COMMENT ON COLUMN marts.mlperf_systems.scaleout_gbps_per_node IS 'Compute NIC bandwidth per node, Gb/s (nic_gbps x compute_nics_per_node).';
COMMENT ON COLUMN marts.mlperf_systems.scaleout_gbps_per_accelerator IS 'Compute NIC bandwidth per accelerator, Gb/s.';
COMMENT ON COLUMN marts.mlperf_systems.nic_model IS 'Compute NIC model when named.';
COMMENT ON COLUMN marts.mlperf_systems.scaleup_interconnect IS 'Accelerator (scale-up) interconnect as written.';
COMMENT ON COLUMN marts.mlperf_systems.nccl_version IS 'NCCL version of the software stack, when given.';
COMMENT ON COLUMN marts.mlperf_systems.warnings IS 'What the parser could not read or had to interpret, one per line.';
COMMENT ON COLUMN marts.mlperf_systems.url IS 'The system-description file at its commit on github.com.';
COMMENT ON COLUMN marts.mlperf_systems.repository IS 'GitHub repository of the round.';
COMMENT ON COLUMN marts.mlperf_systems.commit IS 'Commit the file was read at.';
COMMENT ON COLUMN marts.mlperf_systems.file_path IS 'Path of the file in its repository.';
COMMENT ON COLUMN marts.mlperf_systems.document_sha IS 'sha256 of the stored file.';
COMMENT ON COLUMN marts.mlperf_systems.source_id IS 'Source id (mlperf_training).';
