-- $1: the previous release's file (releases/warehouse-*.duckdb), attached read-only beside the published one.
ATTACH ? AS previous (READ_ONLY);
