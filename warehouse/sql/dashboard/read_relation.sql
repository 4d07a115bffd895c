-- $1: a relation the dashboard reads (schema.name): all its rows.
SELECT * FROM query_table(?);
