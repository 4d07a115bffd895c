-- 0011: MLPerf Training submitted systems (one row per system-description file per round).
CREATE TABLE core.mlperf_systems (
    system_id              VARCHAR NOT NULL,
    round                  VARCHAR NOT NULL,
    submitter              VARCHAR,
    system_name            VARCHAR,
    division               VARCHAR,
    status                 VARCHAR,
    nodes                  INTEGER,
    accelerators_per_node  INTEGER,
    accelerators_total     INTEGER,
    accelerator            VARCHAR,
    fabric                 VARCHAR,
    nic_gbps               DOUBLE,
    compute_nics_per_node  INTEGER,
    nic_model              VARCHAR,
    scaleup_interconnect   VARCHAR,
    nccl_version           VARCHAR,
    warnings               VARCHAR,
    file_path              VARCHAR,
    repository             VARCHAR,
    commit                 VARCHAR,
    url                    VARCHAR,
    fetch_url              VARCHAR,
    source_id              VARCHAR NOT NULL,
    document_sha           VARCHAR,
    published_on           DATE,
    date_basis             VARCHAR,
    parser_version         VARCHAR,
    origin                 VARCHAR NOT NULL
);
COMMENT ON TABLE core.mlperf_systems IS 'MLPerf Training submitted systems: one row per system-description file (<submitter>/systems/*.json) of a results round, read by sources.parsers.mlperf, with its provenance.';
COMMENT ON COLUMN core.mlperf_systems.system_id IS 'Stable id: round and the file''s path in its repository (e.g. v4.0/NVIDIA/systems/eos_n1344_ngc24.04_nemo.json).';
COMMENT ON COLUMN core.mlperf_systems.round IS 'MLPerf Training round, vX.Y (e.g. v4.0).';
COMMENT ON COLUMN core.mlperf_systems.submitter IS 'Submitter as written in the file (the folder name when the file has none; see warnings).';
COMMENT ON COLUMN core.mlperf_systems.system_name IS 'System name as written in the file.';
COMMENT ON COLUMN core.mlperf_systems.division IS 'closed or open, lower-cased.';
COMMENT ON COLUMN core.mlperf_systems.status IS 'Availability as written (available, preview, research, cloud, onprem, ...).';
COMMENT ON COLUMN core.mlperf_systems.nodes IS 'Number of nodes (number_of_nodes), NULL when not stated as a count.';
COMMENT ON COLUMN core.mlperf_systems.accelerators_per_node IS 'Accelerators per node, NULL when not stated as a count.';
COMMENT ON COLUMN core.mlperf_systems.accelerators_total IS 'nodes x accelerators_per_node, NULL when either is unknown.';
COMMENT ON COLUMN core.mlperf_systems.accelerator IS 'Accelerator model as written (accelerator_model_name).';
COMMENT ON COLUMN core.mlperf_systems.fabric IS 'Scale-out compute fabric family: infiniband, roce, ethernet, slingshot, efa, omni-path, tpu-ici, other; NULL when the file does not tell (see warnings).';
COMMENT ON COLUMN core.mlperf_systems.nic_gbps IS 'Speed of one compute NIC, Gb/s, as stated (or from the InfiniBand generation: EDR 100, HDR 200, NDR 400, XDR 800).';
COMMENT ON COLUMN core.mlperf_systems.compute_nics_per_node IS 'Compute NICs per node (storage and management NICs excluded).';
COMMENT ON COLUMN core.mlperf_systems.nic_model IS 'Compute NIC model (ConnectX-7, BlueField-3, Broadcom Thor2, ...) when named.';
COMMENT ON COLUMN core.mlperf_systems.scaleup_interconnect IS 'Accelerator interconnect as written (NVLink, XGMI, ICI, ...).';
COMMENT ON COLUMN core.mlperf_systems.nccl_version IS 'NCCL version from the software stack, when given.';
COMMENT ON COLUMN core.mlperf_systems.warnings IS 'What the parser could not read or had to interpret, one per line.';
COMMENT ON COLUMN core.mlperf_systems.file_path IS 'Path of the file in its repository.';
COMMENT ON COLUMN core.mlperf_systems.repository IS 'GitHub repository (mlcommons/training_results_vX.Y).';
COMMENT ON COLUMN core.mlperf_systems.commit IS 'Commit the file was read at.';
COMMENT ON COLUMN core.mlperf_systems.url IS 'Address of the file at its commit on github.com.';
COMMENT ON COLUMN core.mlperf_systems.fetch_url IS 'Address the body was fetched from (raw.githubusercontent.com at the commit).';
COMMENT ON COLUMN core.mlperf_systems.source_id IS 'Source id (mlperf_training).';
COMMENT ON COLUMN core.mlperf_systems.document_sha IS 'sha256 of the stored file.';
COMMENT ON COLUMN core.mlperf_systems.published_on IS 'When the round''s results were published (first day of the announcement month); the retrieval date for a round fetched live and not yet recorded.';
COMMENT ON COLUMN core.mlperf_systems.date_basis IS 'How published_on is known: published (the round''s announcement month), retrieved, or undated.';
COMMENT ON COLUMN core.mlperf_systems.parser_version IS 'Version of the MLPerf parser.';
COMMENT ON COLUMN core.mlperf_systems.origin IS 'Loader that wrote the row.';
