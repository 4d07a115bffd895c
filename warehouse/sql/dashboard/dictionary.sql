-- meta.data_dictionary: one row per relation (column_name '') and per column, with its description.
SELECT schema_name, table_name, column_name, data_type, description
FROM meta.data_dictionary
ORDER BY schema_name, table_name, column_name;
