-- 0031: lineage at the grain of the rows a mart reads. The marts of market figures, specs, cloud
-- fabrics and UEC membership select indicators that only publishers state (the ledger, press
-- releases, spec pages, the UEC site); the nccl-tests and TOP500 parsers write their own indicators
-- (nccl_busbw*, top500_*), read by their own marts. This view is every observation except the rows
-- of those measurement parsers (by origin, the loader that wrote them), so a mart reading it is not
-- rebuilt when an nccl-tests log or a TOP500 list arrives. pipelines/lineage.py reads the origins
-- excluded here from this statement (DuckDB's parser): what the view holds and what lineage says it
-- holds cannot drift apart.
CREATE OR REPLACE VIEW core.observations_stated AS
SELECT o.*
FROM core.observations o
WHERE o.origin NOT IN ('parse_nccl_logs', 'parse_top500_lists');
COMMENT ON VIEW core.observations_stated IS 'Observations stated by publishers: every row of core.observations except those parsed from nccl-tests logs and TOP500 lists (origins parse_nccl_logs, parse_top500_lists), which their own marts read. Marts selecting market, spec, cloud or UEC indicators read this view, so a new benchmark log or list does not rebuild them.';
