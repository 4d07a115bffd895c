-- key: list, fabric_group
-- check: shares_in_range columns=systems_share,rmax_share
-- check: share_sums name=systems_share_sums_to_one column=systems_share groups=list total=1.0
-- check: share_sums name=rmax_share_sums_to_one column=rmax_share groups=list total=1.0
-- check: lists_complete
-- The long history: one row per list and fabric group (every group that appears in any list, with
-- zero systems where it is absent), so the groups of one list add up to the whole list.
CREATE OR REPLACE VIEW marts.top500_history AS
WITH per_group AS (
    SELECT list, coalesce(fabric, 'other') AS fabric_group,
           max(fabric_label) AS fabric_label,
           sum(systems) AS systems, sum(systems_share) AS systems_share,
           sum(rmax_tflops) AS rmax_tflops, sum(rmax_share) AS rmax_share
    FROM core.top500_families
    GROUP BY list, coalesce(fabric, 'other')
),
lists AS (
    SELECT list, max(published_on) AS published_on, sum(systems) AS list_systems,
           sum(rmax_tflops) AS list_rmax_tflops, min(source_id) AS source_id, min(url) AS url,
           min(document_sha) AS document_sha
    FROM core.top500_families
    GROUP BY list
),
fabric_groups AS (
    SELECT fabric_group, max(fabric_label) AS fabric_label, min(list) AS first_list
    FROM per_group GROUP BY fabric_group
)
SELECT l.list,
       CAST(strptime(l.list || '-01', '%Y-%m-%d') AS DATE) AS list_date,
       l.published_on,
       g.fabric_group,
       coalesce(g.fabric_label, g.fabric_group) AS fabric_label,
       coalesce(p.systems, 0) AS systems,
       coalesce(p.systems_share, 0) AS systems_share,
       coalesce(p.rmax_tflops, 0) AS rmax_tflops,
       coalesce(p.rmax_share, 0) AS rmax_share,
       coalesce(p.systems, 0) - lag(coalesce(p.systems, 0)) OVER (PARTITION BY g.fabric_group ORDER BY l.list) AS systems_change,
       l.list_systems,
       l.list_rmax_tflops,
       g.first_list,
       l.source_id, l.url, l.document_sha
FROM lists l
CROSS JOIN fabric_groups g
LEFT JOIN per_group p ON p.list = l.list AND p.fabric_group = g.fabric_group;

COMMENT ON VIEW marts.top500_history IS 'TOP500 since 2000: systems and share of Rmax per fabric group per list (InfiniBand, Ethernet, Slingshot apart, Omni-Path, proprietary networks, Myrinet, Quadrics...), groups comparable across the lists.';
COMMENT ON COLUMN marts.top500_history.list IS 'List edition, YYYY-MM (June and November).';
COMMENT ON COLUMN marts.top500_history.list_date IS 'First day of the list month.';
COMMENT ON COLUMN marts.top500_history.published_on IS 'Release date of the list (date_basis list_release; the first day of the list month when the day is not recorded).';
COMMENT ON COLUMN marts.top500_history.fabric_group IS 'Fabric group; comparable since 2000: infiniband, ethernet (excluding Slingshot), slingshot, omni-path, proprietary, myrinet, quadrics, other, not_stated.';
COMMENT ON COLUMN marts.top500_history.fabric_label IS 'Fabric group; its display name.';
COMMENT ON COLUMN marts.top500_history.systems IS 'Systems, count; of the fabric group in the list (0 when absent).';
COMMENT ON COLUMN marts.top500_history.systems_share IS 'Share of the list''s systems, 0-1.';
COMMENT ON COLUMN marts.top500_history.rmax_tflops IS 'Rmax, TFlop/s; sum over the group''s systems.';
COMMENT ON COLUMN marts.top500_history.rmax_share IS 'Share of the list''s total Rmax, 0-1.';
COMMENT ON COLUMN marts.top500_history.systems_change IS 'Change since previous list, count; systems compared with the previous list in the warehouse (NULL for the first list).';
COMMENT ON COLUMN marts.top500_history.list_systems IS 'Systems in the whole list, count (500 for a complete list).';
COMMENT ON COLUMN marts.top500_history.list_rmax_tflops IS 'Total Rmax of the list, TFlop/s.';
COMMENT ON COLUMN marts.top500_history.first_list IS 'First list in the warehouse where the fabric group has a system.';
COMMENT ON COLUMN marts.top500_history.source_id IS 'Source id of the list file.';
COMMENT ON COLUMN marts.top500_history.url IS 'List address.';
COMMENT ON COLUMN marts.top500_history.document_sha IS 'sha256 of the list file.';
