-- 0027: MLPerf NIC semantics (issue 21). A system's scale-out network is read from its compute NICs only;
-- a single node has none (fabric 'none'); cards, ports a card and port speed give the per-node scale-out
-- bandwidth; what was left out of the compute set is recorded with its reason. Each file also carries the
-- publisher, title and carrier (via) a citation needs (issue 20).
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS nic_fabric VARCHAR;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS ports_per_nic INTEGER;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS port_gbps DOUBLE;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS scaleout_gbps_per_node DOUBLE;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS fabric_basis VARCHAR;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS excluded_nics VARCHAR;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS publisher VARCHAR;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS title VARCHAR;
ALTER TABLE core.mlperf_systems ADD COLUMN IF NOT EXISTS via VARCHAR;
COMMENT ON COLUMN core.mlperf_systems.nic_fabric IS 'What the compute NICs are, as the file describes them (infiniband, roce, ethernet, slingshot, ...), kept for a single node whose fabric is none; NULL when the file does not tell.';
COMMENT ON COLUMN core.mlperf_systems.ports_per_nic IS 'Ports used on each compute NIC card when the file says (2x400Gb/s, 4x 200 Gb/s breakout, 1-port); NULL when not stated.';
COMMENT ON COLUMN core.mlperf_systems.port_gbps IS 'Speed of one compute NIC port, Gb/s (the card speed when the ports are not stated).';
COMMENT ON COLUMN core.mlperf_systems.scaleout_gbps_per_node IS 'Scale-out bandwidth of one node, Gb/s: compute NIC cards x ports x port speed; NULL for a single node (no scale-out) or when a factor is not stated.';
COMMENT ON COLUMN core.mlperf_systems.fabric_basis IS 'How the fabric was read: the words or rule it rests on (e.g. single node: no scale-out fabric; compute NICs: ...; the word Ethernet wins over NDR).';
COMMENT ON COLUMN core.mlperf_systems.excluded_nics IS 'NICs of the file left out of the compute set, one per line: the text, its role (management, storage, frontend, extra) and why.';
COMMENT ON COLUMN core.mlperf_systems.publisher IS 'Original publisher of the results: MLCommons.';
COMMENT ON COLUMN core.mlperf_systems.title IS 'Citation title of the file: MLPerf Training vX.Y system description <path>.';
COMMENT ON COLUMN core.mlperf_systems.via IS 'Carrier the file was read from when not the MLCommons repository itself (a mirror fork), else NULL.';
