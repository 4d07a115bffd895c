-- $1: a relation the dashboard reads (schema.name, checked against the catalog by dashboard/data.py): its columns.
SELECT * FROM query_table(?) LIMIT 0;
