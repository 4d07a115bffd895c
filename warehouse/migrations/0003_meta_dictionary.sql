-- 0003: the data dictionary, built from the catalog comments (refreshed at publish).
CREATE TABLE meta.data_dictionary (
    schema_name  VARCHAR NOT NULL,
    table_name   VARCHAR NOT NULL,
    column_name  VARCHAR,
    data_type    VARCHAR,
    description  VARCHAR,
    PRIMARY KEY (schema_name, table_name, column_name)
);
COMMENT ON TABLE meta.data_dictionary IS 'Every table, view and column of the warehouse with its description (one row per table with column_name = '''' plus one per column).';
COMMENT ON COLUMN meta.data_dictionary.schema_name IS 'Schema (raw, core, model, marts, meta).';
COMMENT ON COLUMN meta.data_dictionary.table_name IS 'Table or view.';
COMMENT ON COLUMN meta.data_dictionary.column_name IS 'Column name; empty string for the table row itself.';
COMMENT ON COLUMN meta.data_dictionary.data_type IS 'DuckDB type of the column.';
COMMENT ON COLUMN meta.data_dictionary.description IS 'The comment on the table or column (units included).';
