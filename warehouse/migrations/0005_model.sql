-- 0005: the fabric cost-performance model's outputs (DESIGN.md §5). Written by the model asset,
-- read by marts.nccl_results and marts.fabric_cost_performance.
CREATE TABLE model.assumptions (
    name   VARCHAR PRIMARY KEY,
    value  DOUBLE,
    unit   VARCHAR,
    source VARCHAR,
    note   VARCHAR
);
COMMENT ON TABLE model.assumptions IS 'Model inputs: one row per assumption (prices, power, efficiencies) with its unit and source.';
COMMENT ON COLUMN model.assumptions.name IS 'Assumption id (e.g. price_usd.switch_800g_51t, efficiency.roce-ecmp).';
COMMENT ON COLUMN model.assumptions.value IS 'Value, in the unit given.';
COMMENT ON COLUMN model.assumptions.unit IS 'Unit of value (USD, W, share 0-1, Gbps, ...).';
COMMENT ON COLUMN model.assumptions.source IS 'Where the value comes from (source id, document or "analyst assumption").';
COMMENT ON COLUMN model.assumptions.note IS 'Caveats: scope, date, how it was derived.';

CREATE TABLE model.scenarios (
    scenario_id                    VARCHAR PRIMARY KEY,
    fabric                         VARCHAR NOT NULL,
    switch                         VARCHAR,
    gpus                           INTEGER NOT NULL,
    nic_gbps                       DOUBLE,
    gpus_per_node                  INTEGER,
    oversubscription               DOUBLE,
    tiers                          INTEGER,
    switches_total                 INTEGER,
    transceivers_total             INTEGER,
    capex_total_usd                DOUBLE,
    capex_per_gpu_usd              DOUBLE,
    network_share_of_cluster_capex DOUBLE,
    power_total_w                  DOUBLE,
    fabric_efficiency              DOUBLE,
    effective_GBps_per_gpu         DOUBLE,
    allreduce_time_s               DOUBLE,
    allreduce_busbw_GBps           DOUBLE,
    step_time_s                    DOUBLE,
    gpu_utilization                DOUBLE,
    cost_per_effective_tbps_usd    DOUBLE
);
COMMENT ON TABLE model.scenarios IS 'Model outputs: one row per scenario (fabric profile x switch x cluster size x NIC speed x oversubscription).';
COMMENT ON COLUMN model.scenarios.scenario_id IS 'Stable id of the scenario (its inputs).';
COMMENT ON COLUMN model.scenarios.fabric IS 'Fabric profile id (e.g. infiniband, roce-ecmp, spectrum-x, uec).';
COMMENT ON COLUMN model.scenarios.switch IS 'Switch model used for every tier (catalog id).';
COMMENT ON COLUMN model.scenarios.gpus IS 'GPUs (endpoints) in the cluster, count.';
COMMENT ON COLUMN model.scenarios.nic_gbps IS 'Scale-out NIC bandwidth per GPU, Gb/s.';
COMMENT ON COLUMN model.scenarios.gpus_per_node IS 'GPUs per node (scale-up domain size used for rails), count.';
COMMENT ON COLUMN model.scenarios.oversubscription IS 'Oversubscription ratio at the leaf (1.0 = non-blocking).';
COMMENT ON COLUMN model.scenarios.tiers IS 'Switch tiers needed (1-3).';
COMMENT ON COLUMN model.scenarios.switches_total IS 'Switches over all tiers, count.';
COMMENT ON COLUMN model.scenarios.transceivers_total IS 'Optical transceivers, count.';
COMMENT ON COLUMN model.scenarios.capex_total_usd IS 'Network capital cost (switches, NICs, optics, cables), USD.';
COMMENT ON COLUMN model.scenarios.capex_per_gpu_usd IS 'Network capital cost per GPU, USD.';
COMMENT ON COLUMN model.scenarios.network_share_of_cluster_capex IS 'Network share of total cluster capex, 0-1.';
COMMENT ON COLUMN model.scenarios.power_total_w IS 'Network power draw, W.';
COMMENT ON COLUMN model.scenarios.fabric_efficiency IS 'Achieved share of line rate under load for this fabric profile, 0-1.';
COMMENT ON COLUMN model.scenarios.effective_GBps_per_gpu IS 'Effective scale-out bandwidth per GPU after efficiency and oversubscription, GB/s.';
COMMENT ON COLUMN model.scenarios.allreduce_time_s IS 'Modelled AllReduce time for the reference message size, seconds.';
COMMENT ON COLUMN model.scenarios.allreduce_busbw_GBps IS 'Modelled AllReduce bus bandwidth (nccl-tests definition), GB/s.';
COMMENT ON COLUMN model.scenarios.step_time_s IS 'Modelled training step time for the reference workload, seconds.';
COMMENT ON COLUMN model.scenarios.gpu_utilization IS 'Share of the step the GPUs compute rather than wait for the network, 0-1.';
COMMENT ON COLUMN model.scenarios.cost_per_effective_tbps_usd IS 'Network capex per Tb/s of effective bandwidth, USD per Tb/s.';

