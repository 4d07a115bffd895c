-- 0032: entity re-resolution only where something changed. Each observation and event records the
-- stamp of what resolved its entity, series key, period basis and evidence flag: the entity registry
-- (entities and aliases) and the code that applies it (warehouse/load.py and the modules it imports).
-- The ledger step re-resolves only rows whose stamp differs from the current one: a new or edited
-- registry, a change to that code, or rows no loader resolved (NULL). Rows are stamped when loaded.
ALTER TABLE core.observations ADD COLUMN IF NOT EXISTS resolved_with VARCHAR;
ALTER TABLE core.events ADD COLUMN IF NOT EXISTS resolved_with VARCHAR;
COMMENT ON COLUMN core.observations.resolved_with IS 'Stamp of the entity registry and resolution code that set entity_id, entity_resolution, series_key, period_basis and evidence_has_value; NULL: not resolved yet (the next ledger step resolves it).';
COMMENT ON COLUMN core.events.resolved_with IS 'Stamp of the entity registry and resolution code that set entity_id and entity_resolution; NULL: not resolved yet (the next ledger step resolves it).';
