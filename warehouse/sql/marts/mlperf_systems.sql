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
                     WHEN 'none' THEN 'No scale-out (single node)'
                     ELSE 'Not stated' END AS fabric_label,
       s.fabric_basis,
       s.nic_fabric,
       s.nic_gbps,
       s.compute_nics_per_node,
       s.ports_per_nic,
       s.port_gbps,
       s.scaleout_gbps_per_node,
       CASE WHEN s.accelerators_per_node > 0
            THEN s.scaleout_gbps_per_node / s.accelerators_per_node END AS scaleout_gbps_per_accelerator,
       s.excluded_nics,
       s.nic_model,
       s.scaleup_interconnect,
       s.nccl_version,
       s.warnings,
       s.url,
       s.publisher,
       s.title,
       s.via,
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
COMMENT ON COLUMN marts.mlperf_systems.published_on IS 'When the round''s results were published: the announcement day when the recording names it (v6.0: 2026-06-16), else the first day of the announcement month (date_basis published); the retrieval date of a round fetched live and not yet recorded (date_basis retrieved).';
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
COMMENT ON COLUMN marts.mlperf_systems.fabric IS 'Scale-out compute fabric: infiniband, roce, ethernet, slingshot, efa, omni-path, tpu-ici, other; none for a single node (no scale-out fabric); NULL when the file does not tell. Never a management, storage or front-end link.';
COMMENT ON COLUMN marts.mlperf_systems.fabric_label IS 'Display name of the fabric (No scale-out (single node) for none, Not stated when fabric is NULL).';
COMMENT ON COLUMN marts.mlperf_systems.fabric_basis IS 'How the fabric was read: the words or rule it rests on.';
COMMENT ON COLUMN marts.mlperf_systems.nic_fabric IS 'What the compute NICs are as described (kept for a single node, whose fabric is none); NULL when not told.';
COMMENT ON COLUMN marts.mlperf_systems.nic_gbps IS 'Bandwidth of one compute NIC card, Gb/s (ports x port speed when the ports are stated).';
COMMENT ON COLUMN marts.mlperf_systems.compute_nics_per_node IS 'Compute NIC cards per node (management, storage, front-end and extra NICs excluded; see excluded_nics).';
COMMENT ON COLUMN marts.mlperf_systems.ports_per_nic IS 'Ports used on each compute NIC card when stated (2x400Gb/s, 4x200G breakout).';
COMMENT ON COLUMN marts.mlperf_systems.port_gbps IS 'Speed of one compute NIC port, Gb/s.';
COMMENT ON COLUMN marts.mlperf_systems.scaleout_gbps_per_node IS 'Scale-out bandwidth of one node, Gb/s: cards x ports x port speed; NULL for a single node (no scale-out) or when a factor is not stated.';
COMMENT ON COLUMN marts.mlperf_systems.scaleout_gbps_per_accelerator IS 'Scale-out bandwidth per accelerator, Gb/s (scaleout_gbps_per_node / accelerators_per_node).';
COMMENT ON COLUMN marts.mlperf_systems.excluded_nics IS 'NICs of the file left out of the compute set, one per line, with their role (management, storage, frontend, extra) and why.';
COMMENT ON COLUMN marts.mlperf_systems.nic_model IS 'Compute NIC model when named.';
COMMENT ON COLUMN marts.mlperf_systems.scaleup_interconnect IS 'Accelerator (scale-up) interconnect as written.';
COMMENT ON COLUMN marts.mlperf_systems.nccl_version IS 'NCCL version of the software stack, when given.';
COMMENT ON COLUMN marts.mlperf_systems.warnings IS 'What the parser could not read or had to interpret, one per line.';
COMMENT ON COLUMN marts.mlperf_systems.url IS 'The system-description file at its commit on github.com.';
COMMENT ON COLUMN marts.mlperf_systems.publisher IS 'Original publisher of the results: MLCommons.';
COMMENT ON COLUMN marts.mlperf_systems.title IS 'Citation title of the file (MLPerf Training vX.Y system description <path>).';
COMMENT ON COLUMN marts.mlperf_systems.via IS 'Carrier the file was read from when not the MLCommons repository itself (a mirror fork), else NULL.';
COMMENT ON COLUMN marts.mlperf_systems.repository IS 'GitHub repository of the round.';
COMMENT ON COLUMN marts.mlperf_systems.commit IS 'Commit the file was read at.';
COMMENT ON COLUMN marts.mlperf_systems.file_path IS 'Path of the file in its repository.';
COMMENT ON COLUMN marts.mlperf_systems.document_sha IS 'sha256 of the stored file.';
COMMENT ON COLUMN marts.mlperf_systems.source_id IS 'Source id (mlperf_training).';
