-- Comments amended after their migration live in warehouse/comments/*.sql and are applied
-- idempotently after the migrations; this table remembers which text was applied.
CREATE TABLE IF NOT EXISTS meta.comments_applied (
    name        VARCHAR PRIMARY KEY,
    sha256      VARCHAR NOT NULL,
    applied_at  TIMESTAMP NOT NULL
);
COMMENT ON TABLE meta.comments_applied IS 'Comment files (warehouse/comments/*.sql) applied to this database, with the hash of the text applied; a changed file is applied again.';
COMMENT ON COLUMN meta.comments_applied.name IS 'File name without .sql.';
COMMENT ON COLUMN meta.comments_applied.sha256 IS 'sha256 of the file when it was applied.';
COMMENT ON COLUMN meta.comments_applied.applied_at IS 'When it was applied (UTC).';

-- The ledger's indicators allow more than one unit (indicators.csv `ratio|share`); the first is
-- core.indicators.unit, the others were dropped on load until now.
ALTER TABLE core.indicators ADD COLUMN IF NOT EXISTS compatible_units VARCHAR[];
COMMENT ON COLUMN core.indicators.compatible_units IS 'Other units an observation of this indicator may carry (from indicators.csv `unit|other`); empty when only unit is allowed.';

-- The ledger's sources carry a note (sources.csv `note`: how a seed was dated, what it lacks), dropped
-- on load until now.
ALTER TABLE core.sources ADD COLUMN IF NOT EXISTS note VARCHAR;
COMMENT ON COLUMN core.sources.note IS 'Analyst note on a curated source (how it is dated, what it lacks); NULL for registry sources.';
