-- 0019: carry-forward. A document that used to yield records and now fails to parse or parses to
-- nothing (a changed layout) keeps its previous rows in the core tables (with their original
-- provenance: document_sha is the body they were parsed from); this table says which, since when.
CREATE TABLE raw.parse_carried (
    source_id         VARCHAR NOT NULL,
    url               VARCHAR NOT NULL,
    carried_sha256    VARCHAR NOT NULL,
    carried_records   INTEGER NOT NULL,
    carried_parsed_at TIMESTAMP NOT NULL,
    since             TIMESTAMP NOT NULL,
    status            VARCHAR NOT NULL,
    failed_sha256     VARCHAR,
    error             VARCHAR,
    PRIMARY KEY (source_id, url)
);
COMMENT ON TABLE raw.parse_carried IS 'Documents whose previous records are carried forward: the last parse failed or found nothing (or the source''s record count collapsed to zero), so the rows of the last good parse stay in the core tables (join on document_sha = carried_sha256) and the source''s yield check fails. A row disappears when the document parses again.';
COMMENT ON COLUMN raw.parse_carried.source_id IS 'Source id.';
COMMENT ON COLUMN raw.parse_carried.url IS 'Document address.';
COMMENT ON COLUMN raw.parse_carried.carried_sha256 IS 'Body of the last good parse, whose rows are kept (their document_sha).';
COMMENT ON COLUMN raw.parse_carried.carried_records IS 'Records that parse yielded (observations, events, products and table rows), count.';
COMMENT ON COLUMN raw.parse_carried.carried_parsed_at IS 'When the carried rows were parsed (UTC).';
COMMENT ON COLUMN raw.parse_carried.since IS 'First parse that failed or found nothing, since when the rows are carried forward (UTC).';
COMMENT ON COLUMN raw.parse_carried.status IS 'What the parser does now: empty (parsed, nothing found), error (parse failed) or missing (the document is gone and the source yields nothing).';
COMMENT ON COLUMN raw.parse_carried.failed_sha256 IS 'Body that fails now (NULL when missing).';
COMMENT ON COLUMN raw.parse_carried.error IS 'Parse error of the latest attempt.';
