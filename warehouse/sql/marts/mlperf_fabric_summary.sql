-- key: round, fabric
-- check: rows_present
-- check: mlperf_fabric_vocabulary name=fabric_vocabulary
-- check: shares_in_range columns=systems_share,scaleout_systems_share
-- check: share_sums name=systems_share_sums_to_one column=systems_share groups=round total=1.0
-- MLPerf Training submitted systems per round and scale-out fabric: systems, accelerators, largest system.
CREATE OR REPLACE VIEW marts.mlperf_fabric_summary AS
WITH ranked AS (
    SELECT *,
           row_number() OVER (PARTITION BY round, fabric
                              ORDER BY accelerators_total DESC NULLS LAST, nodes DESC NULLS LAST, system_id) AS size_rank
    FROM marts.mlperf_systems
),
per_fabric AS (
    SELECT round, fabric,
           any_value(round_order) AS round_order,
           any_value(published_on) AS published_on,
           any_value(fabric_label) AS fabric_label,
           count(*) AS systems,
           count(DISTINCT submitter) AS submitters,
           sum(accelerators_total) AS accelerators,
           count(accelerators_total) AS systems_with_accelerator_count,
           max(accelerators_total) AS largest_system_accelerators,
           median(nic_gbps) AS median_nic_gbps,
           median(scaleout_gbps_per_node) AS median_scaleout_gbps_per_node
    FROM marts.mlperf_systems
    GROUP BY round, fabric
)
SELECT p.round, p.round_order, p.published_on, p.fabric, p.fabric_label,
       p.systems,
       p.systems / sum(p.systems) OVER (PARTITION BY p.round) AS systems_share,
       CASE WHEN p.fabric IS DISTINCT FROM 'none'
            THEN p.systems / sum(CASE WHEN p.fabric IS DISTINCT FROM 'none' THEN p.systems END) OVER (PARTITION BY p.round)
       END AS scaleout_systems_share,
       p.submitters,
       p.accelerators,
       p.systems_with_accelerator_count,
       p.largest_system_accelerators,
       r.nodes AS largest_system_nodes,
       r.system_name AS largest_system_name,
       r.submitter AS largest_system_submitter,
       r.accelerator AS largest_system_accelerator,
       r.system_id AS largest_system_id,
       r.url AS largest_system_url,
       p.median_nic_gbps,
       p.median_scaleout_gbps_per_node
FROM per_fabric p
JOIN ranked r ON r.round = p.round AND r.fabric IS NOT DISTINCT FROM p.fabric AND r.size_rank = 1;

COMMENT ON VIEW marts.mlperf_fabric_summary IS 'MLPerf Training submitted systems per round and scale-out fabric: number of systems and their share of the round, accelerators, and the largest system (by accelerators) with its file.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.round IS 'MLPerf Training round, vX.Y.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.round_order IS 'Sortable round number (major x 100 + minor).';
COMMENT ON COLUMN marts.mlperf_fabric_summary.published_on IS 'When the round''s results were published (the announcement day when recorded, v6.0 2026-06-16; else the first day of the announcement month).';
COMMENT ON COLUMN marts.mlperf_fabric_summary.fabric IS 'Scale-out compute fabric (none = single-node systems, which have no scale-out fabric; NULL = not stated in the files).';
COMMENT ON COLUMN marts.mlperf_fabric_summary.fabric_label IS 'Display name of the fabric.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.systems IS 'Submitted systems (system-description files) with this fabric in the round, count.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.systems_share IS 'Share of the round''s submitted systems, 0-1 (single-node systems and systems whose fabric is not stated included in the total).';
COMMENT ON COLUMN marts.mlperf_fabric_summary.scaleout_systems_share IS 'Share of the round''s multi-node systems (fabric other than none; not stated included), 0-1: the fabric share among systems that have a scale-out network; NULL on the none row.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.submitters IS 'Distinct submitters, count.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.accelerators IS 'Sum of accelerators over the systems whose count is known (systems, not a census: one cluster submitted at several sizes counts each time).';
COMMENT ON COLUMN marts.mlperf_fabric_summary.systems_with_accelerator_count IS 'Systems whose accelerator count is known, count.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.largest_system_accelerators IS 'Accelerators of the largest system, count.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.largest_system_nodes IS 'Nodes of the largest system.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.largest_system_name IS 'System name of the largest system.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.largest_system_submitter IS 'Submitter of the largest system.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.largest_system_accelerator IS 'Accelerator model of the largest system.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.largest_system_id IS 'system_id of the largest system (marts.mlperf_systems).';
COMMENT ON COLUMN marts.mlperf_fabric_summary.largest_system_url IS 'The largest system''s file at its commit on github.com.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.median_nic_gbps IS 'Median compute NIC card bandwidth over systems that state it, Gb/s.';
COMMENT ON COLUMN marts.mlperf_fabric_summary.median_scaleout_gbps_per_node IS 'Median scale-out bandwidth per node (cards x ports x port speed) over systems that state it, Gb/s.';
