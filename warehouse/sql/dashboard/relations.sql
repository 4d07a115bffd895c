-- Every table and view of the published warehouse: schema, name, kind (table or view), comment.
SELECT schema_name AS schema, table_name AS name, 'table' AS kind, comment
FROM duckdb_tables()
WHERE database_name = current_database()
UNION ALL
SELECT schema_name, view_name, 'view', comment
FROM duckdb_views()
WHERE database_name = current_database() AND NOT internal
ORDER BY 1, 2;
