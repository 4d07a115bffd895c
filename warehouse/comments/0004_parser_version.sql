-- One parser version: the hash of the parser family's code (sources.parsers.dispatch.parser_version), the
-- same value raw.parse_state keeps and Dagster shows as the parse asset's code_version.
COMMENT ON COLUMN core.claims.parser_version IS 'Hash of the claims parser family''s code that extracted the claim (raw.parse_state.parser_version, the parse asset''s code_version).';
COMMENT ON COLUMN core.specs.parser_version IS 'Hash of the specs parser family''s code that read the row (raw.parse_state.parser_version, the parse asset''s code_version).';
