-- key: scenario_id
-- The model's cost per GPU against effective bandwidth by fabric and cluster size, with each fabric's premium over RoCE with ECMP.
CREATE OR REPLACE VIEW marts.fabric_cost_performance AS
WITH baseline AS (
    -- the cheapest RoCE-with-ECMP scenario of the same cluster shape
    SELECT gpus, nic_gbps, gpus_per_node, oversubscription, design, planes,
           arg_min(scenario_id, capex_per_gpu_usd) AS baseline_scenario_id,
           min(capex_per_gpu_usd) AS baseline_capex_per_gpu_usd,
           arg_min(effective_GBps_per_gpu, capex_per_gpu_usd) AS baseline_effective_GBps_per_gpu,
           arg_min(step_time_s, capex_per_gpu_usd) AS baseline_step_time_s
    FROM model.scenarios
    WHERE fabric = 'roce-ecmp'
    GROUP BY gpus, nic_gbps, gpus_per_node, oversubscription, design, planes
)
SELECT s.scenario_id, s.fabric, s.switch, s.gpus, s.nic_gbps, s.gpus_per_node, s.oversubscription, s.tiers,
       s.capex_per_gpu_usd, s.capex_total_usd, s.network_share_of_cluster_capex, s.power_total_w,
       s.power_total_w / nullif(s.gpus, 0) AS power_per_gpu_w,
       s.effective_GBps_per_gpu, s.allreduce_busbw_GBps, s.step_time_s, s.gpu_utilization,
       s.cost_per_effective_tbps_usd, s.cost_per_effective_gpu_usd,
       s.design, s.planes, s.link_gbps, s.max_endpoints, s.nic, s.algorithm,
       s.params, s.bytes_per_grad_element, s.compute_s_per_step, s.overlap_share,
       b.baseline_scenario_id,
       s.capex_per_gpu_usd - b.baseline_capex_per_gpu_usd AS premium_per_gpu_usd,
       s.capex_per_gpu_usd / nullif(b.baseline_capex_per_gpu_usd, 0) - 1 AS premium_ratio,
       s.effective_GBps_per_gpu / nullif(b.baseline_effective_GBps_per_gpu, 0) - 1 AS bandwidth_gain_ratio,
       b.baseline_step_time_s / nullif(s.step_time_s, 0) - 1 AS step_speedup_ratio
FROM model.scenarios s
LEFT JOIN baseline b
  ON b.gpus = s.gpus
 AND b.nic_gbps IS NOT DISTINCT FROM s.nic_gbps
 AND b.gpus_per_node IS NOT DISTINCT FROM s.gpus_per_node
 AND b.oversubscription IS NOT DISTINCT FROM s.oversubscription
 AND b.design IS NOT DISTINCT FROM s.design
 AND b.planes IS NOT DISTINCT FROM s.planes;

