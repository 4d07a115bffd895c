-- 0016: products carry how their document's date is known and what their evidence is, as observations
-- and events do (0009); the ledger gives every record these provenance fields.
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS date_basis VARCHAR;
ALTER TABLE core.products ADD COLUMN IF NOT EXISTS evidence_kind VARCHAR;
COMMENT ON COLUMN core.products.date_basis IS 'How the source''s published_on is known (published, as_of, list_release, retrieved, undated).';
COMMENT ON COLUMN core.products.evidence_kind IS 'quote, table or context (see core.observations.evidence_kind).';
