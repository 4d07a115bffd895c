-- 0037: which SQL each mart of this database was last created from, so that a rebuild of a mart whose SQL,
-- helper macros and schema are unchanged replaces its rows in place (DELETE + INSERT) instead of re-creating
-- the table and setting its ~30 column comments again (warehouse/marts.py apply_mart_stored; issue 23).
CREATE TABLE IF NOT EXISTS meta.marts_built (
    name        VARCHAR PRIMARY KEY,
    sql_version VARCHAR NOT NULL,
    built_at    TIMESTAMP NOT NULL
);
COMMENT ON TABLE meta.marts_built IS 'The SQL each mart was last created from: a mart whose version is unchanged is rebuilt by replacing its rows, keeping its table and comments; any other is created again.';
COMMENT ON COLUMN meta.marts_built.name IS 'Mart name (marts.<name>).';
COMMENT ON COLUMN meta.marts_built.sql_version IS 'Hash of the mart''s SQL and helper macros (its Dagster code version) and the schema version it was created on.';
COMMENT ON COLUMN meta.marts_built.built_at IS 'When the mart was last created (UTC); rows replaced in place since do not change it.';