COMMENT ON VIEW marts.fabric_cost_performance IS 'Fabric model scenarios: network cost per GPU against effective bandwidth and step time by fabric and cluster size, with each fabric''s cost premium and performance gain over the cheapest RoCE-with-ECMP scenario of the same shape (GPUs, NIC speed, GPUs per node, oversubscription, design); the workload and design each row was computed with.';
COMMENT ON COLUMN marts.fabric_cost_performance.scenario_id IS 'Scenario id (model.scenarios).';
COMMENT ON COLUMN marts.fabric_cost_performance.fabric IS 'Fabric profile (infiniband, roce-ecmp, spectrum-x, uec, ...).';
COMMENT ON COLUMN marts.fabric_cost_performance.switch IS 'Switch model used.';
COMMENT ON COLUMN marts.fabric_cost_performance.gpus IS 'GPUs in the cluster, count.';
COMMENT ON COLUMN marts.fabric_cost_performance.nic_gbps IS 'Scale-out NIC bandwidth per GPU, Gb/s.';
COMMENT ON COLUMN marts.fabric_cost_performance.gpus_per_node IS 'GPUs per node, count.';
COMMENT ON COLUMN marts.fabric_cost_performance.oversubscription IS 'Leaf oversubscription ratio (1.0 = non-blocking).';
COMMENT ON COLUMN marts.fabric_cost_performance.tiers IS 'Switch tiers, count.';
COMMENT ON COLUMN marts.fabric_cost_performance.capex_per_gpu_usd IS 'Network capex per GPU, USD.';
COMMENT ON COLUMN marts.fabric_cost_performance.capex_total_usd IS 'Network capex, USD.';
COMMENT ON COLUMN marts.fabric_cost_performance.network_share_of_cluster_capex IS 'Network share of cluster capex, 0-1.';
COMMENT ON COLUMN marts.fabric_cost_performance.power_total_w IS 'Network power, W.';
COMMENT ON COLUMN marts.fabric_cost_performance.power_per_gpu_w IS 'Network power per GPU, W.';
COMMENT ON COLUMN marts.fabric_cost_performance.effective_GBps_per_gpu IS 'Effective scale-out bandwidth per GPU, GB/s.';
COMMENT ON COLUMN marts.fabric_cost_performance.allreduce_busbw_GBps IS 'Modelled AllReduce bus bandwidth, GB/s.';
COMMENT ON COLUMN marts.fabric_cost_performance.step_time_s IS 'Modelled training step time, seconds.';
COMMENT ON COLUMN marts.fabric_cost_performance.gpu_utilization IS 'Share of the step spent computing, 0-1.';
COMMENT ON COLUMN marts.fabric_cost_performance.cost_per_effective_tbps_usd IS 'Network capex per effective Tb/s, USD per Tb/s.';
COMMENT ON COLUMN marts.fabric_cost_performance.cost_per_effective_gpu_usd IS 'Cluster capex per effective GPU (capex / (GPUs x utilization)), USD.';
COMMENT ON COLUMN marts.fabric_cost_performance.design IS 'Fabric design (fat-tree, multi-plane, rail-only).';
COMMENT ON COLUMN marts.fabric_cost_performance.planes IS 'Planes of the design, count.';
COMMENT ON COLUMN marts.fabric_cost_performance.link_gbps IS 'Speed of one host link, Gb/s.';
COMMENT ON COLUMN marts.fabric_cost_performance.max_endpoints IS 'Most GPUs the design reaches with the same tiers, count.';
COMMENT ON COLUMN marts.fabric_cost_performance.nic IS 'NIC model used (catalog id).';
COMMENT ON COLUMN marts.fabric_cost_performance.algorithm IS 'AllReduce algorithm evaluated.';
COMMENT ON COLUMN marts.fabric_cost_performance.params IS 'Workload: parameters each GPU AllReduces per step, count (illustrative).';
COMMENT ON COLUMN marts.fabric_cost_performance.bytes_per_grad_element IS 'Workload: bytes per gradient element.';
COMMENT ON COLUMN marts.fabric_cost_performance.compute_s_per_step IS 'Workload: compute time per step, seconds (illustrative).';
COMMENT ON COLUMN marts.fabric_cost_performance.overlap_share IS 'Workload: share of compute that can hide communication, 0-1.';
COMMENT ON COLUMN marts.fabric_cost_performance.baseline_scenario_id IS 'The RoCE-with-ECMP scenario compared against (NULL when none has the same shape).';
COMMENT ON COLUMN marts.fabric_cost_performance.premium_per_gpu_usd IS 'Capex per GPU minus the baseline''s, USD (0 for the baseline itself).';
COMMENT ON COLUMN marts.fabric_cost_performance.premium_ratio IS 'Capex per GPU / baseline - 1 (0.15 = 15% dearer).';
COMMENT ON COLUMN marts.fabric_cost_performance.bandwidth_gain_ratio IS 'Effective bandwidth per GPU / baseline - 1 (0.6 = 60% more).';
COMMENT ON COLUMN marts.fabric_cost_performance.step_speedup_ratio IS 'Baseline step time / step time - 1 (0.1 = steps 10% faster).';
