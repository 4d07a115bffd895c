-- Rebuild meta.data_dictionary from the catalog: one row per table/view, one per column.
INSERT INTO meta.data_dictionary
SELECT schema_name, table_name, '' AS column_name, NULL AS data_type, comment AS description
FROM duckdb_tables()
WHERE database_name = current_database() AND schema_name IN ('raw', 'core', 'model', 'marts', 'meta')
UNION ALL
SELECT schema_name, view_name, '', NULL, comment
FROM duckdb_views()
WHERE database_name = current_database() AND schema_name IN ('raw', 'core', 'model', 'marts', 'meta') AND NOT internal
UNION ALL
SELECT schema_name, table_name, column_name, data_type, comment
FROM duckdb_columns()
WHERE database_name = current_database() AND schema_name IN ('raw', 'core', 'model', 'marts', 'meta');
