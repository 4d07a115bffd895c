-- 0012: the fabric model v2 (issue 11). model.scenarios records the design and the workload each
-- scenario was evaluated with; model.catalog publishes the catalog the marts were computed with
-- (shipped figures with the warehouse's observed overrides) so the dashboard reads the same one.
ALTER TABLE model.scenarios ADD COLUMN design VARCHAR;
ALTER TABLE model.scenarios ADD COLUMN planes INTEGER;
ALTER TABLE model.scenarios ADD COLUMN link_gbps DOUBLE;
ALTER TABLE model.scenarios ADD COLUMN max_endpoints BIGINT;
ALTER TABLE model.scenarios ADD COLUMN nic VARCHAR;
ALTER TABLE model.scenarios ADD COLUMN algorithm VARCHAR;
ALTER TABLE model.scenarios ADD COLUMN params DOUBLE;
ALTER TABLE model.scenarios ADD COLUMN bytes_per_grad_element DOUBLE;
ALTER TABLE model.scenarios ADD COLUMN compute_s_per_step DOUBLE;
ALTER TABLE model.scenarios ADD COLUMN overlap_share DOUBLE;
ALTER TABLE model.scenarios ADD COLUMN cost_per_effective_gpu_usd DOUBLE;
COMMENT ON COLUMN model.scenarios.design IS 'Fabric design: fat-tree (one fabric, rails joined at the spine), multi-plane (each NIC split over planes that all reach every GPU) or rail-only (one plane per NIC index).';
COMMENT ON COLUMN model.scenarios.planes IS 'Planes of the design (1 for a fat tree; GPUs per node for rail-only), count.';
COMMENT ON COLUMN model.scenarios.link_gbps IS 'Speed of one host link (the NIC speed split over multi-plane planes), Gb/s.';
COMMENT ON COLUMN model.scenarios.max_endpoints IS 'Most GPUs this design reaches with the same tiers (true reach), count.';
COMMENT ON COLUMN model.scenarios.nic IS 'NIC model used (catalog id).';
COMMENT ON COLUMN model.scenarios.algorithm IS 'AllReduce algorithm evaluated.';
COMMENT ON COLUMN model.scenarios.params IS 'Workload: parameters each GPU AllReduces per step, count (illustrative).';
COMMENT ON COLUMN model.scenarios.bytes_per_grad_element IS 'Workload: bytes per gradient element (2 = bf16).';
COMMENT ON COLUMN model.scenarios.compute_s_per_step IS 'Workload: compute time per training step, seconds (illustrative).';
COMMENT ON COLUMN model.scenarios.overlap_share IS 'Workload: share of compute that can hide communication, 0-1.';
COMMENT ON COLUMN model.scenarios.cost_per_effective_gpu_usd IS 'Cluster capex per effective GPU (capex / (GPUs x utilization)), USD.';

CREATE TABLE model.catalog (
    item_table   VARCHAR NOT NULL,
    item_id      VARCHAR NOT NULL,
    field        VARCHAR NOT NULL,
    value        VARCHAR,
    source       VARCHAR,
    url          VARCHAR,
    published_on VARCHAR,
    kind         VARCHAR,
    PRIMARY KEY (item_table, item_id, field)
);
COMMENT ON TABLE model.catalog IS 'The model catalog the published scenarios were computed with: every figure of every switch, NIC, optic, GPU system and fabric profile after the warehouse''s observed overrides, with its source.';
COMMENT ON COLUMN model.catalog.item_table IS 'Catalog table: switches, nics, optics, systems or fabrics.';
COMMENT ON COLUMN model.catalog.item_id IS 'Catalog id of the item (e.g. quantum-2).';
COMMENT ON COLUMN model.catalog.field IS 'Field of the item (e.g. price_usd, port_configs).';
COMMENT ON COLUMN model.catalog.value IS 'Value as text (numbers in Python repr, lists joined with ;, port modes as PORTSxGBPS).';
COMMENT ON COLUMN model.catalog.source IS 'Where the value comes from (document, derivation or ASSUMPTION).';
COMMENT ON COLUMN model.catalog.url IS 'Address of the source.';
COMMENT ON COLUMN model.catalog.published_on IS 'Date of the source as given (may be partial or n.d.).';
COMMENT ON COLUMN model.catalog.kind IS 'Kind of figure: spec, vendor_claim, estimate, assumption, tool_assumption or observed.';