CREATE TABLE model.calibration (
    point_id             VARCHAR PRIMARY KEY,
    kind                 VARCHAR NOT NULL,
    run_id               VARCHAR,
    size_bytes           BIGINT,
    description          VARCHAR,
    measured_busbw_GBps  DOUBLE,
    predicted_busbw_GBps DOUBLE,
    rel_error            DOUBLE,
    source               VARCHAR,
    checked              BOOLEAN,
    within_tolerance     BOOLEAN
);
COMMENT ON TABLE model.calibration IS 'The model against measurements: nccl-tests runs (per message size) and published performance points.';
COMMENT ON COLUMN model.calibration.point_id IS 'Stable id of the calibration point.';
COMMENT ON COLUMN model.calibration.kind IS 'nccl (a measured nccl-tests row, see core.nccl_rows) or published (a figure from a document).';
COMMENT ON COLUMN model.calibration.run_id IS 'nccl-tests run (core.nccl_runs.run_id) for kind nccl, NULL otherwise.';
COMMENT ON COLUMN model.calibration.size_bytes IS 'Message size, bytes (kind nccl).';
COMMENT ON COLUMN model.calibration.description IS 'What was measured (system, collective, fabric).';
COMMENT ON COLUMN model.calibration.measured_busbw_GBps IS 'Measured bus bandwidth, GB/s.';
COMMENT ON COLUMN model.calibration.predicted_busbw_GBps IS 'Bus bandwidth the model predicts for the same setup, GB/s.';
COMMENT ON COLUMN model.calibration.rel_error IS 'Relative error (predicted - measured) / measured.';
COMMENT ON COLUMN model.calibration.source IS 'Source of the measurement (source id or URL).';

CREATE TABLE model.sensitivity (
    assumption        VARCHAR NOT NULL,
    low_value         DOUBLE,
    high_value        DOUBLE,
    cost_per_gpu_low  DOUBLE,
    cost_per_gpu_high DOUBLE,
    step_time_low     DOUBLE,
    step_time_high    DOUBLE
);
COMMENT ON TABLE model.sensitivity IS 'One-at-a-time sensitivity of the reference scenario: each assumption at its low and high value.';
COMMENT ON COLUMN model.sensitivity.assumption IS 'Assumption varied (model.assumptions.name).';
COMMENT ON COLUMN model.sensitivity.low_value IS 'Low value of the assumption, in its unit.';
COMMENT ON COLUMN model.sensitivity.high_value IS 'High value of the assumption, in its unit.';
COMMENT ON COLUMN model.sensitivity.cost_per_gpu_low IS 'Network capex per GPU at the low value, USD.';
COMMENT ON COLUMN model.sensitivity.cost_per_gpu_high IS 'Network capex per GPU at the high value, USD.';
COMMENT ON COLUMN model.sensitivity.step_time_low IS 'Training step time at the low value, seconds.';
COMMENT ON COLUMN model.sensitivity.step_time_high IS 'Training step time at the high value, seconds.';
COMMENT ON COLUMN model.calibration.checked IS 'True when the point counts for the calibration check (hardware known, clean run, message at least 64 MiB).';
COMMENT ON COLUMN model.calibration.within_tolerance IS 'True when |rel_error| is within the calibration tolerance (20%, the published error band of analytical collective models).';
